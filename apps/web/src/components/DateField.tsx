import type { FocusEvent, KeyboardEvent } from 'react';
import type { DatePicker as AntDatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { parseIsoDate } from '@portal/contract/passengers/dates';

const ISO = 'YYYY-MM-DD';

export interface DateFieldProps {
  /** 'YYYY-MM-DD', or empty. */
  value?: string;
  onChange?: (value: string) => void;
  /**
   * Reads text the picker itself does not take (it takes its `format`): e.g. a birthday pasted as 05MAR85, a departure
   * typed as 29NOV. Returns 'YYYY-MM-DD' or null (the value then stays as it was).
   */
  parseTyped?: (text: string) => string | null;
  /** Where the calendar opens when the field is empty. */
  defaultPickerValue?: string;
  /** The days the calendar offers, 'YYYY-MM-DD' (both ends included); any when absent. */
  min?: string;
  max?: string;
  /** How the date is shown (dayjs tokens); yyyy-mm-dd when absent. */
  format?: string;
  allowClear?: boolean;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
  /** Focused (and open) on mounting: taking over from the light field the user was in (flight/TravelDatePicker.tsx). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/**
 * A calendar date kept as 'YYYY-MM-DD' (never a Date: a time zone could move it), picked or typed. Shared by the
 * passenger forms (booking, frequent passengers, through DateInput.tsx) and the flight search
 * (components/flight/TravelDatePicker.tsx) so a date typed as on a ticket reads the same everywhere: what the picker
 * does not read itself goes to `parseTyped` on leaving the field or on Enter. antd's DatePicker comes as a prop: the
 * flight search loads it after its form is drawn (components/light/widgets.ts).
 */
export function DateField({
  DatePicker,
  value,
  onChange,
  parseTyped,
  defaultPickerValue,
  min,
  max,
  format = ISO,
  ...rest
}: DateFieldProps & { DatePicker: typeof AntDatePicker }) {
  const iso = value ? parseIsoDate(value) : null;
  const commitTyped = (input: HTMLInputElement) => {
    const typed = input.value?.trim();
    if (!typed || !parseTyped || typed === value) return;
    const read = parseTyped(typed);
    if (read && read !== value) onChange?.(read);
  };
  return (
    <DatePicker
      {...rest}
      style={{ width: '100%' }}
      format={format}
      value={iso ? dayjs(iso, ISO) : null}
      defaultPickerValue={defaultPickerValue ? dayjs(defaultPickerValue, ISO) : undefined}
      disabledDate={
        min || max
          ? (d: Dayjs) => {
              const day = d.format(ISO);
              return (!!min && day < min) || (!!max && day > max);
            }
          : undefined
      }
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(ISO) : '')}
      onBlur={(e: FocusEvent<HTMLElement>) => commitTyped(e.target as HTMLInputElement)}
      onKeyDown={(e: KeyboardEvent<HTMLElement>) => {
        if (e.key === 'Enter') commitTyped(e.target as HTMLInputElement);
      }}
    />
  );
}

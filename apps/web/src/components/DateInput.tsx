import type { FocusEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { parseIsoDate } from '@portal/contract/passengers/dates';

const ISO = 'YYYY-MM-DD';

interface Props {
  /** 'YYYY-MM-DD', or empty. */
  value?: string;
  onChange?: (value: string) => void;
  /**
   * Reads text the picker itself does not take (it takes yyyy-mm-dd): e.g. a birthday pasted as 05MAR85. Returns
   * 'YYYY-MM-DD' or null.
   */
  parseTyped?: (text: string) => string | null;
  /** Where the calendar opens when the field is empty. */
  defaultPickerValue?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
}

/**
 * A calendar date kept as 'YYYY-MM-DD' (never a Date: a time zone could move it), picked or typed. Shared by the
 * passenger forms (booking, frequent passengers) so a date typed as on a ticket reads the same everywhere.
 */
export function DateInput({ value, onChange, parseTyped, defaultPickerValue, ...rest }: Props) {
  const iso = value ? parseIsoDate(value) : null;
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const typed = (e.target as HTMLInputElement).value?.trim();
    if (!typed || !parseTyped || typed === value) return;
    const read = parseTyped(typed);
    if (read && read !== value) onChange?.(read);
  };
  return (
    <DatePicker
      {...rest}
      style={{ width: '100%' }}
      format={ISO}
      value={iso ? dayjs(iso, ISO) : null}
      defaultPickerValue={defaultPickerValue ? dayjs(defaultPickerValue, ISO) : undefined}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(ISO) : '')}
      onBlur={onBlur}
    />
  );
}

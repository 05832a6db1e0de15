import type { FocusEvent, KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { BOOKING_WINDOW_DAYS } from '@portal/contract/api/shopping';
import { parseTravelDate } from '@portal/contract/passengers/dates';

const ISO = 'YYYY-MM-DD';

/** The last day of the booking window: today plus BOOKING_WINDOW_DAYS, as 'YYYY-MM-DD'. */
export const bookingWindowEnd = (today: string): string => dayjs(today, ISO).add(BOOKING_WINDOW_DAYS, 'day').format(ISO);

interface Props {
  /** 'YYYY-MM-DD', or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The booking window: no day before `min` (today, or the previous flight's date) nor after `max`. */
  min: string;
  max: string;
  /** The user's display format (dayjs tokens); typing in it works too. */
  format: string;
  allowClear?: boolean;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
  'aria-label': string;
}

/**
 * A departure date picked from the calendar or typed as agents type it in a GDS: '2026-11-29', '29NOV' (the next
 * 29 November in the window) or '29NOV26'. What the picker does not read itself is read on Enter and on leaving the
 * field; a text that is no date in the window leaves the value as it was.
 */
export function TravelDatePicker({ value, onChange, min, max, format, allowClear = false, ...rest }: Props) {
  const commitTyped = (input: HTMLInputElement) => {
    const typed = input.value.trim();
    if (!typed) return;
    const read = parseTravelDate(typed, min, max);
    if (read && read !== value) onChange(read);
  };
  return (
    <DatePicker
      {...rest}
      value={value ? dayjs(value, ISO) : null}
      format={format}
      allowClear={allowClear}
      style={{ width: '100%' }}
      disabledDate={(d: Dayjs) => {
        const day = d.format(ISO);
        return day < min || day > max;
      }}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(ISO) : null)}
      onBlur={(e: FocusEvent<HTMLElement>) => commitTyped(e.target as HTMLInputElement)}
      onKeyDown={(e: KeyboardEvent<HTMLElement>) => {
        if (e.key === 'Enter') commitTyped(e.target as HTMLInputElement);
      }}
    />
  );
}

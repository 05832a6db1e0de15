import dayjs from 'dayjs';
import { BOOKING_WINDOW_DAYS } from '@portal/contract/api/shopping-constants';
import { parseTravelDate } from '@portal/contract/passengers/dates';
import { DateInput } from '../DateInput';

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
 * 29 November in the window) or '29NOV26'. A text that is no date in the window leaves the value as it was.
 */
export function TravelDatePicker({ value, onChange, min, max, allowClear = false, ...rest }: Props) {
  return (
    <DateInput
      {...rest}
      value={value ?? ''}
      onChange={(date) => onChange(date || null)}
      min={min}
      max={max}
      allowClear={allowClear}
      parseTyped={(text) => parseTravelDate(text, min, max)}
    />
  );
}

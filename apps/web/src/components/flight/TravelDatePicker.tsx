import { useState } from 'react';
import dayjs from 'dayjs';
import { CalendarOutlined } from '@ant-design/icons';
import { BOOKING_WINDOW_DAYS } from '@portal/contract/api/shopping-constants';
import { parseIsoDate, parseTravelDate } from '@portal/contract/passengers/dates';
import { DateField } from '../DateField';
import { LightBox } from '../light/LightBox';
import { useLightField } from '../light/use-light-field';
import { searchWidgets } from '../light/widgets';

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
 *
 * The calendar (antd's DatePicker, through DateField) is loaded when the user first reaches a search field
 * (lib/deferred.ts). Until then a light box shows the date and takes typing; it hands over once the user is not typing
 * in it, and a click on it opens the calendar as soon as it is there.
 */
export function TravelDatePicker({ value, onChange, min, max, allowClear = false, ...rest }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  const parseTyped = (text: string) => parseTravelDate(text, min, max);
  const commit = () => {
    const text = typed?.trim();
    setTyped(null);
    if (!text) return;
    const read = parseTyped(text);
    if (read && read !== value) onChange(read);
  };
  const { module: widgets, focused, clicked, setClicked, handlers } = useLightField(searchWidgets, commit);

  if (widgets && typed === null) {
    return (
      <DateField
        {...rest}
        DatePicker={widgets.DatePicker}
        value={value ?? ''}
        onChange={(date) => onChange(date || null)}
        min={min}
        max={max}
        allowClear={allowClear}
        parseTyped={parseTyped}
        autoFocus={focused}
        defaultOpen={focused && clicked}
      />
    );
  }
  const iso = value ? parseIsoDate(value) : null;
  return (
    <LightBox
      aria-label={rest['aria-label']}
      placeholder={rest.placeholder}
      status={rest.status}
      value={typed ?? (iso ? dayjs(iso, ISO).format(rest.format) : '')}
      suffix={<CalendarOutlined />}
      suffixKind="calendar"
      {...handlers}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      onChange={(e) => {
        // Typing, not a click, is how this user chose: no calendar pops up over the typed date on handing over.
        setClicked(false);
        setTyped(e.target.value);
      }}
    />
  );
}


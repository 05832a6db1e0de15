import { Code } from '@portal/contract/codes';
import type { FieldErrors } from '@portal/contract/passengers/validate';
import { AppError } from '../../plugins/errors.ts';

/**
 * "Today" for a traveller's rules, as the booking takes it: the latest calendar date anywhere (UTC+14), so a baby born
 * today in Beijing is not refused as born in the future while it is still yesterday in UTC.
 */
export const latestToday = (now: Date) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Field errors answered as the booking answers them: the first field's message, every field in `fields`. */
export function fieldsRefusal(fields: FieldErrors): AppError {
  const [first] = Object.values(fields);
  return typeof first === 'string' ? new AppError(Code.VALIDATION, first, {}, fields) : new AppError(Code.VALIDATION, first.key, first.params, fields);
}

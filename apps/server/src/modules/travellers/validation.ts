import { Code } from '@portal/contract/codes';
import type { FieldErrors } from '@portal/contract/passengers/validate';
import { AppError } from '../../plugins/errors.ts';

/** Field errors answered as the booking answers them: the first field's message, every field in `fields`. */
export function fieldsRefusal(fields: FieldErrors): AppError {
  const [first] = Object.values(fields);
  return typeof first === 'string' ? new AppError(Code.VALIDATION, first, {}, fields) : new AppError(Code.VALIDATION, first.key, first.params, fields);
}

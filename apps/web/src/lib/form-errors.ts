import type { FormInstance } from 'antd';
import { ApiError } from './api';

/**
 * Puts the server's field messages (ApiError.fields, keyed by field path such as "roles" or "roles.0") on the
 * matching form fields. Returns the message to show above the form when the error is not about a visible field,
 * or null when the fields already say everything.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  formFields: readonly string[],
  fallback: string,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : fallback;
  const entries = Object.entries(error.fields ?? {});
  const onFields = entries
    .map(([path, message]) => ({ name: path.split('.')[0], message }))
    .filter(({ name }) => formFields.includes(name));
  form.setFields(onFields.map(({ name, message }) => ({ name, errors: [message] })));
  if (entries.length > 0 && onFields.length === entries.length) return null;
  return error.message || fallback;
}

import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api';

export interface FieldErrorOptions {
  /** A body that nests the form's values under a group ("flight.airlines.0" for a form field 'airlines'). */
  prefix?: string;
  /** Body paths whose form field has another name or shape ("markup.value" is edited as 'markupValue'). */
  aliases?: Record<string, string>;
}

/** The longest of `candidates` that is `path` itself or a parent of it. */
function owner(path: string, candidates: readonly string[]): string | undefined {
  return candidates.filter((c) => path === c || path.startsWith(`${c}.`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Puts the server's field messages on the form, including nested fields ("superUser.username" lands on the field
 * named ['superUser', 'username']; "allowedHosts.2" on 'allowedHosts'). `fields` lists the form's field paths in dotted
 * form. Returns the message to show above the form when something is not about a visible field, else null.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  fallback: string,
  { prefix = '', aliases = {} }: FieldErrorOptions = {},
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : fallback;
  const entries = Object.entries(error.fields ?? {});
  const placed = entries.flatMap(([fullPath, message]) => {
    let path = prefix && fullPath.startsWith(`${prefix}.`) ? fullPath.slice(prefix.length + 1) : fullPath;
    const alias = owner(path, Object.keys(aliases));
    if (alias) path = aliases[alias];
    const field = owner(path, fields);
    return field ? [{ name: field.split('.'), errors: [message] }] : [];
  });
  form.setFields(placed);
  if (entries.length > 0 && placed.length === entries.length) return null;
  return error.message || fallback;
}

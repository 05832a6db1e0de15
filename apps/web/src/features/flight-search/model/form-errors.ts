import type { TFunction } from 'i18next';
import type { SearchErrors } from './validate-search';

export interface SearchFormErrors {
  /** The message for one field path: the server's first, else the client check's, translated. */
  errorOf(path: string): string | undefined;
  /** The first passenger-count message (the picker shows one line for all three counts). */
  passengerError: string | undefined;
  /** Messages no field shows (journey-level rules, the server's own message), without repeats. */
  general: string[];
}

/**
 * Merges client-side checks and the server's field errors the same way for every search form, so a rule the server
 * enforces lands on the same field the client would have used.
 */
export function searchFormErrors(
  t: TFunction,
  clientErrors: SearchErrors,
  serverErrors: Record<string, string>,
  serverMessage: string | null | undefined,
  shownOnField: (path: string) => boolean,
): SearchFormErrors {
  const errorOf = (path: string): string | undefined => {
    if (serverErrors[path]) return serverErrors[path];
    const e = clientErrors[path];
    return e ? t(e.key, e.params ?? {}) : undefined;
  };
  const passengerError = Object.keys({ ...clientErrors, ...serverErrors })
    .filter((p) => p.startsWith('passengers'))
    .map(errorOf)
    .find(Boolean);
  const general = [
    ...new Set([
      ...Object.keys(clientErrors).filter((p) => !shownOnField(p)).map(errorOf),
      ...Object.entries(serverErrors).filter(([p]) => !shownOnField(p)).map(([, m]) => m),
      ...(serverMessage ? [serverMessage] : []),
    ]),
  ].filter(Boolean) as string[];
  return { errorOf, passengerError, general };
}

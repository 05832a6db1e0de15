/**
 * Account settings' plain values (issue 14, page weight): without zod, so the web's formatting helpers do not download
 * the schema library with them. api/auth.ts re-exports them.
 */
export const DATE_FORMATS = ['yyyy-MM-dd', 'yyyy/MM/dd', 'dd/MM/yyyy', 'MM/dd/yyyy', 'dd-MM-yyyy', 'dd MMM yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'yyyy-MM-dd';
export const DEFAULT_REGION = '86';

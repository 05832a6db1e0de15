import { z } from 'zod';
import { PASSENGER_TYPES } from './shopping.ts';

/**
 * A group's passenger list (issue 12, spec points 5 and 9): after the final payment the agency fills the portal's
 * workbook template (one row per traveller, the booking passenger fields), uploads it, corrects and re-uploads until it
 * confirms the list; a confirmed list cannot change, and ticketing then issues one ticket per traveller.
 *
 * GET  /order/v2/flight/group/orders/{id}/names/template      the workbook (the current list filled in, if any)
 * PUT  /order/v2/flight/group/orders/{id}/names               multipart field `file`: an .xlsx; replaces the list
 * POST /order/v2/flight/group/orders/{id}/names/confirmation  fixes the list (-> ticketing)
 */

/** Spec point 5 names the format (xlsx) but no size; a 99-row list is ~20 KB, so 2 MB (the app's upload limit) is ample. */
export const MAX_NAMES_FILE_BYTES = 2 * 1024 * 1024;
/** Rows read past the header: a group has at most 99 travellers plus infants; more is not a passenger list. */
export const MAX_NAMES_ROWS = 200;

/**
 * The template's columns, in order. `field` is the booking passenger's field path (the shared validation module's
 * path), so a row's error lands on its column. The header text is the message `group.names.column.<key>`.
 */
export const GROUP_NAMES_COLUMNS = [
  { key: 'type', field: 'type', required: true },
  { key: 'surname', field: 'surname', required: true },
  { key: 'givenNames', field: 'given_names', required: true },
  { key: 'gender', field: 'gender', required: true },
  { key: 'birthday', field: 'birthday', required: true },
  { key: 'nationality', field: 'nationality', required: true },
  { key: 'documentType', field: 'travel_document.type', required: true },
  { key: 'documentNumber', field: 'travel_document.number', required: true },
  { key: 'expiryDate', field: 'travel_document.expiryDate', required: false },
  { key: 'issuingCountry', field: 'travel_document.issuingCountry', required: false },
  { key: 'frequentFlyerAirline', field: 'frequentFlyer.airline', required: false },
  { key: 'frequentFlyerNumber', field: 'frequentFlyer.number', required: false },
] as const;
export type GroupNamesColumnKey = (typeof GROUP_NAMES_COLUMNS)[number]['key'];

/** The spreadsheet letter of a 0-based column index (A, B, ..., Z, AA). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export const GROUP_NAMES_STATUSES = ['not_uploaded', 'uploaded', 'confirmed'] as const;
export type GroupNamesStatus = (typeof GROUP_NAMES_STATUSES)[number];

export const GroupNamePassenger = z.object({
  /** The workbook row it came from (2 = the first row under the header). */
  row: z.number().int(),
  type: z.enum(PASSENGER_TYPES),
  surname: z.string(),
  given_names: z.string(),
  gender: z.enum(['male', 'female']),
  birthday: z.string(),
  nationality: z.string(),
  travel_document: z.object({
    type: z.string(),
    /** Masked but the last 4 characters (the list is read by the whole agency and the desk). */
    number: z.string(),
    expiryDate: z.string().nullable(),
    issuingCountry: z.string().nullable(),
  }),
  frequentFlyer: z.object({ airline: z.string(), number: z.string() }).nullable(),
  /** Set once ticketing issued it. */
  ticketNumber: z.string().nullable(),
});
export type GroupNamePassenger = z.infer<typeof GroupNamePassenger>;

export const GroupNames = z.object({
  status: z.enum(GROUP_NAMES_STATUSES),
  uploadedAt: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** What the list must hold: seated travellers (adults + children, the quote's seats) and infants. */
  expected: z.object({ seats: z.number().int(), infants: z.number().int() }),
  passengers: z.array(GroupNamePassenger),
});
export type GroupNames = z.infer<typeof GroupNames>;

/**
 * One problem of an uploaded list, where the agent finds it: the workbook row and column (null for a rule over the
 * whole list, e.g. the count), the field, and the message in the reader's language (key and params for clients that
 * translate themselves).
 */
export const GroupNamesProblem = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  field: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type GroupNamesProblem = z.infer<typeof GroupNamesProblem>;

/** `data` of the refusal of a list with wrong rows (code VALIDATION, HTTP 400): nothing was stored. */
export const GroupNamesRefusal = z.object({ problems: z.array(GroupNamesProblem) });
export type GroupNamesRefusal = z.infer<typeof GroupNamesRefusal>;

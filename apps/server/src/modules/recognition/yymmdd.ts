import { parseIsoDate } from '@portal/contract/passengers/dates';

/**
 * MRZ dates are YYMMDD. A birth date cannot lie in the future, so a two-digit year above today's is the 1900s; an
 * expiry date lies at most a few decades ahead and passports are not issued for more than ten years, so it is always
 * the 2000s (a 19xx expiry would be a document that ran out before this system existed).
 */
export function birthDateFrom(yymmdd: string, today: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const at = (century: string) => parseIsoDate(`${century}${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`);
  const recent = at('20');
  if (recent === null) return at('19');
  return recent <= today ? recent : at('19');
}

export function expiryDateFrom(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  return parseIsoDate(`20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`);
}

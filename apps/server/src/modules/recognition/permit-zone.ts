import { fieldConfidence, spanConfidence } from './confidence.ts';
import { icaoCheckDigit } from './check-digit.ts';
import type { ZoneReading } from './mrz-answer.ts';
import { permitTypeOf } from './permit-type.ts';
import type { Fields, OcrLine } from './types.ts';
import { birthDateFrom, expiryDateFrom } from './yymmdd.ts';

/**
 * The one-line zone of the mainland's card permits (往来港澳通行证 since 2014, 往来台湾通行证 since 2017), which
 * the `mrz` package does not know. 30 characters:
 *   0-1 document code (CS, CD), 2-10 number, 11 its check digit, 12 '<', 13-18 expiry YYMMDD, 19 check, 20 '<',
 *   21-26 birth date YYMMDD, 27 check, 28 '<', 29 a check digit over the three fields and their check digits.
 * Check digits are ICAO 9303's (7-3-1). The names are on the card's other lines, GBK-coded, and not read here.
 * The layout is read from published card samples and open-source readers, not from an official specification:
 * only the number's check digit (or the composite) anchors a reading, so a wrong guess about the last position
 * costs confidence, never a wrong answer.
 */
export function readPermitLine(line: OcrLine, today: string): ZoneReading | null {
  const t = line.text;
  if (t.length !== 30 || !/^C[A-Z]/.test(t)) return null;
  const number = t.slice(2, 11).replace(/</g, '');
  const holds = (from: number, to: number, at: number) => icaoCheckDigit(t.slice(from, to)) === t[at];
  const numberCheck = holds(2, 11, 11);
  const expiryCheck = holds(13, 19, 19);
  const birthCheck = holds(21, 27, 27);
  const composite = icaoCheckDigit(t.slice(2, 12) + t.slice(13, 20) + t.slice(21, 28)) === t[29];
  const conf = (s: number, e: number) => spanConfidence(line.confidences, s, e);
  const fields: Fields = {};
  const put = (key: keyof Fields, value: string | null, ocr: number, check: boolean | null) => {
    if (value) fields[key] = { value, confidence: fieldConfidence(ocr, check) };
  };
  put('documentNumber', number, conf(2, 12), numberCheck);
  put('expiryDate', expiryDateFrom(t.slice(13, 19)), conf(13, 20), expiryCheck);
  put('birthday', birthDateFrom(t.slice(21, 27), today), conf(21, 28), birthCheck);
  put('documentType', permitTypeOf(t.slice(0, 2), number), conf(0, 12), numberCheck);
  // Only the People's Republic issues these permits, to its own citizens.
  put('nationality', 'CN', conf(0, 2), null);
  put('issuingCountry', 'CN', conf(0, 2), null);
  const score = [numberCheck, expiryCheck, birthCheck, composite].filter(Boolean).length;
  return { source: 'permit', fields, anchored: numberCheck || composite, score };
}

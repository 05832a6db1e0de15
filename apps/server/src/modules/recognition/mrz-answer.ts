import { parse, type Details, type ParseResult } from 'mrz';
import { isValidDocumentNumber } from '@portal/contract/passengers/documents';
import { fieldConfidence, spanConfidence } from './confidence.ts';
import { countryOf } from './country.ts';
import { permitTypeOf } from './permit-type.ts';
import { fitLength, repairByTemplate, repairFillers, TEMPLATES } from './mrz-lines.ts';
import type { Fields, OcrLine } from './types.ts';
import { birthDateFrom, expiryDateFrom } from './yymmdd.ts';

export type IcaoFormat = 'TD1' | 'TD2' | 'TD3';
const LENGTHS: Record<IcaoFormat, number> = { TD1: 30, TD2: 36, TD3: 44 };

export interface ZoneReading {
  source: IcaoFormat | 'permit' | 'idcard';
  fields: Fields;
  /** Whether the document number's or the composite check digit held: without one, nothing read is trusted. */
  anchored: boolean;
  /** Check digits that held, to choose between readings of the same image. */
  score: number;
}

/** Lines of an OCR result shaped and repaired for one layout, or null when their lengths are too far off. */
export function shapeZone(lines: readonly OcrLine[], format: IcaoFormat | 'permit'): OcrLine[] | null {
  const length = format === 'permit' ? 30 : LENGTHS[format];
  const templates: readonly string[] = TEMPLATES[format];
  const names = templates.map((t) => /^A+$/.test(t));
  const repaired = lines.map((l, i) => repairFillers(l, names[i]));
  // A name line ends in fillers, of which OCR often loses several; a data line has few to lose.
  const fits = (l: OcrLine, i: number) => l.text.length <= length + 4 && l.text.length >= length - (names[i] ? 12 : 4);
  if (!repaired.every(fits)) return null;
  return repaired.map((l, i) => repairByTemplate(fitLength(l, length), templates[i]));
}

const detail = (r: ParseResult, field: string) => r.details.find((d: Details) => d.field === field);

/** Reads 2 or 3 shaped lines as an ICAO zone with the `mrz` package (its check digits), and maps them to form fields. */
export function readIcaoZone(lines: readonly OcrLine[], format: IcaoFormat, today: string): ZoneReading | null {
  let result: ParseResult;
  try {
    result = parse(lines.map((l) => l.text));
  } catch {
    return null;
  }
  if (result.format !== format) return null;
  const conf = (d: Details | undefined) => {
    if (!d) return 0;
    const r = d.ranges[0];
    return spanConfidence(lines[r.line].confidences, r.start, r.end);
  };
  const raw = (d: Details | undefined) => {
    const r = d?.ranges[0];
    return r ? lines[r.line].text.slice(r.start, r.end) : '';
  };
  const checked = (name: string) => detail(result, `${name}CheckDigit`)?.valid ?? null;
  const fields: Fields = {};
  const put = (key: keyof Fields, value: string | null, ocr: number, check: boolean | null) => {
    if (value) fields[key] = { value, confidence: fieldConfidence(ocr, check) };
  };

  const numberDetail = detail(result, 'documentNumber');
  // TD1 numbers longer than 9 characters continue in the optional field; the package joins them (result.documentNumber).
  const number = result.documentNumber ?? raw(numberDetail).replace(/<+$/g, '').replace(/</g, '');
  const numberCheck = checked('documentNumber');
  const compositeCheck = detail(result, 'compositeCheckDigit')?.valid ?? null;
  put('documentNumber', number, conf(numberDetail), numberCheck);

  const surname = raw(detail(result, 'lastName')).split('<<')[0].replace(/</g, ' ').trim();
  const nameLine = raw(detail(result, 'lastName'));
  const given = nameLine.includes('<<') ? nameLine.slice(nameLine.indexOf('<<') + 2).replace(/</g, ' ').replace(/\s+/g, ' ').trim() : '';
  const nameConf = conf(detail(result, 'lastName'));
  put('surname', surname, nameConf, null);
  put('given_names', given, nameConf, null);

  const sex = raw(detail(result, 'sex'));
  if (sex === 'M' || sex === 'F') put('gender', sex === 'M' ? 'male' : 'female', conf(detail(result, 'sex')), null);

  put('birthday', birthDateFrom(raw(detail(result, 'birthDate')), today), conf(detail(result, 'birthDate')), checked('birthDate'));
  put('expiryDate', expiryDateFrom(raw(detail(result, 'expirationDate'))), conf(detail(result, 'expirationDate')), checked('expirationDate'));

  const issuing = raw(detail(result, 'issuingState'));
  put('issuingCountry', countryOf(issuing), conf(detail(result, 'issuingState')), null);
  put('nationality', countryOf(raw(detail(result, 'nationality'))), conf(detail(result, 'nationality')), null);

  const code = raw(detail(result, 'documentCode'));
  const type = code.startsWith('P') ? (issuing === 'CHN' && isValidDocumentNumber('chinese-passport', number) ? 'chinese-passport' : 'passport') : permitTypeOf(code, number);
  // A foreign identity card (TD1/TD2 'I' or 'A') is no document type the booking knows: its number stays, the type is
  // the agent's to choose.
  if (type) put('documentType', type, conf(detail(result, 'documentCode')), numberCheck);

  const score = result.details.filter((d) => d.field?.endsWith('CheckDigit') && d.valid).length;
  return { source: format, fields, anchored: numberCheck === true || compositeCheck === true, score };
}

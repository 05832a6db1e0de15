import type { DocumentRecognition, RecognisedFieldName } from '@portal/contract/api/travellers';
import { GENDERS } from '@portal/contract/api/flight-orders';
import { isCountryCode } from '@portal/contract/countries';
import { normalizeDocumentNumber, normalizeDocumentType } from '@portal/contract/passengers/documents';
import { parseIsoDate } from '@portal/contract/passengers/dates';
import { upperLatin } from '../../lib/upper-latin';

/**
 * Turning a document recognition answer into form fields, for any passenger form (the frequent passenger modal, the
 * booking form): the caller says where each recognised field goes, this says what to write there and which fields the
 * agent must check. Pure, so it is tested without a form.
 */

/** antd name path of a form field, e.g. ['passengers', 0, 'travel_document', 'number']. */
export type FieldPath = (string | number)[];

/** Where each recognised field goes in the caller's form; a field left out is not filled. */
export type RecognitionPaths = Partial<Record<RecognisedFieldName, FieldPath>>;

export interface FilledField {
  name: FieldPath;
  value: string;
  /** Read below the certainty threshold or with a failed check digit: show "Check this field". */
  uncertain: boolean;
}

/** Each value in the form's own shape (codes and yyyy-mm-dd), or null when it cannot be one (then it is not filled). */
function formValue(field: RecognisedFieldName, raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  switch (field) {
    case 'surname':
    case 'given_names':
      return upperLatin(v.replace(/\s+/g, ' '));
    case 'gender': {
      const g = v.toLowerCase();
      const read = g === 'm' ? 'male' : g === 'f' ? 'female' : g;
      return (GENDERS as readonly string[]).includes(read) ? read : null;
    }
    case 'birthday':
    case 'expiryDate':
      return parseIsoDate(v);
    case 'nationality':
    case 'issuingCountry':
      return isCountryCode(v.toUpperCase()) ? v.toUpperCase() : null;
    case 'documentType':
      return normalizeDocumentType(v);
    case 'documentNumber':
      return normalizeDocumentNumber(v);
  }
}

/**
 * The fields to write from a recognition answer. A field the answer lacks, or whose value does not fit the form, is
 * left as the agent had it (never a half-filled wrong value); the fields are in the order of `paths`.
 */
export function recognitionFill(answer: Pick<DocumentRecognition, 'fields' | 'uncertain'>, paths: RecognitionPaths): FilledField[] {
  const uncertain = new Set(answer.uncertain);
  const out: FilledField[] = [];
  for (const [field, name] of Object.entries(paths) as [RecognisedFieldName, FieldPath][]) {
    const read = answer.fields[field];
    if (!read || !name) continue;
    const value = formValue(field, read.value);
    if (value === null) continue;
    out.push({ name, value, uncertain: uncertain.has(field) });
  }
  return out;
}

/** Where the frequent passenger form keeps each field, its document `index` receiving the document's fields. */
export function travellerRecognitionPaths(index: number): RecognitionPaths {
  return {
    surname: ['surname'],
    given_names: ['given_names'],
    gender: ['gender'],
    birthday: ['birthday'],
    nationality: ['nationality'],
    documentType: ['travel_documents', index, 'type'],
    documentNumber: ['travel_documents', index, 'number'],
    expiryDate: ['travel_documents', index, 'expiryDate'],
    issuingCountry: ['travel_documents', index, 'issuingCountry'],
  };
}

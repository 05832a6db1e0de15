import { describe, expect, it } from 'vitest';
import type { DocumentRecognition, RecognisedFieldName } from '@portal/contract/api/travellers';
import { recognitionFill } from './recognition-fill';

function reading(fields: Partial<Record<RecognisedFieldName, string | [string, number]>>, uncertain: RecognisedFieldName[] = []): DocumentRecognition {
  return {
    source: 'TD3',
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? { value: v[0], confidence: v[1] } : { value: v, confidence: 0.99 }])),
    uncertain,
    imageId: null,
    elapsedMs: 900,
  };
}

const PASSPORTS = ['passport', 'chinese-passport'];

describe('recognitionFill', () => {
  it('maps every field of a passport to the card, the document as a whole', () => {
    const fill = recognitionFill(
      reading({
        surname: 'zhang',
        given_names: 'san  ming',
        gender: 'M',
        birthday: '1985-03-05',
        nationality: 'cn',
        documentType: 'passport',
        documentNumber: 'e 1234 5678',
        expiryDate: '2035-01-01',
        issuingCountry: 'CN',
      }),
      PASSPORTS,
      'chinese-passport',
    );
    expect(fill).toEqual({
      ok: true,
      values: {
        surname: 'ZHANG',
        given_names: 'SAN MING',
        gender: 'male',
        birthday: '1985-03-05',
        nationality: 'CN',
        travel_document: { type: 'passport', number: 'E12345678', expiryDate: '2035-01-01', issuingCountry: 'CN' },
      },
      uncertain: [],
      refusedType: null,
    });
  });

  it('marks the uncertain fields and the ones below the confidence threshold, as card paths', () => {
    const fill = recognitionFill(
      reading({ surname: 'ZHANG', given_names: ['SAN', 0.5], documentNumber: 'E12345678', birthday: '1985-03-05' }, ['documentNumber']),
      PASSPORTS,
      'passport',
    );
    expect(fill.ok && fill.uncertain.sort()).toEqual(['given_names', 'travel_document.number']);
    // No type read: the card's own type stays, and the document is replaced as a whole (no stale expiry).
    expect(fill.ok && fill.values.travel_document).toEqual({ type: 'passport', number: 'E12345678', expiryDate: undefined, issuingCountry: undefined });
  });

  it('a value the form cannot hold is not filled: its field is cleared and marked', () => {
    const fill = recognitionFill(reading({ surname: 'ZHANG', birthday: '1985-02-30', nationality: 'CHN', gender: 'X' }), PASSPORTS);
    expect(fill.ok).toBe(true);
    if (!fill.ok) return;
    expect(fill.values).toEqual({ surname: 'ZHANG', birthday: undefined, nationality: undefined, gender: undefined });
    expect('birthday' in fill.values).toBe(true);
    expect(fill.uncertain.sort()).toEqual(['birthday', 'gender', 'nationality']);
  });

  it('a document type the fare does not take: the person is filled, the document is not', () => {
    const fill = recognitionFill(reading({ surname: 'LI', given_names: 'LEI', documentType: 'idcard', documentNumber: '11010519491231002X' }, ['documentNumber']), PASSPORTS, 'passport');
    expect(fill).toEqual({ ok: true, values: { surname: 'LI', given_names: 'LEI' }, uncertain: [], refusedType: 'idcard' });
  });

  it('an ID card has no expiry on the form', () => {
    const fill = recognitionFill(reading({ documentType: 'idcard', documentNumber: '11010519491231002X', expiryDate: '2040-01-01' }, ['expiryDate']), ['idcard', 'passport']);
    expect(fill.ok && fill.values.travel_document).toEqual({ type: 'idcard', number: '11010519491231002X', expiryDate: undefined, issuingCountry: undefined });
    expect(fill.ok && fill.uncertain).toEqual([]);
  });

  it('nothing usable read: a failure, so the card is left as it was', () => {
    expect(recognitionFill(reading({}), PASSPORTS)).toEqual({ ok: false });
    expect(recognitionFill(reading({ surname: '  ', birthday: 'garbage' }), PASSPORTS)).toEqual({ ok: false });
  });
});

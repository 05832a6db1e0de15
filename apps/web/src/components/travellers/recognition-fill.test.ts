import { describe, expect, it } from 'vitest';
import type { DocumentRecognition } from '@portal/contract/api/travellers';
import { recognitionFill, travellerRecognitionPaths } from './recognition-fill';

const read = (value: string, confidence = 0.95) => ({ value, confidence });

describe('recognitionFill', () => {
  it('writes each recognised field to its path in the form shape, marking the uncertain ones', () => {
    const answer: Pick<DocumentRecognition, 'fields' | 'uncertain'> = {
      fields: {
        surname: read('zhang'),
        given_names: read('san  feng'),
        gender: read('M'),
        birthday: read('1985-03-05'),
        nationality: read('cn'),
        documentType: read('PASSPORT'),
        documentNumber: read('e1234 5678', 0.6),
        expiryDate: read('2031-01-02'),
        issuingCountry: read('CN'),
      },
      uncertain: ['documentNumber'],
    };
    expect(recognitionFill(answer, travellerRecognitionPaths(1))).toEqual([
      { name: ['surname'], value: 'ZHANG', uncertain: false },
      { name: ['given_names'], value: 'SAN FENG', uncertain: false },
      { name: ['gender'], value: 'male', uncertain: false },
      { name: ['birthday'], value: '1985-03-05', uncertain: false },
      { name: ['nationality'], value: 'CN', uncertain: false },
      { name: ['travel_documents', 1, 'type'], value: 'passport', uncertain: false },
      { name: ['travel_documents', 1, 'number'], value: 'E12345678', uncertain: true },
      { name: ['travel_documents', 1, 'expiryDate'], value: '2031-01-02', uncertain: false },
      { name: ['travel_documents', 1, 'issuingCountry'], value: 'CN', uncertain: false },
    ]);
  });

  it('leaves out what the answer lacks, what does not fit the form, and fields the caller has no place for', () => {
    const answer = {
      fields: { surname: read('LI'), gender: read('X'), birthday: read('1985-02-30'), nationality: read('ZZZ'), documentType: read('library card') },
      uncertain: [],
    } satisfies Pick<DocumentRecognition, 'fields' | 'uncertain'>;
    expect(recognitionFill(answer, travellerRecognitionPaths(0))).toEqual([{ name: ['surname'], value: 'LI', uncertain: false }]);
    expect(recognitionFill(answer, { given_names: ['given_names'] })).toEqual([]);
  });

  it('fills any form the caller describes (the booking form keeps its fields per passenger)', () => {
    const answer = { fields: { documentNumber: read('110101199003074477') }, uncertain: [] } satisfies Pick<DocumentRecognition, 'fields' | 'uncertain'>;
    expect(recognitionFill(answer, { documentNumber: ['passengers', 2, 'travel_document', 'number'] })).toEqual([
      { name: ['passengers', 2, 'travel_document', 'number'], value: '110101199003074477', uncertain: false },
    ]);
  });
});

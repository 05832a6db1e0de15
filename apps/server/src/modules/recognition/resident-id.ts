import { isValidDocumentNumber, isValidResidentId, residentIdFacts } from '@portal/contract/passengers/documents';
import { fieldConfidence, spanConfidence } from './confidence.ts';
import type { ZoneReading } from './mrz-answer.ts';
import type { OcrLine } from './types.ts';

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };

/**
 * A mainland resident identity card has no zone: its 18-character number (GB 11643) is printed on the front, the
 * names in Chinese characters, which the English model cannot read and the form does not need from here. The number
 * carries birth date and sex, and its MOD 11-2 check character anchors the reading as a zone's check digit would.
 */
export function readResidentId(lines: readonly OcrLine[]): ZoneReading | null {
  for (const line of lines) {
    const chars = [...line.text.toUpperCase()];
    for (let start = 0; start + 18 <= chars.length; start++) {
      const window = chars.slice(start, start + 18);
      const body = window.slice(0, 17).map((c) => TO_DIGIT[c] ?? c).join('');
      const last = window[17] === 'x' ? 'X' : (TO_DIGIT[window[17]] ?? window[17]);
      const number = body + last;
      if (!isValidResidentId(number)) continue;
      const facts = residentIdFacts(number)!;
      const ocr = spanConfidence(line.confidences, start, start + 18);
      const c = fieldConfidence(ocr, true);
      const type = isValidDocumentNumber('idcard', number) ? 'idcard' : isValidDocumentNumber('rphmt', number) ? 'rphmt' : null;
      if (!type) continue;
      return {
        source: 'idcard',
        anchored: true,
        score: 1,
        fields: {
          documentNumber: { value: number, confidence: c },
          documentType: { value: type, confidence: c },
          birthday: { value: facts.birthday, confidence: c },
          gender: { value: facts.gender, confidence: c },
          // A residence permit (81/82/83) is held by HK, Macao and Taiwan residents: nationality is theirs to say.
          ...(type === 'idcard' ? { nationality: { value: 'CN', confidence: c }, issuingCountry: { value: 'CN', confidence: c } } : {}),
        },
      };
    }
  }
  return null;
}

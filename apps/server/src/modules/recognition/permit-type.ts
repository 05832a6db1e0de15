import { isValidDocumentNumber } from '@portal/contract/passengers/documents';

/**
 * The mainland's permits write document codes starting with 'C' (CS for the HK/Macao permit, CD for the Taiwan
 * one); which permit it is shows most reliably in the number's own format (passengers/documents.ts), so the number
 * decides and the code only breaks a tie.
 */
export function permitTypeOf(code: string, number: string): 'eep' | 'tphm' | 'tptw' | null {
  if (!code.startsWith('C')) return null;
  if (isValidDocumentNumber('eep', number)) return 'eep';
  if (isValidDocumentNumber('tphm', number)) return 'tphm';
  if (code.startsWith('CD') && isValidDocumentNumber('tptw', number)) return 'tptw';
  return null;
}

import type { DocumentRecognition, RecognisedField, RecognisedFieldName } from '@portal/contract/api/travellers';

/** One line of OCR text with spaces removed, and tesseract's confidence (0..1) for each of its characters. */
export interface OcrLine {
  text: string;
  confidences: number[];
}

/** What was read from one image, before the route adds imageId and elapsedMs. */
export type Reading = Pick<DocumentRecognition, 'source' | 'fields' | 'uncertain'>;

export type Fields = Partial<Record<RecognisedFieldName, RecognisedField>>;

import type { OcrLine } from './types.ts';

/** OCR lines as tesseract would give them, every character read with the same confidence (tests only). */
export const ocrLines = (text: string, confidence = 0.95): OcrLine[] =>
  text.split('\n').map((t) => ({ text: t.replace(/\s+/g, ''), confidences: [...t.replace(/\s+/g, '')].map(() => confidence) }));

import { RECOGNITION_CERTAIN } from '@portal/contract/api/travellers';
import type { Fields } from './types.ts';

/**
 * A check digit that holds catches 9 wrong readings in 10 (any single wrong character, most swaps), so it lifts the
 * OCR's own confidence by that much; one that fails means some character of the field is wrong, whatever the OCR
 * thought, so the field is at most a coin toss. Fields without a check digit (names, sex, countries) keep the OCR's
 * own confidence: nothing else vouches for them.
 */
export function fieldConfidence(ocr: number, check: boolean | null): number {
  const c = Math.max(0, Math.min(1, ocr));
  if (check === true) return round(1 - (1 - c) * 0.1);
  if (check === false) return round(Math.min(0.5, c * 0.5));
  return round(c);
}

/** Lowest confidence over the characters [start, end) of a line: one doubtful character makes the field doubtful. */
export function spanConfidence(confidences: readonly number[], start: number, end: number): number {
  const span = confidences.slice(start, end);
  return span.length ? Math.min(...span) : 0;
}

export const uncertainOf = (fields: Fields) =>
  (Object.keys(fields) as (keyof Fields)[]).filter((k) => (fields[k]?.confidence ?? 0) < RECOGNITION_CERTAIN);

const round = (x: number) => Math.round(x * 1000) / 1000;

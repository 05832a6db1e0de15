import { uncertainOf } from './confidence.ts';
import { readIcaoZone, shapeZone, type IcaoFormat, type ZoneReading } from './mrz-answer.ts';
import { zoneCandidates } from './mrz-lines.ts';
import { readPermitLine } from './permit-zone.ts';
import { readResidentId } from './resident-id.ts';
import type { Fields, OcrLine, Reading } from './types.ts';

const GROUPS: [IcaoFormat, number][] = [['TD3', 2], ['TD2', 2], ['TD1', 3]];

/**
 * Every way the page's zone-like lines can be read (each run of 2 or 3 adjacent lines as each layout, each single
 * line as a permit zone), the ones anchored by a check digit, the best first.
 */
export function zoneReadings(lines: readonly OcrLine[], today: string): ZoneReading[] {
  const candidates = zoneCandidates(lines);
  const readings: ZoneReading[] = [];
  for (const [format, count] of GROUPS) {
    for (let i = 0; i + count <= candidates.length; i++) {
      const shaped = shapeZone(candidates.slice(i, i + count), format);
      const reading = shaped && readIcaoZone(shaped, format, today);
      if (reading?.anchored) readings.push(reading);
    }
  }
  for (const line of candidates) {
    const shaped = shapeZone([line], 'permit');
    const reading = shaped && readPermitLine(shaped[0], today);
    if (reading?.anchored) readings.push(reading);
  }
  return readings.sort((a, b) => b.score - a.score);
}

/**
 * The document on a page of OCR text, or null when nothing is anchored by a check digit: a half-read zone is never
 * answered, since a form filled with a plausible wrong passenger is worse than an empty one.
 */
export function readDocumentText(lines: readonly OcrLine[], today: string): Reading | null {
  const best = zoneReadings(lines, today)[0] ?? readResidentId(lines);
  if (!best) return null;
  const fields = confirmNames(best.fields, lines);
  return { source: best.source, fields, uncertain: uncertainOf(fields) };
}

/** Below RECOGNITION_CERTAIN: the agent checks a name the page's printed text did not confirm. */
const UNCONFIRMED = 0.7;

/**
 * Names have no check digit, and the OCR is as sure of a misread I as of a right one. The data page prints the names
 * again outside the zone: a name found there as well was read twice alike and is kept; one not found is marked for
 * the agent to check.
 */
function confirmNames(fields: Fields, lines: readonly OcrLine[]): Fields {
  const printed = lines.filter((l) => !l.text.includes('<')).map((l) => l.text.toUpperCase().replace(/[^A-Z]/g, '')).join('|');
  const out = { ...fields };
  for (const key of ['surname', 'given_names'] as const) {
    const f = out[key];
    if (!f) continue;
    const confirmed = printed.includes(f.value.replace(/[^A-Z]/g, ''));
    out[key] = { value: f.value, confidence: confirmed ? f.confidence : Math.min(f.confidence, UNCONFIRMED) };
  }
  return out;
}

import type { OcrLine } from './types.ts';

/**
 * Turning OCR lines into machine-readable-zone lines. The zone's font (OCR-B) is read by a general English model, so
 * the usual confusions are repaired by position: every position of every layout is either a digit, a letter (or the
 * filler '<'), or either. Layouts: ICAO Doc 9303 part 4 (TD3, 2 x 44), part 5 (TD1, 3 x 30), part 6 (TD2, 2 x 36),
 * and the mainland's HK/Macao and Taiwan travel permits' one-line zone of 30 (see permit-zone.ts).
 */

/** N digit, A letter or '<', X anything. */
export type Template = string;
const rep = (c: string, n: number) => c.repeat(n);

export const TEMPLATES = {
  TD3: [rep('A', 44), `${rep('X', 9)}NAAA${rep('N', 7)}A${rep('N', 7)}${rep('X', 15)}N`],
  TD2: [rep('A', 36), `${rep('X', 9)}NAAA${rep('N', 7)}A${rep('N', 7)}${rep('X', 7)}N`],
  // TD1 line 2: birth date 0-5 and its check 6, sex 7, expiry 8-13 and its check 14, nationality 15-17, optional
  // 18-28, composite check 29.
  TD1: [`AAAAA${rep('X', 25)}`, `${rep('N', 7)}A${rep('N', 7)}AAA${rep('X', 11)}N`, rep('A', 30)],
  permit: [`AA${rep('X', 9)}NX${rep('N', 7)}X${rep('N', 7)}XN`],
} as const satisfies Record<string, readonly Template[]>;

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', J: '1', Z: '2', S: '5', G: '6', T: '7', B: '8', A: '4' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };
/** A repaired character is less sure than one read as it stands. */
const REPAIRED = 0.85;

/**
 * Upper case, the filler's look-alikes as '<' ('«' is two of them run together), anything else outside the zone's
 * alphabet dropped. Answers null when the line does not look like a zone line at all (mostly other characters).
 */
export function normaliseLine(line: OcrLine): OcrLine | null {
  let text = '';
  const confidences: number[] = [];
  let foreign = 0;
  [...line.text].forEach((raw, i) => {
    const c = raw.toUpperCase();
    const conf = line.confidences[i] ?? 0;
    if (/[A-Z0-9<]/.test(c)) {
      text += c;
      confidences.push(conf);
    } else if (c === '«') {
      text += '<<';
      confidences.push(conf * REPAIRED, conf * REPAIRED);
    } else if ('‹(['.includes(c)) {
      text += '<';
      confidences.push(conf * REPAIRED);
    } else if (!/\s/.test(c)) foreign++;
  });
  if (text.length < 20 || foreign > text.length * 0.1) return null;
  return { text, confidences };
}

/**
 * Brings a line to the layout's length: OCR most often drops or adds fillers inside long runs of '<', so the longest
 * run grows or shrinks first; anything still over is cut at the end.
 */
export function fitLength(line: OcrLine, length: number): OcrLine {
  let { text } = line;
  let confidences = [...line.confidences];
  while (text.length !== length) {
    const runs = [...text.matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length);
    const run = runs[0];
    if (text.length < length) {
      const at = run ? run.index + run[0].length : text.length;
      text = text.slice(0, at) + '<' + text.slice(at);
      confidences.splice(at, 0, REPAIRED * 0.9);
    } else if (run && run[0].length > 1) {
      text = text.slice(0, run.index) + text.slice(run.index + 1);
      confidences.splice(run.index, 1);
    } else {
      text = text.slice(0, length);
      confidences = confidences.slice(0, length);
    }
  }
  return { text, confidences };
}

/** Digits where the template wants digits, letters where it wants letters; a K between fillers is a filler. */
export function repairByTemplate(line: OcrLine, template: Template): OcrLine {
  const chars = [...line.text];
  const confidences = [...line.confidences];
  chars.forEach((c, i) => {
    const want = template[i];
    const fixed = want === 'N' ? TO_DIGIT[c] : want === 'A' ? TO_LETTER[c] : undefined;
    if (fixed) {
      chars[i] = fixed;
      confidences[i] *= REPAIRED;
    }
  });
  let text = chars.join('');
  // OCR reads a run of '<' as 'K' now and then; a run of K's with fillers (or the line's end) on both sides is one.
  text = text.replace(/(?<=<)K+(?=<|$)/g, (m, offset: number) => {
    for (let i = 0; i < m.length; i++) confidences[offset + i] *= REPAIRED;
    return '<'.repeat(m.length);
  });
  return { text, confidences };
}

/** Lines that could belong to a zone: long enough, and mostly the zone's alphabet. */
export function zoneCandidates(lines: readonly OcrLine[]): OcrLine[] {
  return lines.map(normaliseLine).filter((l): l is OcrLine => l !== null && l.text.length >= 26 && l.text.length <= 60);
}

/**
 * The English model reads OCR-B's '<' in two ways of its own: with wide letter spacing, each '<' as "<K" (seen as a K
 * between two fillers, which no name has), and a long run of fillers as L's and K's. Both are undone before the
 * line's length is judged: in a line showing the first habit one K after every '<' goes; in a name line, everything
 * after the last name that is only '<', K and L is filler. Names keep their K's and L's otherwise.
 */
export function repairFillers(line: OcrLine, nameLine: boolean): OcrLine {
  const chars = [...line.text];
  const confidences = [...line.confidences];
  const drop = (i: number) => {
    chars.splice(i, 1);
    confidences.splice(i, 1);
  };
  if (/<K</.test(line.text)) {
    for (let i = 1; i < chars.length; i++) if (chars[i] === 'K' && chars[i - 1] === '<') drop(i);
  }
  if (nameLine) {
    const tail = /<[<KL]*$/.exec(chars.join(''));
    if (tail) for (let i = tail.index; i < chars.length; i++) if (chars[i] !== '<') ((chars[i] = '<'), (confidences[i] *= REPAIRED));
  }
  // A K closing a filler run right before the line's digits (the data line's "<<<<<K10") is one more misread filler.
  const text = chars.join('').replace(/(?<=<)K(?=\d+$)/, '');
  if (text.length < chars.length) confidences.splice(chars.join('').search(/(?<=<)K(?=\d+$)/), 1);
  return { text, confidences };
}

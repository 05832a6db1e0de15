import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { OcrLine } from './types.ts';

const require = createRequire(import.meta.url);
/**
 * English LSTM model, integer-quantised (`4.0.0_best_int`, 2.9 MB, against 10.9 MB for the legacy+LSTM `4.0.0`),
 * from the npm package: tesseract.js would otherwise fetch it from a CDN, which production must never depend on.
 * No OCR-B (machine-readable zone) model is published on npm; the English one reads the zone's font well enough once
 * mrz-lines.ts repairs its confusions by position.
 */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export interface OcrEngine {
  read(image: Buffer, opts?: { rotateRadians?: number }): Promise<OcrLine[]>;
  close(): Promise<void>;
}

/**
 * One tesseract worker thread, created on first use and kept: it takes ~0.2 s to start and load the model, more than
 * reading an image. cacheMethod 'none': the model is read from node_modules, never written elsewhere.
 */
export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  const get = () => {
    worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' }).catch((err) => {
      worker = null;
      throw err;
    });
    return worker;
  };
  return {
    async read(image, opts = {}) {
      const w = await get();
      const { data } = await w.recognize(image, { rotateRadians: opts.rotateRadians ?? 0 }, { text: false, blocks: true });
      return linesOf(data.blocks ?? []);
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}

type Blocks = NonNullable<Awaited<ReturnType<Worker['recognize']>>['data']['blocks']>;

/** Lines without spaces (zone lines have none; OCR puts some between filler runs), each character with its confidence. */
function linesOf(blocks: Blocks): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of blocks) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        let text = '';
        const confidences: number[] = [];
        for (const word of line.words) {
          for (const symbol of word.symbols) {
            for (const ch of symbol.text.replace(/\s+/g, '')) {
              text += ch;
              confidences.push(symbol.confidence / 100);
            }
          }
        }
        if (text) lines.push({ text, confidences });
      }
    }
  }
  return lines;
}

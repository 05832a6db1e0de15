import { createOcrEngine } from './ocr-engine.ts';
import { createImagePreparer } from './prepare.ts';
import { createSerialQueue } from './queue.ts';
import { readDocumentText } from './read-zone.ts';
import type { Reading } from './types.ts';

export interface DocumentReader {
  /** The document read from an image whose type and size are already checked; null when nothing anchored was read. */
  read(image: Buffer, today: string): Promise<Reading | null>;
  close(): Promise<void>;
}

/**
 * Upright first, which is how almost every scan arrives; then upside down and the two quarter turns, for phone
 * photos taken sideways. Each pass costs a full OCR, so a reading stops at the first anchored zone.
 */
const TURNS_AFTER_UPRIGHT = [180, 90, 270];

export function createDocumentReader(opts: { maxWaiting?: number } = {}): DocumentReader {
  const ocr = createOcrEngine();
  const preparer = createImagePreparer();
  const queue = createSerialQueue(opts.maxWaiting ?? 4);
  return {
    read(image, today) {
      return queue.run(async () => {
        const [upright] = await preparer.prepare(image, [0]);
        const first = readDocumentText(await ocr.read(upright), today);
        if (first) return first;
        for (const turned of await preparer.prepare(image, TURNS_AFTER_UPRIGHT)) {
          const reading = readDocumentText(await ocr.read(turned), today);
          if (reading) return reading;
        }
        return null;
      });
    },
    async close() {
      await Promise.all([ocr.close(), preparer.close()]);
    },
  };
}

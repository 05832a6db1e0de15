import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * The text of a PDF as a reader would copy it: pages in order, one line per printed line, pieces on the same line
 * separated by a space when there is a visible gap between them. Text that a font cannot map back to Unicode (boxes,
 * missing glyphs) does not come out as the characters, which is what lets tests prove a font really printed them.
 * pdfjs-dist's legacy build runs on Node 20 with no canvas, worker or network.
 */
export async function extractPdfText(buf: Buffer | Uint8Array): Promise<string> {
  // pdfjs takes ownership of (and detaches) the array it is given: hand it a copy.
  const data = new Uint8Array(buf.byteLength);
  data.set(buf);
  const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let out = '';
      let lastY: number | null = null;
      let lastEnd = 0;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const { str, transform, width } = item as TextItem;
        const [x, y] = [transform[4], transform[5]];
        if (lastY !== null) {
          if (Math.abs(y - lastY) > 1) out += '\n';
          else if (x - lastEnd > 1) out += ' ';
        }
        out += str;
        lastY = y;
        lastEnd = x + width;
      }
      pages.push(out);
      page.cleanup();
    }
    return pages.join('\n\f\n');
  } finally {
    await pdf.destroy();
  }
}

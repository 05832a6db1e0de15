import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Noto Sans SC as full TrueType files from @expo-google-fonts/noto-sans-sc: one font covers Latin, simplified and
 * traditional Chinese (GB 18030, which includes Big5), so names, airports and all three languages print from it.
 * pdfkit embeds only the glyphs a document uses (fontkit subsetting), so a 10 MB font adds tens of KB to a PDF.
 * The web-font packages ship ~100 unicode-range slices per weight instead, which pdfkit cannot use as one font.
 */
const require = createRequire(import.meta.url);
const PACKAGE = '@expo-google-fonts/noto-sans-sc';

export interface DocumentFonts {
  regular: Buffer;
  bold: Buffer;
}

let loaded: Promise<DocumentFonts> | null = null;

/** Read once per process: every itinerary after the first starts from memory. */
export function documentFonts(): Promise<DocumentFonts> {
  loaded ??= Promise.all([
    readFile(require.resolve(`${PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`)),
    readFile(require.resolve(`${PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`)),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      // A failed read must not stay cached: the next download tries again.
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

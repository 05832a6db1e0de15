import { Code } from '@portal/contract/codes';
import { MAX_IMAGE_BYTES } from '@portal/contract/roles';
import { AppError } from '../../plugins/errors.ts';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type comes from the bytes, never from the file name or the client's content type: a script renamed .png must
 * not be stored (and later served) as an image. SVG is refused on purpose, since it can carry script.
 */
export function detectImageMime(buf: Buffer): ImageMime | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Checks an uploaded image (spec: logo or avatar under 2 MB) and answers its detected type. */
export function checkImage(buf: Buffer): ImageMime {
  if (buf.length === 0) throw new AppError(Code.VALIDATION, 'error.upload.missing', {}, { file: 'error.upload.missing' });
  if (buf.length >= MAX_IMAGE_BYTES) throw new AppError(Code.PAYLOAD_TOO_LARGE, 'error.upload.size');
  const mime = detectImageMime(buf);
  if (!mime) throw new AppError(Code.UNSUPPORTED_MEDIA, 'error.upload.type');
  return mime;
}

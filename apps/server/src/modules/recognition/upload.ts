import type { FastifyRequest } from 'fastify';
import { MAX_RECOGNITION_BYTES } from '@portal/contract/api/travellers';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';
import { detectImageMime } from '../files/image.ts';

const missing = () => new AppError(Code.VALIDATION, 'error.upload.missing', {}, { file: 'error.upload.missing' });
const tooLarge = () => new AppError(Code.PAYLOAD_TOO_LARGE, 'travellers.recognition.size');

/**
 * Reads the multipart part `file` with this route's own limit (spec point 5: 10 MB; other uploads keep the app's
 * 2 MB), and checks its type by its bytes: JPEG or PNG only, whatever its name or declared type says.
 */
export async function readRecognitionUpload(req: FastifyRequest): Promise<{ data: Buffer; mime: 'image/png' | 'image/jpeg' }> {
  if (!req.isMultipart()) throw missing();
  const part = await req.file({ limits: { fileSize: MAX_RECOGNITION_BYTES, files: 1 } });
  if (!part) throw missing();
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw missing();
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (data.length === 0) throw missing();
  const mime = detectImageMime(data);
  if (mime !== 'image/png' && mime !== 'image/jpeg') throw new AppError(Code.UNSUPPORTED_MEDIA, 'travellers.recognition.type');
  return { data, mime };
}

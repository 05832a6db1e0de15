import type { FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';

const missing = () => new AppError(Code.VALIDATION, 'error.upload.missing', {}, { file: 'error.upload.missing' });

/**
 * Reads the multipart part named `file` into memory. The multipart plugin's size limit makes toBuffer throw
 * FST_REQ_FILE_TOO_LARGE for an oversized file, which the error handler answers as PAYLOAD_TOO_LARGE.
 */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw missing();
  const part = await req.file();
  if (!part) throw missing();
  if (part.fieldname !== 'file') {
    // Drain the stream so the request can finish before the error is answered.
    part.file.resume();
    throw missing();
  }
  return part.toBuffer();
}

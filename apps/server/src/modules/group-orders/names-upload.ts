import type { FastifyRequest } from 'fastify';
import { MAX_NAMES_FILE_BYTES } from '@portal/contract/api/group-names';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';

const missing = () => new AppError(Code.VALIDATION, 'error.upload.missing', {}, { file: 'error.upload.missing' });

/** The multipart part `file` of a passenger list upload, within its own size limit; its type is checked by its bytes later. */
export async function readNamesUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw missing();
  const part = await req.file({ limits: { fileSize: MAX_NAMES_FILE_BYTES, files: 1 } });
  if (!part) throw missing();
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw missing();
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(Code.PAYLOAD_TOO_LARGE, 'group.names.size', { max: MAX_NAMES_FILE_BYTES / 1024 / 1024 }, { file: { key: 'group.names.size', params: { max: MAX_NAMES_FILE_BYTES / 1024 / 1024 } } });
    }
    throw err;
  }
  if (data.length === 0) throw missing();
  return data;
}

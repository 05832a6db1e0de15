import { createHash } from 'node:crypto';
import type { DocumentRecognition } from '@portal/contract/api/travellers';
import { Code } from '@portal/contract/codes';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, RetryLaterError } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { insertFile } from '../files/file.repository.ts';
import { hit } from '../throttle/rate-limit.ts';
import type { DocumentReader } from './document-reader.ts';
import { UnreadableImageError } from './prepare.ts';
import { QueueFullError } from './queue.ts';

/** An agent scans a few documents a minute at most; a script looping over the route meets this within seconds. */
export const RECOGNITIONS_PER_MINUTE = 30;

const failed = () => new AppError(Code.VALIDATION, 'travellers.recognition.failed');

/**
 * Reads one uploaded image. The image lives only in this request's memory unless `attach` asks to keep it for the
 * traveller: then it is stored under a server-chosen id, in the caller's company, never listed or served publicly.
 */
export async function recogniseDocument(
  db: DbOrTx,
  reader: DocumentReader,
  auth: AuthContext,
  upload: { data: Buffer; mime: 'image/png' | 'image/jpeg' },
  opts: { attach: boolean; today?: string },
): Promise<DocumentRecognition> {
  const started = performance.now();
  const window = await hit(db, `recognition:user:${auth.user.id}`, 60);
  if (window.count > RECOGNITIONS_PER_MINUTE) {
    const seconds = Math.max(1, window.retryAfterSeconds);
    throw new RetryLaterError(Code.RATE_LIMITED, 'travellers.recognition.rateLimited', seconds, { seconds });
  }
  let reading;
  try {
    reading = await reader.read(upload.data, opts.today ?? new Date().toISOString().slice(0, 10));
  } catch (err) {
    if (err instanceof QueueFullError) throw new RetryLaterError(Code.SERVICE_UNAVAILABLE, 'travellers.recognition.busy', err.retryAfterSeconds);
    if (err instanceof UnreadableImageError) throw failed();
    throw err;
  }
  if (!reading) throw failed();
  const imageId = opts.attach
    ? await insertFile(db, {
        companyId: auth.company.id,
        kind: 'document_image',
        mime: upload.mime,
        size: upload.data.length,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        data: upload.data,
      })
    : null;
  return { ...reading, imageId, elapsedMs: Math.round(performance.now() - started) };
}

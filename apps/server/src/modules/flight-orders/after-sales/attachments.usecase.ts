import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, type Attachment } from '@portal/contract/api/after-sales';
import { Code } from '@portal/contract/codes';
import type { Db } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../plugins/errors.ts';
import { assertStorableText } from '../../../plugins/input-guard.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import { visibleOrder } from '../order.access.ts';
import { lockOrder } from '../order.repository.ts';
import { countAttachments, insertAttachment } from './requests.repository.ts';

const invalid = () => new AppError(Code.VALIDATION, 'afterSales.attachments.invalid', {}, { file: 'afterSales.attachments.invalid' });

/** Spec point 5: jpg, png or pdf, by their first bytes; a name or a declared type proves nothing. */
export function detectAttachmentMime(buf: Buffer): Attachment['mime'] | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/**
 * POST /order/v2/flight/orders/{id}/attachments: one supporting document for a refund request on this booking, kept
 * until a request names it. At most 5 per booking (spec point 9), 2 MB each, jpg, png or pdf by content.
 */
export async function uploadAttachment(db: Db, auth: AuthContext, id: string, req: FastifyRequest): Promise<Attachment> {
  const { order, asDesk } = await visibleOrder(db, auth, id);
  if (asDesk) throw forbidden();
  if (!req.isMultipart()) throw invalid();
  const part = await req.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalid();
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid();
    throw err;
  }
  const mime = detectAttachmentMime(data);
  if (!mime || data.length === 0 || data.length > ATTACHMENT_MAX_BYTES) throw invalid();
  const name = (part.filename || 'document').slice(0, 120);
  assertStorableText('file', name);
  return db.transaction(async (tx) => {
    await lockOrder(tx, order.id);
    if ((await countAttachments(tx, order.id)) >= ATTACHMENT_MAX_FILES) throw invalid();
    const row = await insertAttachment(tx, { companyId: order.companyId, orderId: order.id, name, mime, size: data.length, data, createdBy: auth.user.id });
    return { id: row.id, name: row.name, mime, size: row.size };
  });
}

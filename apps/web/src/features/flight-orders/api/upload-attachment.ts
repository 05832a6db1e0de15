import type { Attachment } from '@portal/contract/api/after-sales';
import { api } from '../../../lib/api';
import { orderPath } from './order-keys';

/** One supporting document for a refund, sent on its own (multipart part "file"); the server checks it by content. */
export function uploadAttachment(orderId: string, file: File, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<Attachment> {
  return api.upload<Attachment>(`${orderPath(orderId)}/attachments`, file, 'file', { onProgress, signal });
}

import type { DbOrTx } from '../../db/client.ts';
import { invalid } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { deleteFile, findFile } from '../files/file.repository.ts';
import { passengerWithImage } from './travellers.repository.ts';

/**
 * A document image attached to a traveller must be one recognition kept for this agency (kind 'document_image') and
 * not already another traveller's. Any other id is answered as an invalid field, so file ids cannot be probed. The
 * files table does not record the uploading user, so the agency is the finest check available (ids are random).
 */
export async function checkAttachableImage(tx: DbOrTx, auth: AuthContext, fileId: string, passengerId: string | null): Promise<string> {
  const file = await findFile(tx, fileId);
  const usable = file && file.companyId === auth.company.id && file.kind === 'document_image';
  if (!usable || (await passengerWithImage(tx, fileId, passengerId))) throw invalid('documentImageId', 'validation.invalid');
  return file.id;
}

/** A detached or replaced image, or that of a deleted traveller, is referenced by nothing else: it is not kept. */
export async function discardDocumentImage(tx: DbOrTx, fileId: string | null): Promise<void> {
  if (fileId) await deleteFile(tx, fileId);
}

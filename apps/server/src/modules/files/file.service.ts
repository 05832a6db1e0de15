import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { deleteFile, findFile, insertFile, type FileRow } from './file.repository.ts';
import { checkImage } from './image.ts';

export type ImageKind = 'avatar' | 'company_logo';

/**
 * Stores a checked image under a random id chosen by the database (never a client-supplied name) and answers that id.
 * Runs inside the caller's transaction so the file and the row that points to it appear together.
 */
export async function storeImage(tx: DbOrTx, input: { companyId: string; kind: ImageKind; data: Buffer }): Promise<string> {
  const mime = checkImage(input.data);
  return insertFile(tx, {
    companyId: input.companyId,
    kind: input.kind,
    mime,
    size: input.data.length,
    sha256: createHash('sha256').update(input.data).digest('hex'),
    data: input.data,
  });
}

/** A replaced image is referenced by nothing else (ids are per upload), so it is removed to keep the table small. */
export async function discardImage(tx: DbOrTx, id: string | null): Promise<void> {
  if (id) await deleteFile(tx, id);
}

export async function getFile(db: DbOrTx, id: string): Promise<FileRow> {
  const file = await findFile(db, id);
  if (!file) throw notFound();
  return file;
}

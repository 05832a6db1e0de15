import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { fileUrl } from '../files/file-url.ts';
import { discardImage, storeImage } from '../files/file.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { findUserInCompany, updateUserInCompany } from './user.repository.ts';

export async function setOwnAvatar(db: Db, auth: AuthContext, data: Buffer, meta: RequestMeta): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    const me = await findUserInCompany(tx, auth.company.id, auth.user.id, true);
    if (!me) throw notFound();
    const fileId = await storeImage(tx, { companyId: auth.company.id, kind: 'avatar', data });
    await updateUserInCompany(tx, auth.company.id, me.id, { avatarFileId: fileId });
    await discardImage(tx, me.avatarFileId);
    const self = { id: me.id, username: me.username };
    await recordUserLog(tx, { companyId: auth.company.id, actor: self, target: self, action: 'avatar_update', detail: { fileId }, meta });
    return { url: fileUrl(fileId)! };
  });
}

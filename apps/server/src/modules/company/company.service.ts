import type { Company } from '@portal/contract/api/auth';
import type { UpdateCompanyBody } from '@portal/contract/api/company';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { fileUrl } from '../files/file-url.ts';
import { discardImage, storeImage } from '../files/file.service.ts';
import { recordUserLog, type RequestMeta } from '../user-logs/user-log.repository.ts';
import { toCompany, type CompanyRow } from '../users/user.mapper.ts';
import { findCompany, updateCompany, type CompanyPatch } from './company.repository.ts';

// Every operation here acts on the caller's own company: no route takes a company id, so none can be swapped in.

/** The session loaded the company row at the start of this request; it is fresh enough to answer with. */
export function getOwnCompany(auth: AuthContext): Company {
  return toCompany(auth.company);
}

async function lockOwnCompany(tx: Tx, auth: AuthContext): Promise<CompanyRow> {
  const row = await findCompany(tx, auth.company.id, true);
  if (!row) throw notFound();
  return row;
}

const actorOf = (auth: AuthContext) => ({ id: auth.user.id, username: auth.user.username });

/** Only the descriptive fields: the service flags belong to the parent agency (agency management). */
export async function updateOwnCompany(db: Db, auth: AuthContext, body: UpdateCompanyBody, meta: RequestMeta): Promise<Company> {
  return db.transaction(async (tx) => {
    const current = await lockOwnCompany(tx, auth);
    const patch: CompanyPatch = { name: body.name };
    // Absent means "keep"; null or an empty string clears the field.
    if (body.alias !== undefined) patch.alias = body.alias || null;
    if (body.address !== undefined) patch.address = body.address || null;
    const changes = Object.fromEntries(
      (Object.keys(patch) as (keyof CompanyPatch)[])
        .filter((k) => patch[k] !== current[k])
        .map((k) => [k, { from: current[k], to: patch[k] }]),
    );
    const updated = await updateCompany(tx, current.id, patch);
    await recordUserLog(tx, {
      companyId: current.id,
      actor: actorOf(auth),
      action: 'company_update',
      detail: { fields: Object.keys(changes), changes },
      meta,
    });
    return toCompany(updated);
  });
}

export async function setOwnCompanyLogo(db: Db, auth: AuthContext, data: Buffer, meta: RequestMeta): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    const current = await lockOwnCompany(tx, auth);
    const fileId = await storeImage(tx, { companyId: current.id, kind: 'company_logo', data });
    await updateCompany(tx, current.id, { logoFileId: fileId });
    await discardImage(tx, current.logoFileId);
    await recordUserLog(tx, { companyId: current.id, actor: actorOf(auth), action: 'company_logo', detail: { fileId }, meta });
    return { url: fileUrl(fileId)! };
  });
}

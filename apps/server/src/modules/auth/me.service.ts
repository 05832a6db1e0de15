import { eq } from 'drizzle-orm';
import type { MeAnswer } from '@portal/contract/api/auth';
import type { DbOrTx } from '../../db/client.ts';
import type { HotCaches } from '../cache/hot-caches.ts';
import { sites } from '../../db/schema/index.ts';
import { toCompany, toUserInfo, type CompanyRow, type UserRow } from '../users/user.mapper.ts';

/** The site (white label) a company belongs to is its top-level agency's. */
export async function websitePrefixOf(db: DbOrTx, company: CompanyRow): Promise<string> {
  const topId = company.parentId ?? company.id;
  const [site] = await db.select({ prefix: sites.websitePrefix }).from(sites).where(eq(sites.companyId, topId)).limit(1);
  return site?.prefix ?? '/';
}

/** `caches` only outside a transaction: a prefix read inside one could be of rows not yet committed. */
export async function buildMe(db: DbOrTx, user: UserRow, company: CompanyRow, embedded: boolean, caches?: HotCaches): Promise<MeAnswer> {
  return {
    userInfo: toUserInfo(user),
    company: toCompany(company),
    websitePrefix: caches ? await caches.websitePrefix(company.parentId ?? company.id, () => websitePrefixOf(db, company)) : await websitePrefixOf(db, company),
    permissions: user.permissions,
    embedded,
  };
}

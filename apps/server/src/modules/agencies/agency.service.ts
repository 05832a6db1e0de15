import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Agency, AgencyDetail, AgencyListQuery, ApiKeyAnswer, CreateAgencyBody, SingleLoginSecretAnswer, UpdateAgencyBody, UpdateAgencyConfigBody } from '@portal/contract/api/agencies';
import { DEFAULT_COMMON_CONFIG, DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import type { PagedResult } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import { hasRole } from '@portal/contract/roles';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../plugins/errors.ts';
import { issueApiKey, revokeAgencyKeys } from '../api-keys/api-key.service.ts';
import { discardImage, storeImage } from '../files/file.service.ts';
import { hashPassword } from '../auth/password.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { revokeUserSessions, type AuthContext } from '../auth/session.service.ts';
import { balances } from '../ledger/ledger.service.ts';
import { formatMoney } from '@portal/contract/currency';
import { recordUserLog, type RequestMeta, type UserLogEntry } from '../user-logs/user-log.repository.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { insertUser } from '../users/user.repository.ts';
import { agencyConfigOf, balancesOf, settlementCurrencyOf, toAgency, toAgencyDetail } from './agency.mapper.ts';
import {
  countOpenHolds,
  findChildAgency,
  firstSuperUsers,
  highestAgencyCode,
  insertAgency,
  listChildAgencies,
  liveApiKeys,
  lockFirstSuperUser,
  lockNonZeroAccounts,
  revokeCompanySessions,
  rotateSingleLoginSecret,
  setUserPassword,
  softDeleteAgency,
  updateAgency,
  type AgencyPatch,
} from './agency.repository.ts';

/**
 * Agency management (spec points 3, 6, 7): an agency manager (finance or SuperUser of a top-level agency with
 * canCreateSubAgency; the route checks that) acts on the agencies whose parent is the caller's company. Every look-up
 * is scoped by that parent in the query, so another parent's agency reads as "not found", never as "forbidden".
 */

const who = (u: { id: string; username: string }) => ({ id: u.id, username: u.username });

function logEntry(auth: AuthContext, agency: CompanyRow, action: UserLogEntry['action'], meta: RequestMeta, detail: Record<string, unknown> = {}, target?: { id: string; username: string }): UserLogEntry {
  return { companyId: auth.company.id, actor: who(auth.user), target: target ?? null, action, detail: { agency: agency.code, ...detail }, meta };
}

/** The caller's agency `id`, locked for the rest of the transaction; 404 for anything that is not the caller's child. */
export async function lockAgency(tx: Tx, auth: AuthContext, id: string): Promise<CompanyRow> {
  const agency = await findChildAgency(tx, auth.company.id, id, true);
  if (!agency) throw notFound();
  return agency;
}

async function detailOf(db: DbOrTx, agency: CompanyRow): Promise<AgencyDetail> {
  // One after the other: inside a transaction the queries share one connection anyway.
  const balance = await balances(db, agency.id, settlementCurrencyOf(agency));
  const superUsers = await firstSuperUsers(db, [agency.id]);
  const keys = await liveApiKeys(db, [agency.id]);
  return toAgencyDetail(agency, { balance, superUser: superUsers.get(agency.id) ?? null, apiKey: keys.get(agency.id) ?? null });
}

export async function listAgencies(db: Db, auth: AuthContext, q: AgencyListQuery): Promise<PagedResult<Agency>> {
  const { rows, total } = await listChildAgencies(db, auth.company.id, q);
  const ids = rows.map((r) => r.company.id);
  const [superUsers, keys] = await Promise.all([firstSuperUsers(db, ids), liveApiKeys(db, ids)]);
  const items = rows.map(({ company, wallet }) =>
    toAgency(company, {
      balance: balancesOf(settlementCurrencyOf(company), wallet),
      superUser: superUsers.get(company.id) ?? null,
      apiKey: keys.get(company.id) ?? null,
    }),
  );
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function getAgency(db: Db, auth: AuthContext, id: string): Promise<AgencyDetail> {
  const agency = await findChildAgency(db, auth.company.id, id);
  if (!agency) throw notFound();
  return detailOf(db, agency);
}

const CODE_PATTERN = /^A(\d{5})$/;
const MAX_CODE_ATTEMPTS = 100;
const nextCode = (highest: string | null) => `A${String(Number(CODE_PATTERN.exec(highest ?? '')?.[1] ?? 0) + 1).padStart(5, '0')}`;

export async function createAgency(db: Db, auth: AuthContext, body: z.output<typeof CreateAgencyBody>, meta: RequestMeta): Promise<AgencyDetail> {
  // Hashing is slow on purpose; do it before the transaction so no connection waits on it.
  assertPasswordAllowed(body.superUser.password, body.superUser.username, 'superUser.password');
  const passwordHash = await hashPassword(body.superUser.password);
  return db.transaction(async (tx) => {
    const values = {
      parentId: auth.company.id,
      name: body.name,
      alias: body.alias,
      address: body.address,
      proxyLevel: auth.company.proxyLevel + 1,
      commonConfig: {
        ...DEFAULT_COMMON_CONFIG,
        settlementCurrency: body.settlementCurrency,
        enableFlightService: body.enableFlightService,
        enableTrainService: body.enableTrainService,
      },
      contactName: body.contactName,
      contactEmail: body.contactEmail,
      contactPhone: body.contactPhone,
      customerService: body.customerService,
      allowedHosts: body.allowedHosts,
      extraInfo: body.extraInfo,
      singleLoginSecret: randomBytes(32).toString('base64url'),
    };
    // Next free code; a concurrent creation that takes it first makes the insert find a conflict, and we read again.
    // Each conflict means another creation committed, so the attempts needed grow with the concurrent creators only.
    let agency: CompanyRow | null = null;
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS && !agency; attempt++) {
      agency = await insertAgency(tx, nextCode(await highestAgencyCode(tx)), values);
    }
    if (!agency) throw new Error(`no free agency code after ${MAX_CODE_ATTEMPTS} attempts`);
    const superUser = await insertUser(tx, {
      companyId: agency.id,
      username: body.superUser.username,
      nickname: body.contactName,
      email: body.contactEmail,
      passwordHash,
      roles: ['SuperUser'],
      status: 'active',
      config: DEFAULT_USER_CONFIG,
    });
    if (!superUser) throw new AppError(Code.CONFLICT, 'error.username.taken', {}, { 'superUser.username': 'error.username.taken' });
    await recordUserLog(tx, logEntry(auth, agency, 'agency_create', meta, { name: agency.name, settlementCurrency: body.settlementCurrency }, who(superUser)));
    return detailOf(tx, agency);
  });
}

const INFO_FIELDS = [
  'name',
  'alias',
  'address',
  'status',
  'contactName',
  'contactEmail',
  'contactPhone',
  'customerService',
  'allowedHosts',
  'extraInfo',
] as const satisfies readonly (keyof AgencyPatch)[];

export async function updateAgencyInfo(
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof UpdateAgencyBody>,
  meta: RequestMeta,
): Promise<AgencyDetail> {
  return db.transaction(async (tx) => {
    const current = await lockAgency(tx, auth, id);
    const patch: AgencyPatch = {};
    for (const f of INFO_FIELDS) (patch as Record<string, unknown>)[f] = body[f];
    const fields = INFO_FIELDS.filter((f) => JSON.stringify(patch[f] ?? null) !== JSON.stringify(current[f] ?? null));
    const updated = await updateAgency(tx, id, patch);
    // Sessions do not re-read the company's status on every request; ending them makes the switch take effect now.
    // API keys check the status on every request and work again when the agency is enabled again.
    if (current.status !== 'disabled' && updated.status === 'disabled') await revokeCompanySessions(tx, id, 'agency_disabled');
    await recordUserLog(tx, logEntry(auth, updated, 'agency_update', meta, { fields }));
    return detailOf(tx, updated);
  });
}

/**
 * "1,000.00 CNY, 20.00 USD": each non-zero account a refusal is about. Only numbers and codes, because the sentence
 * around it is translated at the edge and an English word here would not be.
 */
function describeBalances(accounts: { currency: string; balance: number }[]): string {
  return accounts.map((a) => `${formatMoney(a.balance, a.currency as Currency)} ${a.currency}`).join(', ');
}

/**
 * Balances, credit and statements are shown in the settlement currency; switching it while money sits in the old one
 * would leave that money out of sight and out of the credit rules. Settle first, then switch.
 */
async function refuseStrandedMoney(tx: Tx, current: CompanyRow, next: Currency): Promise<void> {
  const from = settlementCurrencyOf(current);
  if (next === from) return;
  const stranded = (await lockNonZeroAccounts(tx, current.id)).filter((a) => a.currency === from);
  if (stranded.length === 0) return;
  const amounts = describeBalances(stranded);
  const key = 'error.agency.settlementCurrency.balance' as const;
  throw new AppError(Code.CONFLICT, key, { currency: from, amounts }, { 'common.settlementCurrency': { key, params: { currency: from, amounts } } });
}

export async function updateAgencyConfig(
  db: Db,
  auth: AuthContext,
  id: string,
  body: UpdateAgencyConfigBody,
  meta: RequestMeta,
): Promise<AgencyDetail> {
  return db.transaction(async (tx) => {
    const current = await lockAgency(tx, auth, id);
    if (body.common) await refuseStrandedMoney(tx, current, body.common.settlementCurrency);
    const patch: AgencyPatch = {};
    if (body.common) patch.commonConfig = body.common;
    if (body.flight) patch.flightConfig = body.flight;
    if (body.train) patch.trainConfig = body.train;
    if (body.creditPeriod) patch.creditPeriod = body.creditPeriod;
    if (body.payment) patch.paymentSettings = body.payment;
    const before = agencyConfigOf(current);
    const groups = (Object.keys(body) as (keyof UpdateAgencyConfigBody)[]).filter(
      (g) => body[g] !== undefined && JSON.stringify(body[g]) !== JSON.stringify(before[g]),
    );
    const updated = Object.keys(patch).length ? await updateAgency(tx, id, patch) : current;
    await recordUserLog(tx, logEntry(auth, updated, 'agency_config', meta, { fields: groups }));
    return detailOf(tx, updated);
  });
}

/**
 * What keeps an agency from being deleted. Each guard looks at one kind of obligation and answers the refusal, or null;
 * the flight orders module adds its "open orders" guard beside these.
 */
type DeleteGuard = (tx: Tx, agency: CompanyRow) => Promise<AppError | null>;

const openHoldsGuard: DeleteGuard = async (tx, agency) => {
  const n = await countOpenHolds(tx, agency.id);
  return n > 0 ? new AppError(Code.CONFLICT, 'error.agency.delete.holds', { count: n }) : null;
};

const moneyGuard: DeleteGuard = async (tx, agency) => {
  const accounts = await lockNonZeroAccounts(tx, agency.id);
  if (accounts.length === 0) return null;
  const amounts = describeBalances(accounts);
  return new AppError(Code.CONFLICT, 'error.agency.delete.balance', { amounts });
};

export const DELETE_GUARDS: DeleteGuard[] = [openHoldsGuard, moneyGuard];

export async function deleteAgency(db: Db, auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
  await db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    for (const guard of DELETE_GUARDS) {
      const refusal = await guard(tx, agency);
      if (refusal) throw refusal;
    }
    await softDeleteAgency(tx, agency.id);
    await revokeCompanySessions(tx, agency.id, 'agency_deleted');
    await revokeAgencyKeys(tx, agency.id);
    await recordUserLog(tx, logEntry(auth, agency, 'agency_delete', meta, { name: agency.name }));
  });
}

/** Spec point 6: only an administrator resets passwords, so a finance manager may not, though it manages agencies. */
export async function resetAgencySuperUserPassword(
  db: Db,
  auth: AuthContext,
  id: string,
  password: string,
  meta: RequestMeta,
): Promise<{ username: string }> {
  if (!hasRole(auth.user.roles, 'SuperUser')) throw forbidden();
  assertPasswordAllowed(password, null, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    const superUser = await lockFirstSuperUser(tx, agency.id);
    if (!superUser) throw new AppError(Code.CONFLICT, 'error.agency.noSuperUser');
    assertPasswordAllowed(password, superUser.username, 'password');
    await setUserPassword(tx, superUser.id, passwordHash);
    await revokeUserSessions(tx, superUser.id, 'password_reset');
    await recordUserLog(tx, logEntry(auth, agency, 'agency_password_reset', meta, {}, who(superUser)));
    return { username: superUser.username };
  });
}

export async function generateAgencyApiKey(db: Db, auth: AuthContext, id: string, meta: RequestMeta): Promise<ApiKeyAnswer> {
  return db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    const answer = await issueApiKey(tx, agency, auth.user.id);
    await recordUserLog(tx, logEntry(auth, agency, 'agency_api_key', meta, { prefix: answer.prefix }));
    return answer;
  });
}

/**
 * A new single-login signing secret (32 random bytes, base64url), shown only in this answer. The old current secret
 * becomes the previous one, so links the agency still signs with it keep working until the next rotation; the secret
 * before that stops working now. The log entry names no secret.
 */
export async function rotateAgencySingleLoginSecret(db: Db, auth: AuthContext, id: string, meta: RequestMeta): Promise<SingleLoginSecretAnswer> {
  const secret = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const agency = await lockAgency(tx, auth, id);
    const updated = await rotateSingleLoginSecret(tx, agency.id, secret);
    await recordUserLog(tx, logEntry(auth, agency, 'agency_single_login_secret', meta));
    return { secret, rotatedAt: updated.updatedAt.toISOString() };
  });
}

/** The agency's logo (same image rules as the company logo: PNG, JPEG, GIF or WebP under 2 MB, magic bytes checked). */
export async function setAgencyLogo(db: Db, auth: AuthContext, id: string, data: Buffer, meta: RequestMeta): Promise<AgencyDetail> {
  return db.transaction(async (tx) => {
    const current = await lockAgency(tx, auth, id);
    const fileId = await storeImage(tx, { companyId: current.id, kind: 'company_logo', data });
    const updated = await updateAgency(tx, id, { logoFileId: fileId });
    await discardImage(tx, current.logoFileId);
    await recordUserLog(tx, logEntry(auth, updated, 'agency_update', meta, { fields: ['logo'] }));
    return detailOf(tx, updated);
  });
}

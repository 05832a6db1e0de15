import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_COMMON_CONFIG, DEFAULT_USER_CONFIG, type CommonConfig } from '@portal/contract/api/auth';
import { CURRENCIES } from '@portal/contract/currency';
import type { Role } from '@portal/contract/roles';
import type { Db } from '../client.ts';
import { companies, exchangeRates, paymentTransactions, sites, users } from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { setCreditLimit, topUp } from '../../modules/ledger/ledger.service.ts';

/**
 * Demo data the README, the tests and the demos rely on. Idempotent: every insert is "if missing", so a restart adds
 * nothing and edits made through the portal survive.
 */
export const DEMO_SINGLE_LOGIN_SECRETS = {
  P00001: 'demo-platform-single-login-secret',
  A00001: 'demo-agency-single-login-secret',
  A00002: 'second-agency-single-login-secret',
} as const;

const flags = (over: Partial<CommonConfig>): CommonConfig => ({
  ...DEFAULT_COMMON_CONFIG,
  ...over,
});

const DEMO_COMPANIES = [
  { code: 'P00001', parent: null, name: 'Demo Platform', alias: 'Demo', proxyLevel: 0, config: flags({ canCreateSubAgency: true, isShowBill: true }) },
  { code: 'A00001', parent: 'P00001', name: 'Demo Travel Agency', alias: 'DTA', proxyLevel: 1, config: flags({ isShowBill: true }) },
  { code: 'A00002', parent: 'P00001', name: 'Second Agency', alias: 'SA', proxyLevel: 1, config: flags({}) },
] as const;

const DEMO_USERS: { company: string; username: string; password: string; roles: Role[]; permissions: string[]; nickname: string; email: string }[] = [
  { company: 'P00001', username: 'admin', password: 'Admin@123', roles: ['SuperUser'], permissions: ['all'], nickname: 'Platform Admin', email: 'admin@demo-platform.example' },
  { company: 'A00001', username: 'agency', password: 'Agency@123', roles: ['SuperUser'], permissions: [], nickname: 'Agency Owner', email: 'owner@demo-agency.example' },
  { company: 'A00001', username: 'operator', password: 'Operator@123', roles: ['operator'], permissions: [], nickname: 'Olivia Operator', email: 'operator@demo-agency.example' },
  { company: 'A00001', username: 'finance', password: 'Finance@123', roles: ['finance'], permissions: [], nickname: 'Frank Finance', email: 'finance@demo-agency.example' },
  { company: 'A00002', username: 'other', password: 'Other@123', roles: ['operator'], permissions: [], nickname: 'Oscar Other', email: 'ops@second-agency.example' },
];

/** Indicative mid-market rates, CNY per unit, as of late 2026; the platform edits them in the portal. */
const DEMO_RATES: Record<string, string> = {
  USD: '7.1', EUR: '7.75', HKD: '0.912', JPY: '0.0468', GBP: '9.05', AUD: '4.65', CAD: '5.08', THB: '0.208', SGD: '5.45',
  CHF: '8.1', DKK: '1.04', MOP: '0.885', MYR: '1.6', NOK: '0.66', NZD: '4.2', PHP: '0.122', RUB: '0.078', SEK: '0.68',
  TWD: '0.221', KRW: '0.0051', ZAR: '0.4', ILS: '1.95',
};

/** A00001's demo money: a CNY credit line and one bank-transfer top-up, so the demo wallet is not empty. */
export const DEMO_MONEY = {
  agency: 'A00001',
  currency: 'CNY',
  creditLimit: 20_000_00,
  topUp: 50_000_00,
  reference: 'DEMO-TOPUP-1',
  idempotencyKey: 'demo-seed:A00001:topup-1',
} as const;

/**
 * Written once, in one transaction, keyed by the top-up's idempotency key: a restart finds the transaction and changes
 * nothing, so a credit limit edited in the portal stays as edited.
 */
async function seedDemoMoney(db: Db, companyId: string): Promise<void> {
  const m = DEMO_MONEY;
  await db.transaction(async (tx) => {
    const [seeded] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.idempotencyKey, m.idempotencyKey));
    if (seeded) return;
    const credit = await setCreditLimit(tx, companyId, m.currency, m.creditLimit);
    if (!credit.ok) throw new Error(`demo credit limit refused: ${credit.reason}`);
    const transactionId = randomUUID();
    const moved = await topUp(tx, companyId, m.currency, m.topUp, {
      channel: 'bank-transfer',
      reference: { type: 'transaction', id: transactionId },
      idempotencyKey: m.idempotencyKey,
    });
    if (!moved.ok) throw new Error(`demo top-up refused: ${moved.reason}`);
    await tx.insert(paymentTransactions).values({
      id: transactionId,
      companyId,
      kind: 'top-up',
      method: 'bank-transfer',
      status: 'succeeded',
      grossAmount: m.topUp,
      grossCurrency: m.currency,
      exchangeRate: '1',
      netAmount: m.topUp,
      netCurrency: m.currency,
      externalReference: m.reference,
      movementId: moved.movementId,
      idempotencyKey: m.idempotencyKey,
      paidAt: new Date(),
    });
  });
}

/**
 * `money: false` leaves every wallet empty: the integration tests count balances from zero (test/helpers/app.ts).
 */
export async function seedDemoData(db: Db, opts: { money?: boolean } = {}): Promise<void> {
  const idByCode = new Map<string, string>();
  for (const c of DEMO_COMPANIES) {
    await db
      .insert(companies)
      .values({
        code: c.code,
        parentId: c.parent ? idByCode.get(c.parent)! : null,
        name: c.name,
        alias: c.alias,
        proxyLevel: c.proxyLevel,
        commonConfig: c.config,
        singleLoginSecret: DEMO_SINGLE_LOGIN_SECRETS[c.code],
      })
      .onConflictDoNothing({ target: companies.code });
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, c.code));
    idByCode.set(c.code, row.id);
  }

  const platformId = idByCode.get('P00001')!;
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.companyId, platformId));
  if (!site) {
    await db.insert(sites).values({
      companyId: platformId,
      hosts: ['localhost', '127.0.0.1'],
      isDefault: true,
      name: 'Demo Travel Platform',
      shortName: 'Demo Platform',
      chineseName: '演示旅游分销平台',
      chineseShortName: '演示平台',
      currencies: [...CURRENCIES],
      languages: ['en', 'zh-CN', 'zh-TW'],
      defaultLanguage: 'zh-CN',
      defaultCurrency: 'CNY',
      dateFormat: 'yyyy-MM-dd',
    });
  }

  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, DEMO_USERS.map((u) => u.username)));
  const have = new Set(existing.map((u) => u.username.toLowerCase()));
  for (const u of DEMO_USERS.filter((d) => !have.has(d.username))) {
    await db
      .insert(users)
      .values({
        companyId: idByCode.get(u.company)!,
        username: u.username,
        nickname: u.nickname,
        email: u.email,
        areaCode: '86',
        passwordHash: await hashPassword(u.password),
        roles: u.roles,
        permissions: u.permissions,
        status: 'active',
        config: DEFAULT_USER_CONFIG,
      })
      .onConflictDoNothing();
  }

  await db
    .insert(exchangeRates)
    .values(Object.entries(DEMO_RATES).map(([currency, rate]) => ({ currency, rate })))
    .onConflictDoNothing();
  if (opts.money ?? true) await seedDemoMoney(db, idByCode.get(DEMO_MONEY.agency)!);
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMMON_CONFIG, DEFAULT_USER_CONFIG } from '@portal/contract/api/auth';
import { companies, outboxEmails, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { createOutboxSendJob, OUTBOX_MAX_ATTEMPTS, sendPendingEmails, senderFromEnv } from '../src/modules/notifications/outbox.jobs.ts';
import { queueEmail } from '../src/modules/notifications/outbox.service.ts';
import { formatMoney } from '@portal/contract/currency';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';

let t: TestApp;
let admin: string;
let demoId: string;
let platformId: string;

const FROM = 'Portal <no-reply@portal.example>';
const jsonSender = () => ({ transport: nodemailer.createTransport({ jsonTransport: true }), from: FROM });
/** A transport whose SMTP server always refuses. */
const refusingSender = () => ({
  transport: nodemailer.createTransport({
    name: 'refusing',
    version: '1',
    send: (_mail: unknown, done: (err: Error | null) => void) => done(new Error('550 mailbox unavailable')),
  } as never),
  from: FROM,
});

const mailsOf = (companyId: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.companyId, companyId));

async function topUpWithMail(reference: string) {
  const res = await call(t.app, 'POST', `/base/v2/agencies/${demoId}/balance`, {
    token: admin,
    headers: { 'idempotency-key': randomUUID() },
    body: { receivedCurrency: 'CNY', receivedAmount: 1_000, exchangeRate: '1', referenceNumber: reference, amount: 1_000, sendEmail: true },
  });
  expect(res.code, res.message).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  demoId = await companyIdOf(t, 'A00001');
  platformId = await companyIdOf(t, 'P00001');
  await t.db.update(companies).set({ contactEmail: 'accounts@demo-agency.example', contactName: 'Dana' }).where(eq(companies.id, demoId));
});
afterAll(() => t?.close());
// Each test starts from an empty outbox, so the job's counts are its own.
beforeEach(async () => {
  await t.db.delete(outboxEmails);
});

describe('queueEmail', () => {
  it('renders the kind in the given language and writes it in the caller transaction only', async () => {
    await t.db.transaction(async (tx) => {
      await queueEmail(tx, {
        companyId: demoId,
        kind: 'notice',
        to: 'ops@demo-agency.example',
        language: 'en',
        params: { platform: 'Demo Platform', name: 'Dana', title: 'Maintenance', body: 'The portal pauses on Sunday at 02:00.' },
      });
    });
    const [mail] = await mailsOf(demoId);
    expect(mail).toMatchObject({ kind: 'notice', to: 'ops@demo-agency.example', language: 'en', status: 'pending', subject: 'Demo Platform: Maintenance' });
    expect(mail.text).toBe('Dear Dana,\n\nThe portal pauses on Sunday at 02:00.\n\nThis message was sent automatically by Demo Platform; please do not reply.');

    await expect(
      t.db.transaction(async (tx) => {
        await queueEmail(tx, { companyId: demoId, kind: 'notice', to: 'x@example.com', language: 'en', params: { platform: 'P', name: 'N', title: 'T', body: 'B' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailsOf(demoId)).toHaveLength(1);
  });

  it('formats money with thousands separators and the currency decimals', () => {
    expect(formatMoney(123_456_78, 'CNY')).toBe('123,456.78');
    expect(formatMoney(-5, 'USD')).toBe('-0.05');
    expect(formatMoney(1_234_567, 'JPY')).toBe('1,234,567');
  });

  it("follows the agency's email language", async () => {
    await t.db.update(companies).set({ commonConfig: { ...DEFAULT_COMMON_CONFIG, emailLanguage: 'zh-TW' } }).where(eq(companies.id, demoId));
    await topUpWithMail('TW-1');
    await t.db.update(companies).set({ commonConfig: { ...DEFAULT_COMMON_CONFIG, emailLanguage: 'en' } }).where(eq(companies.id, demoId));
    await topUpWithMail('EN-1');
    const mails = await mailsOf(demoId);
    expect(mails.find((m) => m.language === 'zh-TW')?.subject).toBe('Demo Platform：您的帳戶A00001已儲值10.00 CNY');
    expect(mails.find((m) => m.language === 'en')?.text).toContain('Your account A00001 was topped up with 10.00 CNY (reference EN-1).');
  });
});

describe('GET /base/v2/outbox', () => {
  it('lists the platform mails newest first, with filters, for the platform administrator only', async () => {
    await topUpWithMail('LIST-1');
    await topUpWithMail('LIST-2');
    const res = await call(t.app, 'GET', '/base/v2/outbox', { token: admin });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(res.data.items[0]).toMatchObject({ companyId: demoId, companyCode: 'A00001', companyName: 'Demo Travel Agency', kind: 'top-up', status: 'pending', attempts: 0, sentAt: null });
    expect(res.data.items[0].text).toContain('LIST-2');
    expect(res.data.items[1].text).toContain('LIST-1');
    const filtered = await call(t.app, 'GET', '/base/v2/outbox', { token: admin, query: { keyword: 'a00001', status: 'pending', kind: 'top-up' } });
    expect(filtered.data.total).toBe(2);
    expect((await call(t.app, 'GET', '/base/v2/outbox', { token: admin, query: { status: 'sent' } })).data.total).toBe(0);

    for (const who of ['agency', 'finance', 'operator'] as const) {
      const denied = await call(t.app, 'GET', '/base/v2/outbox', { token: await loginAs(t.app, who) });
      expect([denied.status, denied.code], who).toEqual([403, 100403]);
    }
  });

  it("does not show one platform's mails to another", async () => {
    await topUpWithMail('MINE-1');
    const [p2] = await t.db
      .insert(companies)
      .values({ code: 'P00002', name: 'Other Platform', proxyLevel: 0, commonConfig: { ...DEFAULT_COMMON_CONFIG, canCreateSubAgency: true }, singleLoginSecret: 's' })
      .returning();
    await t.db.insert(users).values({
      companyId: p2.id, username: 'admin2', passwordHash: await hashPassword('Admin2@123'), roles: ['SuperUser'], config: DEFAULT_USER_CONFIG,
    });
    const admin2 = (await call(t.app, 'POST', '/base/v2/login', { body: { username: 'admin2', password: 'Admin2@123' } })).data.token;
    const theirs = await call(t.app, 'GET', '/base/v2/outbox', { token: admin2 });
    expect(theirs.code).toBe(0);
    expect(theirs.data.total).toBe(0);
    expect((await call(t.app, 'GET', '/base/v2/outbox', { token: admin })).data.total).toBe(1);
  });
});

describe('the outbox-send job', () => {
  it('is scheduled every minute under its queue name', () => {
    const job = createOutboxSendJob(jsonSender);
    expect([job.name, job.cron]).toEqual(['outbox-send', '* * * * *']);
  });

  it('sends pending mails through the transport and marks them sent', async () => {
    await topUpWithMail('SEND-1');
    // nodemailer's JSON transport renders the message without a server; we keep what it rendered.
    const json = nodemailer.createTransport({ jsonTransport: true });
    const sent: unknown[] = [];
    const transport = {
      sendMail: async (mail: Parameters<typeof json.sendMail>[0]) => {
        const info = await json.sendMail(mail);
        sent.push(JSON.parse(String(info.message)));
        return info;
      },
    } as unknown as Transporter;
    const run = await sendPendingEmails(t.db, { transport, from: FROM });
    expect(run).toEqual({ sent: 1, failed: 0, kept: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: { address: 'no-reply@portal.example' }, to: [{ address: 'accounts@demo-agency.example' }] });
    expect((sent[0] as { subject: string }).subject).toContain('A00001');
    const [mail] = await mailsOf(demoId);
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(mail.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await sendPendingEmails(t.db, { transport, from: FROM })).toEqual({ sent: 0, failed: 0, kept: 0 });
  });

  it('runs through the job definition with the injected transport', async () => {
    await topUpWithMail('JOB-1');
    const job = createOutboxSendJob(jsonSender);
    expect(await job.run({ db: t.db } as never, new Date())).toEqual({ sent: 1, failed: 0, kept: 0 });
  });

  it(`retries a refused mail once per run and gives up after ${OUTBOX_MAX_ATTEMPTS} attempts`, async () => {
    await topUpWithMail('FAIL-1');
    const sender = refusingSender();
    for (let i = 1; i <= OUTBOX_MAX_ATTEMPTS; i++) {
      expect(await sendPendingEmails(t.db, sender)).toEqual({ sent: 0, failed: 1, kept: 0 });
      const [mail] = await mailsOf(demoId);
      expect(mail).toMatchObject({ attempts: i, status: i < OUTBOX_MAX_ATTEMPTS ? 'pending' : 'failed', lastError: '550 mailbox unavailable' });
    }
    expect(await sendPendingEmails(t.db, sender)).toEqual({ sent: 0, failed: 0, kept: 0 });
    const res = await call(t.app, 'GET', '/base/v2/outbox', { token: admin, query: { status: 'failed' } });
    expect(res.data.items[0]).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, lastError: '550 mailbox unavailable' });
  });

  it('keeps the mails in the outbox when no SMTP server is configured', async () => {
    await topUpWithMail('KEEP-1');
    await topUpWithMail('KEEP-2');
    const sender = senderFromEnv({});
    expect(sender.transport).toBeNull();
    expect(await sendPendingEmails(t.db, sender)).toEqual({ sent: 0, failed: 0, kept: 2 });
    expect((await mailsOf(demoId)).map((m) => m.status)).toEqual(['kept', 'kept']);
    expect(senderFromEnv({ SMTP_URL: 'smtp://localhost:2525', SMTP_FROM: FROM })).toMatchObject({ from: FROM });
    expect(senderFromEnv({ SMTP_URL: 'smtp://localhost:2525' }).transport).not.toBeNull();
  });

  it('lists mails about the platform itself, and none about no agency', async () => {
    await t.db.transaction((tx) =>
      queueEmail(tx, { companyId: null, kind: 'notice', to: 'root@example.com', language: 'en', params: { platform: 'P', name: 'N', title: 'T', body: 'B' } }),
    );
    await t.db.transaction((tx) =>
      queueEmail(tx, { companyId: platformId, kind: 'notice', to: 'admin@demo-platform.example', language: 'en', params: { platform: 'P', name: 'N', title: 'Own', body: 'B' } }),
    );
    const res = await call(t.app, 'GET', '/base/v2/outbox', { token: admin });
    expect(res.data.items.map((m: { to: string }) => m.to)).toEqual(['admin@demo-platform.example']);
  });
});

import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupDeadlineAnswer, GroupDeadlineItem, GroupDeskQuoteBody, GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { groupReminders, outboxEmails } from '../src/db/schema/index.ts';
import { closeLapsedGroups } from '../src/modules/group-orders/groups.jobs.ts';
import { sendGroupReminders } from '../src/modules/group-orders/reminders.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { call, createTestApp, loginAs, TEST_PUBLIC_URL, type TestApp } from './helpers/app.ts';
import { DAY_MS, groupDetail, GROUPS, inMs, payableGroup, payInstalment, quoteGroup, quotedGroup } from './helpers/groups.ts';
import { setCommonConfig } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

/** Group deadline reminders (issue 12): 3 days and 1 day ahead, once; on lapse; and the desk's view of upcoming deadlines. */
let t: TestApp;
let operator: string;
let agency: string;
let other: string;
let admin: string;
let finance: string;
let agencyId: string;
const HOUR_MS = 3_600_000;
/** Who A00001's group mails go to: its finance user, its SuperUser (who holds every role) and the group's contact. */
const A00001_RECIPIENTS = ['finance@demo-agency.example', 'lead@example.com', 'owner@demo-agency.example'];

beforeAll(async () => {
  t = await createTestApp();
  [operator, agency, other, admin, finance] = await Promise.all([loginAs(t.app, 'operator'), loginAs(t.app, 'agency'), loginAs(t.app, 'other'), loginAs(t.app, 'admin'), loginAs(t.app, 'finance')]);
  await setCommonConfig(t, 'A00002', { enableFlightService: true });
  await setCommonConfig(t, 'A00001', { emailLanguage: 'en' });
  agencyId = await companyIdOf(t, 'A00001');
  expect((await ledger.topUp(t.db, agencyId, 'CNY', 1_000_000)).ok).toBe(true);
});
afterAll(() => t?.close());

type QuoteOver = Partial<GroupDeskQuoteBody>;
/** A group requested by `agent` (A00001's operator by default) and quoted by the desk: to_be_confirm. */
const quoted = (over: QuoteOver, agent = operator) => quotedGroup(t, { agent, desk: admin }, over);
const payable = (over: QuoteOver) => payableGroup(t, { agent: operator, desk: admin }, over);
/** The mails about one group (its booking number is in every subject), oldest first. */
const mailsOf = (g: GroupOrder) => t.db.select().from(outboxEmails).where(like(outboxEmails.subject, `%${g.bookingNumber}%`)).orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.to));
const remindersOf = (g: GroupOrder) => t.db.select().from(groupReminders).where(eq(groupReminders.groupOrderId, g.id)).orderBy(asc(groupReminders.sentAt));
const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs);
const remind = (now: Date) => sendGroupReminders(t.app.deps, now);
const detail = (g: GroupOrder) => groupDetail(t, operator, g.id);
/** A quote whose every deadline is far ahead, so a test moves `now` to them instead of waiting. */
const farPlan = (confirmDays: number) => ({
  confirmBy: inMs(confirmDays * DAY_MS),
  paymentPlan: [
    { kind: 'deposit1' as const, amount: 1000, dueAt: inMs((confirmDays + 5) * DAY_MS) },
    { kind: 'final' as const, amount: 11_700, dueAt: inMs((confirmDays + 15) * DAY_MS) },
  ],
});

describe('reminders before a deadline', () => {
  it('3 days and 1 day before the confirm-by, each once, to the finance users and the contact only', async () => {
    const g = await quoted(farPlan(10));
    const confirmBy = g.quote!.confirmBy;
    expect(await remind(at(confirmBy, -5 * DAY_MS))).toBe(0);
    expect(await mailsOf(g)).toEqual([]);

    await remind(at(confirmBy, -(2 * DAY_MS + 12 * HOUR_MS)));
    const first = await mailsOf(g);
    expect(first.map((m) => m.to).sort()).toEqual(A00001_RECIPIENTS);
    expect(new Set(first.map((m) => m.kind))).toEqual(new Set(['group-reminder']));
    expect(new Set(first.map((m) => m.companyId))).toEqual(new Set([agencyId]));
    const dueText = `${confirmBy.slice(0, 16).replace('T', ' ')} UTC`;
    const mail = first.find((m) => m.to === 'finance@demo-agency.example')!;
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe(`Demo Platform: Quote confirmation of group ${g.bookingNumber} due by ${dueText}`);
    expect(mail.text).toBe(
      [
        'Dear Frank Finance,',
        '',
        `Reminder: Quote confirmation of group booking ${g.bookingNumber} (PEK-SHA) is due within 3 days, by ${dueText}.`,
        'Quote version 1, total 127.00 CNY.',
        'If the quote is not confirmed by then, it lapses and the group is closed.',
        '',
        `Open the group: ${TEST_PUBLIC_URL}/flight/group/order/${g.id}`,
        '',
        'This message was sent automatically by Demo Platform; please do not reply.',
      ].join('\n'),
    );
    expect(first.find((m) => m.to === 'lead@example.com')!.text).toMatch(/^Dear Group Lead,/);

    // Run twice, or again later within the same lead: nothing more.
    expect(await remind(at(confirmBy, -(2 * DAY_MS + 12 * HOUR_MS)))).toBe(0);
    expect(await remind(at(confirmBy, -2 * DAY_MS))).toBe(0);
    expect(await mailsOf(g)).toHaveLength(3);

    expect(await remind(at(confirmBy, -20 * HOUR_MS))).toBeGreaterThanOrEqual(1);
    await remind(at(confirmBy, -19 * HOUR_MS));
    const all = await mailsOf(g);
    expect(all).toHaveLength(6);
    expect(all.slice(3).every((m) => m.text.includes('is due within 24 hours'))).toBe(true);
    expect((await remindersOf(g)).map((r) => [r.deadline, r.lead, r.dueAt.toISOString()])).toEqual([
      ['confirm', '3d', confirmBy],
      ['confirm', '1d', confirmBy],
    ]);
    // Nothing once it has passed: the lapse mail takes over.
    expect(await remind(at(confirmBy, 60_000))).toBe(0);
    expect(await mailsOf(g)).toHaveLength(6);
  });

  it('two runs at the same time still mail once (the reminder row decides)', async () => {
    const g = await quoted(farPlan(11));
    const now = at(g.quote!.confirmBy, -2 * DAY_MS);
    await Promise.all([remind(now), remind(now), remind(now)]);
    expect(await mailsOf(g)).toHaveLength(3);
    expect(await remindersOf(g)).toHaveLength(1);
  });

  // Each test's deadlines lie on days of their own, so moving `now` for one group never reaches another's window.
  it('a deadline less than a day away gets the 1-day reminder alone, never both at once', async () => {
    const g = await quoted(farPlan(12));
    await remind(at(g.quote!.confirmBy, -12 * HOUR_MS));
    expect((await remindersOf(g)).map((r) => r.lead)).toEqual(['1d']);
    expect(await mailsOf(g)).toHaveLength(3);
  });

  it('writes in the agency’s mail language', async () => {
    await setCommonConfig(t, 'A00001', { emailLanguage: 'zh-TW' });
    try {
      const g = await quoted(farPlan(14));
      await remind(at(g.quote!.confirmBy, -2 * DAY_MS));
      const [mail] = await mailsOf(g);
      expect(mail.language).toBe('zh-TW');
      expect(mail.subject).toContain(`團體訂單 ${g.bookingNumber} 的報價確認截止時間為`);
      expect(mail.text).toContain('逾期未確認，報價將失效，團體將被關閉。');
    } finally {
      await setCommonConfig(t, 'A00001', { emailLanguage: 'en' });
    }
  });

  it('the instalment due, with its amount and the non-refundable deposits; nothing once it is paid', async () => {
    const g = await payable(farPlan(2));
    const deposit1 = g.quote!.paymentPlan[0].dueAt;
    await remind(at(deposit1, -2 * DAY_MS));
    const mails = await mailsOf(g);
    expect(mails.map((m) => m.to).sort()).toEqual(A00001_RECIPIENTS);
    expect(mails[0].subject).toContain(`First deposit of group ${g.bookingNumber} due by`);
    expect(mails[0].text).toContain('Amount due: 10.00 CNY.\nIf it is not paid by then, the group is closed and the deposits already paid are not refunded.');

    expect((await payInstalment(t, operator, g.id, 'deposit1')).data.status).toBe('to_be_paid_last_money');
    expect(await remind(at(deposit1, -12 * HOUR_MS))).toBe(0);
    expect(await mailsOf(g)).toHaveLength(3);
    // The next instalment is reminded on its own deadline.
    const final = g.quote!.paymentPlan[1].dueAt;
    await remind(at(final, -12 * HOUR_MS));
    expect((await remindersOf(g)).map((r) => [r.deadline, r.lead])).toEqual([
      ['deposit1', '3d'],
      ['final', '1d'],
    ]);
    expect((await mailsOf(g)).at(-1)!.text).toContain('Final payment of group booking');
  });

  it('nothing for a canceled group, nor for another agency’s users', async () => {
    const g = await quoted(farPlan(16));
    expect((await call(t.app, 'DELETE', `${GROUPS}/orders/${g.id}`, { token: operator })).data.status).toBe('canceled');
    await remind(at(g.quote!.confirmBy, -2 * DAY_MS));
    await closeLapsedGroups(t.app.deps, at(g.quote!.confirmBy, 60_000));
    expect(await mailsOf(g)).toEqual([]);
    expect(await remindersOf(g)).toEqual([]);

    const theirs = await quoted(farPlan(16), other);
    await remind(at(theirs.quote!.confirmBy, -2 * DAY_MS));
    // A00002 has no finance user (its only user is an operator): the contact alone.
    expect((await mailsOf(theirs)).map((m) => m.to)).toEqual(['lead@example.com']);
    const a00001 = await t.db.select().from(outboxEmails).where(and(like(outboxEmails.subject, `%${theirs.bookingNumber}%`), like(outboxEmails.to, '%demo-agency%')));
    expect(a00001).toEqual([]);
  });

  it('a requote with a new deadline is reminded again', async () => {
    const g = await quoted(farPlan(18));
    await remind(at(g.quote!.confirmBy, -2 * DAY_MS));
    expect(await mailsOf(g)).toHaveLength(3);
    const v2 = await quoteGroup(t, admin, g, farPlan(22));
    expect(v2.quote!.version).toBe(2);
    // The same moment is now 6 days before the new deadline: nothing yet.
    await remind(at(g.quote!.confirmBy, -2 * DAY_MS));
    expect(await mailsOf(g)).toHaveLength(3);
    await remind(at(v2.quote!.confirmBy, -2 * DAY_MS));
    const mails = await mailsOf(g);
    expect(mails).toHaveLength(6);
    expect(mails.at(-1)!.text).toContain('Quote version 2');
    expect((await remindersOf(g)).map((r) => [r.lead, r.dueAt.toISOString()])).toEqual([
      ['3d', g.quote!.confirmBy],
      ['3d', v2.quote!.confirmBy],
    ]);
  });
});

describe('mails on lapse', () => {
  it('a quote not confirmed in time: closed, and mailed once in the same run', async () => {
    const g = await quoted(farPlan(30));
    const confirmBy = g.quote!.confirmBy;
    expect(await closeLapsedGroups(t.app.deps, at(confirmBy, 60_000))).toBeGreaterThanOrEqual(1);
    expect((await detail(g)).status).toBe('closed');
    const mails = await mailsOf(g);
    expect(mails.map((m) => m.to).sort()).toEqual(A00001_RECIPIENTS);
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(['group-lapsed']));
    const dueText = `${confirmBy.slice(0, 16).replace('T', ' ')} UTC`;
    expect(mails[0].subject).toBe(`Demo Platform: group ${g.bookingNumber} closed, Quote confirmation deadline missed`);
    expect(mails[0].text).toContain(
      `Group booking ${g.bookingNumber} (PEK-SHA) is closed.\nThe quote (version 1) was not confirmed by ${dueText}: it lapsed and the group is closed. Submit a new request if you still need the seats.`,
    );
    expect(mails[0].text).toContain(`${TEST_PUBLIC_URL}/flight/group/order/${g.id}`);
    expect(await closeLapsedGroups(t.app.deps, at(confirmBy, 120_000))).toBe(0);
    expect(await mailsOf(g)).toHaveLength(3);
    expect((await remindersOf(g)).map((r) => [r.deadline, r.lead])).toEqual([['confirm', 'lapse']]);
  });

  it('an instalment not paid in time: closed, deposits kept, "Group payment time expired, contact the administrator"', async () => {
    const g = await payable(farPlan(31));
    const deposit1 = g.quote!.paymentPlan[0].dueAt;
    expect(await closeLapsedGroups(t.app.deps, at(deposit1, 60_000))).toBeGreaterThanOrEqual(1);
    expect((await detail(g)).status).toBe('closed');
    const mails = await mailsOf(g);
    expect(mails.map((m) => m.to).sort()).toEqual(A00001_RECIPIENTS);
    expect(mails[0].kind).toBe('group-lapsed');
    expect(mails[0].subject).toBe(`Demo Platform: group ${g.bookingNumber} closed, First deposit deadline missed`);
    expect(mails[0].text).toContain(
      `First deposit of 10.00 CNY was not paid by ${deposit1.slice(0, 16).replace('T', ' ')} UTC: the group is closed and the deposits already paid are not refunded.\nGroup payment time expired, contact the administrator`,
    );
    expect(await closeLapsedGroups(t.app.deps, at(deposit1, 120_000))).toBe(0);
    expect(await mailsOf(g)).toHaveLength(3);
  });
});

describe('GET /order/v2/flight/group/deadlines', () => {
  const deadlines = (token: string, query: Record<string, string | number> = {}) => call<GroupDeadlineAnswer>(t.app, 'GET', `${GROUPS}/deadlines`, { token, query: { pageSize: 100, ...query } });
  const soonestFirst = (items: GroupDeadlineItem[]) => items.every((x, i) => i === 0 || Date.parse(items[i - 1].dueAt) <= Date.parse(x.dueAt));

  it('the desk sees every agency’s open deadlines soonest first, within the days asked, with the reminders sent', async () => {
    const mine = await quoted(farPlan(2));
    const theirs = await quoted(farPlan(1), other);
    const later = await quoted(farPlan(20));
    const paying = await payable({ confirmBy: inMs(DAY_MS), paymentPlan: [{ kind: 'deposit1', amount: 2500, dueAt: inMs(3 * DAY_MS) }, { kind: 'final', amount: 10_200, dueAt: inMs(30 * DAY_MS) }] });
    await remind(new Date());

    const res = await deadlines(admin);
    expect(res.status, res.message).toBe(200);
    const items = res.data.items;
    expect(soonestFirst(items)).toBe(true);
    const ids = items.map((i) => i.id);
    expect(ids.filter((id) => [theirs.id, mine.id, paying.id].includes(id))).toEqual([theirs.id, mine.id, paying.id]);
    expect(ids).not.toContain(later.id);
    expect(items.find((i) => i.id === theirs.id)).toMatchObject({ companyCode: 'A00002', companyName: 'Second Agency', deadline: 'confirm', status: 'to_be_confirm', amount: 12_700, currency: 'CNY', route: 'PEK-SHA' });
    expect(items.find((i) => i.id === theirs.id)!.reminders.map((r) => r.lead)).toEqual(['1d']);
    expect(items.find((i) => i.id === mine.id)).toMatchObject({ companyCode: 'A00001', bookingNumber: mine.bookingNumber, dueAt: mine.quote!.confirmBy });
    expect(items.find((i) => i.id === mine.id)!.reminders.map((r) => r.lead)).toEqual(['3d']);
    expect(items.find((i) => i.id === paying.id)).toMatchObject({ deadline: 'deposit1', status: 'to_be_pay_first', amount: 2500, currency: 'CNY', dueAt: paying.quote!.paymentPlan[0].dueAt });

    const wider = await deadlines(admin, { withinDays: 30 });
    expect(wider.data.items.map((i) => i.id)).toContain(later.id);
    expect(soonestFirst(wider.data.items)).toBe(true);
    const narrow = await deadlines(admin, { withinDays: 1 });
    expect(narrow.data.items.map((i) => i.id)).not.toContain(mine.id);
    expect(narrow.data.items.map((i) => i.id)).toContain(theirs.id);
  });

  it('pages through the same order', async () => {
    const all = (await deadlines(admin, { withinDays: 90 })).data;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const pages: string[] = [];
    for (let page = 1; page <= all.total; page++) {
      const res = await deadlines(admin, { withinDays: 90, page, pageSize: 1 });
      expect(res.data).toMatchObject({ page, pageSize: 1, total: all.total });
      pages.push(...res.data.items.map((i) => i.id));
    }
    expect(pages).toEqual(all.items.map((i) => i.id));
    expect((await deadlines(admin, { withinDays: 90, page: all.total + 1, pageSize: 1 })).data.items).toEqual([]);
  });

  it('refuses the agencies as the other desk routes do, and a withinDays out of range', async () => {
    const desk = await call(t.app, 'GET', `${GROUPS}/desk`, { token: operator });
    for (const token of [operator, agency, finance, other]) {
      const res = await deadlines(token);
      expect(res.status).toBe(403);
      expect(res.code).toBe(desk.code);
    }
    expect(desk.code).toBe(Code.FORBIDDEN);
    expect((await call(t.app, 'GET', `${GROUPS}/deadlines`)).status).toBe(401);
    expect((await deadlines(admin, { withinDays: 0 })).status).toBe(400);
    expect((await deadlines(admin, { withinDays: 91 })).status).toBe(400);
    expect((await deadlines(admin, { withinDays: 90 })).status).toBe(200);
  });
});

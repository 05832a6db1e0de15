import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADJUSTMENT_BP, MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR, MAX_CREDIT_LIMIT_MINOR } from '@portal/contract/amounts';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { Code } from '@portal/contract/codes';
import { formatMoney } from '@portal/contract/currency';
import { paymentTransactions, userLogs } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { AppError } from '../src/plugins/errors.ts';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';

/**
 * Issue 9, finding 8: top-ups of 1e13 repeated 901 times pushed a balance past 2^53; the crossing top-ups committed and
 * then answered 500 (a retry under a new key credited twice) and the agency list answered 500 from then on. Every
 * amount and balance is now bounded (contract amounts.ts) and checked before anything commits.
 */

let t: TestApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

async function newAgency(): Promise<string> {
  seq += 1;
  const res = await call(t.app, 'POST', '/base/v2/agencies', {
    token: admin,
    body: {
      name: `Bounds Agency ${seq}`,
      contactName: 'Contact',
      contactEmail: `bounds${seq}@agency.example`,
      contactPhone: '+86 10 1234 5678',
      settlementCurrency: 'CNY',
      superUser: { username: `bounds${seq}`, password: 'Boss@1234' },
    },
  });
  expect(res.code, res.message).toBe(0);
  return res.data.id;
}

const topUpBody = (amount: number) => ({ receivedCurrency: 'CNY', receivedAmount: amount, exchangeRate: '1', referenceNumber: 'BANK-1', amount });
const topUp = (id: string, amount: number, key = randomUUID()) =>
  call(t.app, 'POST', `/base/v2/agencies/${id}/balance`, { token: admin, body: topUpBody(amount), headers: { 'idempotency-key': key } });

/** Credits the agency through the ledger until its cash is `target` (faster than one request per 10^12). */
async function fill(id: string, target: number): Promise<void> {
  let cash = (await ledger.balances(t.db, id, 'CNY')).cash;
  while (cash < target) {
    const step = Math.min(MAX_AMOUNT_MINOR, target - cash);
    const r = await ledger.topUp(t.db, id, 'CNY', step);
    expect(r.ok).toBe(true);
    cash += step;
  }
}

const cashOf = async (id: string) => (await ledger.balances(t.db, id, 'CNY')).cash;
const transactionsOf = async (id: string) => (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.companyId, id))).length;
const logCount = async () => (await t.db.select().from(userLogs)).length;
const LIMIT_MESSAGE = `The balance cannot exceed ${formatMoney(MAX_BALANCE_MINOR, 'CNY')} CNY (funds held for bookings included); this amount would take it past that, so nothing was changed`;

describe('the bounds', () => {
  it('keep every figure exact as a JSON number, with room to spare', () => {
    expect(MAX_BALANCE_MINOR + MAX_CREDIT_LIMIT_MINOR + MAX_AMOUNT_MINOR).toBeLessThan(Number.MAX_SAFE_INTEGER / 10);
    expect(MAX_AMOUNT_MINOR * 100).toBe(MAX_BALANCE_MINOR);
  });
});

describe('one top-up', () => {
  it('is credited at the bound and refused past it, before anything is written', async () => {
    const id = await newAgency();
    const at = await topUp(id, MAX_AMOUNT_MINOR);
    expect(at.status, at.message).toBe(200);
    expect(at.data.balance.cash).toBe(MAX_AMOUNT_MINOR);

    const logs = await logCount();
    for (const amount of [MAX_AMOUNT_MINOR + 1, 1e13]) {
      const past = await topUp(id, amount);
      expect(past.status).toBe(400);
      expect(past.code).toBe(Code.VALIDATION);
      expect(past.data.fields.amount).toBe(`The amount cannot exceed ${MAX_AMOUNT_MINOR} (in minor units, e.g. cents)`);
      expect(past.data.fields.receivedAmount).toBeDefined();
    }
    expect(await transactionsOf(id)).toBe(1);
    expect(await logCount()).toBe(logs);
    expect(await cashOf(id)).toBe(MAX_AMOUNT_MINOR);
  });

  it('whose converted amount passes the bound is refused by the ledger, nothing written', async () => {
    const id = await newAgency();
    // 10^12 received at a rate of 2 converts to 2 x 10^12, past one movement's bound.
    const res = await call(t.app, 'POST', `/base/v2/agencies/${id}/balance`, {
      token: admin,
      body: { receivedCurrency: 'USD', receivedAmount: MAX_AMOUNT_MINOR, exchangeRate: '2', referenceNumber: 'BANK-2', amount: 2 * MAX_AMOUNT_MINOR },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.data.fields.amount).toBeDefined();
    expect(await transactionsOf(id)).toBe(0);
  });
});

describe('repeated top-ups', () => {
  it('stop exactly at the balance bound: the last one answers exact figures, the next is a 409 with nothing changed', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR - MAX_AMOUNT_MINOR);
    const last = await topUp(id, MAX_AMOUNT_MINOR);
    expect(last.status, last.message).toBe(200);
    expect(last.data.balance).toMatchObject({ cash: MAX_BALANCE_MINOR, available: MAX_BALANCE_MINOR });

    const transactions = await transactionsOf(id);
    const logs = await logCount();
    const key = randomUUID();
    for (let attempt = 0; attempt < 3; attempt++) {
      // The same key again, and again: still refused, still nothing written (refusals are not stored).
      const over = await topUp(id, 1, key);
      expect(over.status).toBe(409);
      expect(over.code).toBe(Code.CONFLICT);
      expect(over.message).toBe(LIMIT_MESSAGE);
    }
    expect(await cashOf(id)).toBe(MAX_BALANCE_MINOR);
    expect(await transactionsOf(id)).toBe(transactions);
    expect(await logCount()).toBe(logs);

    // The list and the detail keep answering.
    const list = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { pageSize: 100 } });
    expect(list.status, list.message).toBe(200);
    expect(list.data.items.find((a: { id: string }) => a.id === id).balance.cash).toBe(MAX_BALANCE_MINOR);
    expect((await call(t.app, 'GET', `/base/v2/agencies/${id}`, { token: admin })).status).toBe(200);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('racing for the last room never overshoot it', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR - 3 * MAX_AMOUNT_MINOR);
    const answers = await Promise.all(Array.from({ length: 10 }, () => topUp(id, MAX_AMOUNT_MINOR)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await cashOf(id)).toBe(MAX_BALANCE_MINOR);
    expect(await transactionsOf(id)).toBe(3);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('count money held for bookings, and releasing a hold at the bound never fails', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR);
    const held = await ledger.hold(t.db, id, 'CNY', MAX_AMOUNT_MINOR);
    expect(held.ok).toBe(true);
    expect((await topUp(id, 1)).status).toBe(409);
    await expect(ledger.refund(t.db, id, 'CNY', 1, 'refund-flight')).rejects.toMatchObject({ code: Code.CONFLICT, key: 'error.balance.limit' });
    const released = await ledger.release(t.db, (held as { holdId: string }).holdId);
    expect(released.ok).toBe(true);
    expect(await cashOf(id)).toBe(MAX_BALANCE_MINOR);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('retried with the same key credit once: refused while there is no room, credited once there is, replayed after', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR - MAX_AMOUNT_MINOR / 2);
    const key = randomUUID();
    expect((await topUp(id, MAX_AMOUNT_MINOR, key)).status).toBe(409);
    expect((await topUp(id, MAX_AMOUNT_MINOR, key)).status).toBe(409);
    // The agency spends; now the same request fits.
    expect((await ledger.pay(t.db, id, 'CNY', MAX_AMOUNT_MINOR, 'origin-flight')).ok).toBe(true);
    const credited = await topUp(id, MAX_AMOUNT_MINOR, key);
    expect(credited.status, credited.message).toBe(200);
    expect(credited.data.replayed).toBe(false);
    const replay = await topUp(id, MAX_AMOUNT_MINOR, key);
    expect(replay.status).toBe(200);
    expect(replay.data.replayed).toBe(true);
    expect(await cashOf(id)).toBe(MAX_BALANCE_MINOR - MAX_AMOUNT_MINOR / 2);
    expect(await transactionsOf(id)).toBe(1);
  });
});

describe('the ledger itself', () => {
  it('refuses a movement past the bound with a localized error, whoever calls it', async () => {
    const id = await newAgency();
    await fill(id, 10);
    const tooLarge = { code: Code.VALIDATION, key: 'error.amount.tooLarge' };
    await expect(ledger.topUp(t.db, id, 'CNY', MAX_AMOUNT_MINOR + 1)).rejects.toMatchObject(tooLarge);
    await expect(ledger.pay(t.db, id, 'CNY', MAX_AMOUNT_MINOR + 1, 'origin-flight')).rejects.toMatchObject(tooLarge);
    await expect(ledger.refund(t.db, id, 'CNY', MAX_AMOUNT_MINOR + 1, 'refund-flight')).rejects.toMatchObject(tooLarge);
    await expect(ledger.hold(t.db, id, 'CNY', MAX_AMOUNT_MINOR + 1)).rejects.toMatchObject(tooLarge);
    await expect(ledger.setCreditLimit(t.db, id, 'CNY', MAX_CREDIT_LIMIT_MINOR + 1)).rejects.toBeInstanceOf(AppError);
    expect(await cashOf(id)).toBe(10);
  });

  it('holds cash plus held money to the bound under concurrent top-ups, holds and releases', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR - 5 * MAX_AMOUNT_MINOR);
    const holdsAndReleases = Array.from({ length: 10 }, async () => {
      const h = await ledger.hold(t.db, id, 'CNY', MAX_AMOUNT_MINOR / 10);
      if (h.ok) await ledger.release(t.db, h.holdId);
    });
    const topUps = Array.from({ length: 20 }, () =>
      ledger.topUp(t.db, id, 'CNY', MAX_AMOUNT_MINOR).then(
        (r) => r.ok,
        (e: unknown) => {
          expect(e).toMatchObject({ code: Code.CONFLICT });
          return false;
        },
      ),
    );
    const [credited] = await Promise.all([Promise.all(topUps), Promise.all(holdsAndReleases)]);
    // Holds and releases move money between cash and held and never change their sum: exactly five fit.
    expect(credited.filter(Boolean)).toHaveLength(5);
    const b = await ledger.balances(t.db, id, 'CNY');
    expect(b.cash + b.held).toBe(MAX_BALANCE_MINOR);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('refuses to reverse a payment into a full wallet, and changes nothing', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR);
    const paid = await ledger.pay(t.db, id, 'CNY', 100, 'origin-flight');
    expect(paid.ok).toBe(true);
    await fill(id, MAX_BALANCE_MINOR);
    await expect(ledger.reverse(t.db, (paid as { movementId: string }).movementId)).rejects.toMatchObject({ code: Code.CONFLICT });
    expect(await cashOf(id)).toBe(MAX_BALANCE_MINOR);
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });

  it('has the database refuse a balance growing past the bound and a credit line past its bound', async () => {
    const id = await newAgency();
    await fill(id, MAX_BALANCE_MINOR);
    await expect(t.db.execute(sql`update ledger_accounts set balance = balance + 1 where company_id = ${id} and kind = 'cash'`)).rejects.toThrow();
    await expect(
      t.db.execute(sql`update ledger_accounts set credit_limit = ${MAX_CREDIT_LIMIT_MINOR + 1} where company_id = ${id} and kind = 'cash'`),
    ).rejects.toThrow();
    // Lowering it is always allowed (a payment, a repair).
    expect((await ledger.pay(t.db, id, 'CNY', 1, 'origin-flight')).ok).toBe(true);
  });
});

describe('the credit line', () => {
  it('is bounded too: at the bound it is set and answered exactly, past it refused', async () => {
    const id = await newAgency();
    const past = await call(t.app, 'PUT', `/base/v2/agencies/${id}/credit`, { token: admin, body: { credit: MAX_CREDIT_LIMIT_MINOR + 1 } });
    expect(past.status).toBe(400);
    expect(past.data.fields.credit).toBe(`The credit limit cannot exceed ${MAX_CREDIT_LIMIT_MINOR} (in minor units, e.g. cents)`);
    await fill(id, MAX_BALANCE_MINOR);
    const at = await call(t.app, 'PUT', `/base/v2/agencies/${id}/credit`, { token: admin, body: { credit: MAX_CREDIT_LIMIT_MINOR } });
    expect(at.status, at.message).toBe(200);
    expect(at.data).toMatchObject({ creditLimit: MAX_CREDIT_LIMIT_MINOR, available: MAX_BALANCE_MINOR + MAX_CREDIT_LIMIT_MINOR });
  });
});

describe('amounts of an agency configuration', () => {
  it('refuses a fee or fixed adjustment past one movement and a percentage past 100 %', async () => {
    const id = await newAgency();
    const put = (flight: unknown) => call(t.app, 'PUT', `/base/v2/agencies/${id}/config`, { token: admin, body: { flight } });
    const fees = await put({ ...DEFAULT_FLIGHT_CONFIG, serviceFees: { ...DEFAULT_FLIGHT_CONFIG.serviceFees, booking: MAX_AMOUNT_MINOR + 1 } });
    expect(fees.status).toBe(400);
    expect(Object.keys(fees.data.fields)).toEqual(['flight.serviceFees.booking']);
    const percent = await put({ ...DEFAULT_FLIGHT_CONFIG, markup: { value: MAX_ADJUSTMENT_BP + 1, unit: 'percent' } });
    expect(percent.status).toBe(400);
    expect(percent.data.fields['flight.markup.value']).toMatch(/basis points/);
    const adjustment = await put({
      ...DEFAULT_FLIGHT_CONFIG,
      priceAdjustments: [{ area: 'domestic', value: -(MAX_AMOUNT_MINOR + 1), unit: 'fixed', limit: 0 }],
    });
    expect(Object.keys(adjustment.data.fields)).toEqual(['flight.priceAdjustments.0.value']);
    const fine = await put({ ...DEFAULT_FLIGHT_CONFIG, markup: { value: -MAX_ADJUSTMENT_BP, unit: 'percent' } });
    expect(fine.status, fine.message).toBe(200);
  });
});

describe('a balance stored past the bounds before they existed', () => {
  it('does not stop the agency list, the detail or a top-up from answering', async () => {
    const id = await newAgency();
    await fill(id, 5);
    // What the probe left behind: 2^53 + 1, which JavaScript cannot even hold exactly.
    await t.db.execute(sql`alter table ledger_accounts disable trigger ledger_accounts_balance_bound`);
    await t.db.execute(sql`update ledger_accounts set balance = 9007199254740993 where company_id = ${id} and kind = 'cash'`);
    await t.db.execute(sql`alter table ledger_accounts enable trigger ledger_accounts_balance_bound`);
    try {
      const list = await call(t.app, 'GET', '/base/v2/agencies', { token: admin, query: { pageSize: 100 } });
      expect(list.status, list.message).toBe(200);
      expect(list.data.items.find((a: { id: string }) => a.id === id).balance.cash).toBe(Number.MAX_SAFE_INTEGER);
      expect((await call(t.app, 'GET', `/base/v2/agencies/${id}`, { token: admin })).status).toBe(200);
      const more = await topUp(id, 100);
      expect(more.status).toBe(409);
      expect(more.message).toBe(LIMIT_MESSAGE);
      // Paying from it still works (the bound refuses growth only), and the books say what is wrong.
      expect((await ledger.pay(t.db, id, 'CNY', 1, 'origin-flight')).ok).toBe(true);
      expect((await ledger.checkInvariants(t.db)).map((v) => v.check)).toContain('agency_funds_within_bound');
    } finally {
      // Back to what its journal says, so the other tests' invariant checks hold.
      await t.db.execute(sql`update ledger_accounts a set balance = (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)
        where company_id = ${id} and kind = 'cash'`);
    }
    expect(await ledger.checkInvariants(t.db)).toEqual([]);
  });
});

import { asc } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/index.ts';
import * as ledger from '../src/modules/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  ids = (await t.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.code)).limit(2)).map((r) => r.id);
});
afterAll(() => t?.close());

const amount = fc.integer({ min: 1, max: 5_000 });
const who = fc.integer({ min: 0, max: 1 });
const op = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), who, amount }),
  fc.record({ kind: fc.constant('credit' as const), who, amount: fc.integer({ min: 0, max: 8_000 }) }),
  fc.record({ kind: fc.constant('hold' as const), who, amount }),
  fc.record({ kind: fc.constant('capture' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), who, amount }),
  fc.record({ kind: fc.constant('refund' as const), who, amount }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

let run = 0;

describe('ledger properties', () => {
  it('keeps the books consistent and matches a simple model under random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        run++;
        // A currency per run keeps the model's starting point at zero without a fresh database.
        const currency = (['CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP', 'AUD', 'CAD', 'THB', 'SGD'] as const)[run % 10];
        const start = await Promise.all(ids.map((id) => ledger.balances(t.db, id, currency)));
        const model = start.map((b) => ({ cash: b.cash, held: b.held, limit: b.creditLimit }));
        const holds: Array<{ id: string; who: number; amount: number; state: 'held' | 'captured' | 'released' }> = [];
        const keys: Array<{ key: string; who: number; amount: number; movementId: string }> = [];
        for (const o of ops) {
          switch (o.kind) {
            case 'topUp': {
              const r = await ledger.topUp(t.db, ids[o.who], currency, o.amount);
              expect(r.ok).toBe(true);
              model[o.who].cash += o.amount;
              break;
            }
            case 'credit': {
              const m = model[o.who];
              const r = await ledger.setCreditLimit(t.db, ids[o.who], currency, o.amount);
              expect(r.ok).toBe(m.cash >= -o.amount);
              if (r.ok) m.limit = o.amount;
              break;
            }
            case 'hold': {
              const m = model[o.who];
              const r = await ledger.hold(t.db, ids[o.who], currency, o.amount);
              expect(r.ok).toBe(m.cash - o.amount >= -m.limit);
              if (r.ok) {
                m.cash -= o.amount;
                m.held += o.amount;
                holds.push({ id: r.holdId, who: o.who, amount: o.amount, state: 'held' });
              }
              break;
            }
            case 'capture':
            case 'release': {
              if (!holds.length) break;
              const h = holds[o.pick % holds.length];
              const target = o.kind === 'capture' ? 'captured' : 'released';
              const r = o.kind === 'capture' ? await ledger.capture(t.db, h.id) : await ledger.release(t.db, h.id);
              if (h.state === 'held') {
                expect(r).toMatchObject({ ok: true, replayed: false, status: target });
                h.state = target;
                model[h.who].held -= h.amount;
                if (target === 'released') model[h.who].cash += h.amount;
              } else if (h.state === target) {
                expect(r).toMatchObject({ ok: true, replayed: true });
              } else {
                expect(r).toMatchObject({ ok: false, reason: 'hold_already_resolved' });
              }
              break;
            }
            case 'pay': {
              const m = model[o.who];
              const key = `prop-${run}-${keys.length}-${Math.random()}`;
              const r = await ledger.pay(t.db, ids[o.who], currency, o.amount, 'origin-flight', { idempotencyKey: key });
              expect(r.ok).toBe(m.cash - o.amount >= -m.limit);
              if (r.ok) {
                m.cash -= o.amount;
                keys.push({ key, who: o.who, amount: o.amount, movementId: r.movementId });
              }
              break;
            }
            case 'refund': {
              const r = await ledger.refund(t.db, ids[o.who], currency, o.amount, 'refund-flight');
              expect(r.ok).toBe(true);
              model[o.who].cash += o.amount;
              break;
            }
            case 'replay': {
              if (!keys.length) break;
              const k = keys[o.pick % keys.length];
              const r = await ledger.pay(t.db, ids[k.who], currency, k.amount, 'origin-flight', { idempotencyKey: k.key });
              expect(r).toEqual({ ok: true, replayed: true, movementId: k.movementId });
              break;
            }
          }
        }
        for (const [i, id] of ids.entries()) {
          const b = await ledger.balances(t.db, id, currency);
          expect({ cash: b.cash, held: b.held, limit: b.creditLimit }).toEqual(model[i]);
          expect(b.cash).toBeGreaterThanOrEqual(-b.creditLimit);
        }
        expect(await ledger.checkInvariants(t.db)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

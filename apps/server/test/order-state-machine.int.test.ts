import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_STATUSES, ORIGIN_STATUSES, REFUND_STATUSES, VOID_STATUSES, type OrderStatus, type OrderType } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { AppError } from '../src/plugins/errors.ts';
import { applyTransition } from '../src/modules/flight-orders/order-transition.ts';
import { eventsOf, insertOrder, lockOrder } from '../src/modules/flight-orders/order.repository.ts';
import { STATE_TABLES, type OrderActor } from '../src/modules/flight-orders/order.states.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * The origin order's state table, walked exhaustively through the code that runs it: for every status, every event and
 * every actor, the move either happens (status saved, event recorded) exactly when the table has that row, or is
 * refused with ORDER_STATE and changes nothing.
 */
let t: TestApp;
let companyId: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await companyIdOf(t, 'A00001');
});
afterAll(() => t?.close());

async function orderIn(status: OrderStatus, type: OrderType = 'origin') {
  const now = new Date();
  return insertOrder(
    t.db,
    {
      bookingNumber: `T${String(++seq).padStart(9, '0')}`,
      companyId,
      status,
      type,
      supplier: 'sim-gds',
      validatingCarrier: 'CA',
      fareId: 'sim-gds:x',
      offer: {},
      fare: {},
      contact: { name: 'X', email: '', areaCode: '86', phone: '1' },
      currency: 'CNY',
      total: 100,
      costTotal: 90,
      invoiceType: 'Bill',
      productType: 'normal-standard',
      departureAt: now,
      departureDate: now.toISOString().slice(0, 10),
      lastFlightDate: now.toISOString().slice(0, 10),
    },
    [{ position: 0, type: 'adult', surname: 'A', givenNames: 'B', gender: 'male', birthday: '1990-01-01', nationality: 'CN', documentType: 'passport', documentNumber: 'E1234567' }],
    [{ position: 0, leg: 0, flightNumber: 'CA1501', carrier: 'CA', origin: 'PEK', destination: 'SHA', departure: '2030-01-01T08:00', arrival: '2030-01-01T10:10', departureDate: '2030-01-01', departureUtc: now, cabin: 'economy', bookingClass: 'Y' }],
  );
}

const ACTORS: OrderActor[] = ['agency', 'platform', 'system'];
/**
 * Each type's own statuses (spec point 4) plus its canceled/holding/failed variants, by every event of its table and
 * every actor: 11 x 14 x 3 for origin, and the same walk for change, refund and void.
 */
const STATUSES: Record<OrderType, readonly OrderStatus[]> = {
  origin: ORIGIN_STATUSES,
  change: [...CHANGE_STATUSES, 'change_canceled', 'change_holding', 'change_failed'],
  refund: [...REFUND_STATUSES, 'refund_canceled', 'refund_holding', 'refund_failed'],
  void: [...VOID_STATUSES, 'void_canceled', 'void_holding', 'void_failed'],
};
const cases = (Object.keys(STATE_TABLES) as OrderType[]).flatMap((type) =>
  STATUSES[type].flatMap((status) => STATE_TABLES[type].events.flatMap((event) => ACTORS.map((actor) => ({ type, status, event, actor })))),
);

describe('order state machines', () => {
  it('name only statuses of their own type', () => {
    for (const type of Object.keys(STATE_TABLES) as OrderType[]) {
      for (const t of STATE_TABLES[type].transitions) {
        expect(STATUSES[type]).toContain(t.from);
        expect(STATUSES[type]).toContain(t.to);
      }
    }
  });

  it.each(cases)('$type: $status --$event--> by $actor', async ({ type, status, event, actor }) => {
    const row = STATE_TABLES[type].transitions.find((x) => x.from === status && x.event === event && x.by.includes(actor));
    const order = await orderIn(status, type);
    const attempt = t.db.transaction(async (tx) => applyTransition(tx, (await lockOrder(tx, order.id))!, event, { kind: actor, userId: null }));
    if (row) {
      const moved = await attempt;
      expect(moved.status).toBe(row.to);
      const events = await eventsOf(t.db, order.id);
      expect(events.map((e) => [e.event, e.fromStatus, e.toStatus])).toEqual([[event, status, row.to]]);
    } else {
      const err = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(Code.ORDER_STATE);
      expect((err as AppError).key).toBe('order.transition.refused');
      expect(await eventsOf(t.db, order.id)).toEqual([]);
    }
  });
});

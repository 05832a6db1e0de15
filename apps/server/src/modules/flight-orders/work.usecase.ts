import type { FlightConfig } from '@portal/contract/api/agency-config';
import type { Currency } from '@portal/contract/currency';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import type { SupplierBooking } from '../../suppliers/air/types.ts';
import { captureAsSpend } from '../ledger/ledger.service.ts';
import { kickWebhooks } from '../webhooks/webhooks.delivery.ts';
import { confirmBooked } from './book.usecase.ts';
import { leaseMs, bookBudgetMs, ticketBudgetMs, type OrderDeps } from './deps.ts';
import { failAndReimburse } from './fail.usecase.ts';
import { applyTransition, SYSTEM } from './order-transition.ts';
import { claimOrder, dueOrderIds, lockOrder, passengersOf, setTicketNumber, updateOrder, type OrderRow } from './order.repository.ts';
import { call, isDefinite, refOf, releaseAtSupplier, supplierOf } from './supplier-calls.ts';
import { ORDER_REFERENCE } from './pay.usecase.ts';
import { stepAfterSales } from './after-sales/work.ts';

/**
 * The background side of an order, one step at a time (docs/decisions/0010): whoever claims the order's lease takes
 * its next step, so a step runs in one process at a time and a process killed mid-step (kill -9) only leaves a lease
 * that runs out. Every step is safe to repeat: the supplier calls are idempotent or checked first (retrieve by our
 * own reference), and each status change happens under the row lock, exactly once.
 *
 *  holding            -> ask the supplier by our reference: booked -> to_be_paid/reviewing; none -> closed
 *  to_be_paid/review  -> at the payment deadline: release the booking, closed
 *  proceeding         -> ticket (or, after an unknown outcome, retrieve first): issued (hold captured), or failed and
 *                        reimbursed; unknown again -> retry with backoff
 */

export type StepOutcome = 'busy' | 'done' | 'later';

/** After an unknown outcome: 15 s, 30 s, 1 min ... capped at 30 min. */
const backoff = (attempts: number) => Math.min(30 * 60_000, 15_000 * 2 ** Math.min(attempts, 10));
/** A holding order the supplier still does not know after this long was never booked. */
const HOLDING_GIVE_UP_MS = 10 * 60_000;

export async function advanceOrder(deps: OrderDeps, orderId: string, o: { now?: Date; force?: boolean } = {}): Promise<StepOutcome> {
  const outcome = await takeStep(deps, orderId, o);
  // The step's status changes wrote webhook rows; send them now rather than at the next minutely run.
  if (outcome !== 'busy') void kickWebhooks(deps);
  return outcome;
}

async function takeStep(deps: OrderDeps, orderId: string, o: { now?: Date; force?: boolean }): Promise<StepOutcome> {
  const now = o.now ?? new Date();
  const order = await claimOrder(deps.db, orderId, now, new Date(now.getTime() + leaseMs()), o.force);
  if (!order) return 'busy';
  try {
    if (order.type !== 'origin') return await stepAfterSales(deps, order, now);
    switch (order.status) {
      case 'holding':
        return await reconcileHolding(deps, order, now);
      case 'to_be_paid':
      case 'reviewing':
        return await expireIfDue(deps, order, now);
      case 'proceeding':
        return await ticketOrder(deps, order, now);
      default:
        await updateOrder(deps.db, order.id, { nextActionAt: null, leaseUntil: null });
        return 'done';
    }
  } catch (err) {
    deps.log?.error({ err, orderId }, 'order step failed; retrying later');
    await updateOrder(deps.db, order.id, { attempts: order.attempts + 1, nextActionAt: new Date(now.getTime() + backoff(order.attempts)), leaseUntil: null });
    return 'later';
  }
}

/** The sweep: every order whose step is due and that nobody holds. Returns how many steps it took. */
export async function advanceDueOrders(deps: OrderDeps, now: Date = new Date()): Promise<number> {
  let n = 0;
  for (const id of await dueOrderIds(deps.db, now)) if ((await advanceOrder(deps, id, { now })) !== 'busy') n++;
  return n;
}

const later = async (deps: OrderDeps, order: OrderRow, now: Date, inDoubt = order.inDoubt): Promise<StepOutcome> => {
  await updateOrder(deps.db, order.id, { attempts: order.attempts + 1, inDoubt, nextActionAt: new Date(now.getTime() + backoff(order.attempts)), leaseUntil: null });
  return 'later';
};

async function reviewSetting(deps: OrderDeps, companyId: string): Promise<boolean> {
  const [c] = await deps.db.select({ flightConfig: companies.flightConfig }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return !!(c?.flightConfig as FlightConfig | null)?.bookingReview;
}

async function reconcileHolding(deps: OrderDeps, order: OrderRow, now: Date): Promise<StepOutcome> {
  const supplier = supplierOf(deps, order);
  let booking: SupplierBooking | null;
  try {
    booking = await call(bookBudgetMs(), (signal) => supplier.retrieve({ clientReference: order.id }, { signal, now }));
  } catch (err) {
    deps.log?.warn({ err, orderId: order.id }, 'reconciliation could not reach the supplier');
    return later(deps, order, now);
  }
  if (booking && booking.status !== 'cancelled') {
    const review = await reviewSetting(deps, order.companyId) || order.productType === 'special-before-24' || order.productType === 'special-before-4';
    await confirmBooked(deps, order.id, booking, review);
    return 'done';
  }
  if (!booking && now.getTime() - order.createdAt.getTime() < HOLDING_GIVE_UP_MS) return later(deps, order, now);
  await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (locked.status !== 'holding') return;
    await applyTransition(tx, locked, 'book_failed', SYSTEM, {
      remark: booking ? 'cancelled at the supplier' : 'no booking at the supplier',
      patch: { nextActionAt: null, leaseUntil: null, inDoubt: false },
    });
  });
  return 'done';
}

async function expireIfDue(deps: OrderDeps, order: OrderRow, now: Date): Promise<StepOutcome> {
  if (order.paymentDeadline && order.paymentDeadline > now) {
    await updateOrder(deps.db, order.id, { nextActionAt: order.paymentDeadline, leaseUntil: null });
    return 'later';
  }
  const closed = await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (locked.status !== 'to_be_paid' && locked.status !== 'reviewing') return null;
    return applyTransition(tx, locked, 'expire', SYSTEM, { patch: { nextActionAt: null, leaseUntil: null } });
  });
  if (closed) await releaseAtSupplier(deps, closed);
  return 'done';
}

async function ticketOrder(deps: OrderDeps, order: OrderRow, now: Date): Promise<StepOutcome> {
  const supplier = supplierOf(deps, order);
  const ref = refOf(order);
  if (!ref) throw new Error(`order ${order.id} is proceeding without a supplier booking`);
  let booking: SupplierBooking | null = null;
  try {
    if (order.inDoubt) {
      // The last ticketing call's outcome is unknown: look before asking again.
      booking = await call(bookBudgetMs(), (signal) => supplier.retrieve(ref, { signal }));
      if (booking?.status === 'cancelled' || !booking) return await fail(deps, order, booking ? 'booking cancelled at the supplier' : 'booking not found at the supplier');
    }
    if (booking?.status !== 'ticketed') {
      await updateOrder(deps.db, order.id, { inDoubt: true });
      const r = await call(ticketBudgetMs(), (signal) => supplier.ticket(ref, { signal }));
      if (r.status === 'refused') return await fail(deps, order, `ticketing refused: ${r.reason}`);
      booking = r.booking;
    }
  } catch (err) {
    if (isDefinite(err)) return await fail(deps, order, err instanceof Error ? err.message : String(err));
    deps.log?.warn({ err, orderId: order.id }, 'ticketing outcome unknown; will reconcile');
    return later(deps, order, now, true);
  }
  await issue(deps, order.id, booking!);
  return 'done';
}

async function fail(deps: OrderDeps, order: OrderRow, remark: string): Promise<StepOutcome> {
  await deps.db.transaction(async (tx) => {
    const locked = (await lockOrder(tx, order.id))!;
    if (locked.status !== 'proceeding') return;
    await failAndReimburse(tx, locked, 'ticketing_failed', SYSTEM, remark);
  });
  await releaseAtSupplier(deps, order);
  return 'done';
}

/** Tickets in, money captured, status issued: one transaction, exactly once whoever gets here first. */
async function issue(deps: OrderDeps, orderId: string, booking: SupplierBooking): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    if (order.status !== 'proceeding') return;
    const passengers = await passengersOf(tx, order.id);
    for (const t of booking.tickets) {
      const p = passengers[t.passengerIndex];
      if (p) await setTicketNumber(tx, p.id, t.ticketNumber);
    }
    if (!order.holdId) throw new Error(`order ${order.id} is proceeding without a payment hold`);
    const captured = await captureAsSpend(tx, order.holdId, {
      reason: 'origin-flight',
      reference: { type: ORDER_REFERENCE, id: order.id },
      result: { invoiceType: order.invoiceType, bookingNumber: order.bookingNumber },
      now: new Date(),
    });
    if (!captured.ok) throw new Error(`order ${order.id}: payment hold could not be captured (${captured.reason})`);
    await applyTransition(tx, order, 'issue', SYSTEM, {
      patch: { issuedAt: new Date(), nextActionAt: null, leaseUntil: null, inDoubt: false },
      data: { tickets: booking.tickets.map((t) => t.ticketNumber), currency: order.currency as Currency },
    });
  });
}

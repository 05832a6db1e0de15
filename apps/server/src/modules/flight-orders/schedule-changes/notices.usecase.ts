import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DisruptionKind, NoticeAnswerBody, NoticeFlight, NoticeListAnswer, NoticeListQuery, ScheduleNotice } from '@portal/contract/api/after-sales';
import { Code } from '@portal/contract/codes';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { AppError, forbidden } from '../../../plugins/errors.ts';
import type { SupplierScheduleChange } from '../../../suppliers/air/types.ts';
import type { AuthContext } from '../../auth/session.service.ts';
import { noticeToOrderContact } from '../../notifications/outbox.service.ts';
import { flightConfigOf } from '../../shopping/agency-filters.ts';
import type { WebhookPayload } from '../../webhooks/webhooks.service.ts';
import { companyFlightConfig, ensureSecret, insertDelivery } from '../../webhooks/webhooks.repository.ts';
import { generateWebhookSecret } from '../../webhooks/webhooks.signature.ts';
import { isAmendableStatus } from '../after-sales/context.ts';
import { ownScope, visibleOrder } from '../order.access.ts';
import { findOrder, insertEvent, lockOrder, segmentsOf, type OrderRow } from '../order.repository.ts';
import {
  changeOrdersUnder,
  dueNoticeIds,
  findNotice,
  insertNotice,
  instantAt,
  listNoticeRows,
  lockNotice,
  noticeExists,
  noticesOfOrderRows,
  noticeWithOrder,
  replaceLegSegments,
  unacceptedNotice,
  updateNotice,
  updateNoticeFrom,
  type NoticeRow,
  type NoticeWithOrder,
} from './notices.repository.ts';

/**
 * Airline schedule changes on the portal side (issue 10, spec point 3: change, cancel_save, cancel_no_save, restore).
 * The supplier's queue becomes notices on our orders (schedule-changes job); the agent accepts the airline's new
 * flights or refuses them and asks for an involuntary refund or a free change (the after-sales use cases look the
 * refusal up); past the answer deadline the airline's change stands. A notice never changes the order's status: it
 * writes an event on the timeline, and accepting it replaces the leg's flights.
 */

/** The agent must answer well before check-in: two hours before the first affected departure. */
const ANSWER_BEFORE_DEPARTURE_MS = 2 * 60 * 60_000;
/** Airlines re-protect on their own after about three days without an answer (domain facts: retries for up to 72 h). */
const ANSWER_WITHIN_MS = 72 * 60 * 60_000;

/** malformed: the supplier's change cannot be a notice (no old flights, or no new ones where the kind needs them). */
export type RecordOutcome = 'recorded' | 'duplicate' | 'ignored' | 'malformed' | 'wait';

const notFound = () => new AppError(Code.NOT_FOUND, 'scheduleChange.notFound');

const sameFlight = (a: NoticeFlight, b: NoticeFlight | undefined) =>
  !!b && a.flightNumber === b.flightNumber && a.departure === b.departure && a.arrival === b.arrival && a.origin === b.origin && a.destination === b.destination;

/**
 * When the agent's answer is due. change, cancel_save, restore: two hours before the first flight the change touches
 * (its old or its new time, whichever is sooner, so a flight moved earlier is answered before it leaves), and never
 * more than 72 hours from now. cancel_no_save: the cancelled flight's departure, after which there is nothing left to
 * refuse.
 */
export function deadlineOf(kind: DisruptionKind, oldFlights: NoticeFlight[], newFlights: NoticeFlight[], now: Date): Date {
  const at = (f: NoticeFlight) => instantAt(f.origin, f.departure).getTime();
  if (kind === 'cancel_no_save') return new Date(Math.min(...oldFlights.map(at)));
  const touched: NoticeFlight[] = [];
  for (let i = 0; i < Math.max(oldFlights.length, newFlights.length); i++) {
    const o = oldFlights[i];
    const n = newFlights[i];
    if (o && sameFlight(o, n)) continue;
    if (o) touched.push(o);
    if (n) touched.push(n);
  }
  const first = Math.min(...(touched.length ? touched : [...oldFlights, ...newFlights]).map(at));
  return new Date(Math.min(first - ANSWER_BEFORE_DEPARTURE_MS, now.getTime() + ANSWER_WITHIN_MS));
}

/** What the agent may do with the notice now: nothing once answered, closed or past its deadline. */
export function actionsOf(n: Pick<NoticeRow, 'status' | 'kind' | 'deadline'>, now: Date): ScheduleNotice['actions'] {
  if (n.status !== 'open' || now.getTime() >= n.deadline.getTime()) return [];
  return n.kind === 'cancel_no_save' ? ['refuse'] : ['accept', 'refuse'];
}

export function toScheduleNotice(r: NoticeWithOrder, o: { now?: Date; answerable?: boolean } = {}): ScheduleNotice {
  const n = r.notice;
  return {
    id: n.id,
    orderId: n.orderId,
    bookingNumber: r.bookingNumber,
    recordLocator: r.recordLocator,
    kind: n.kind,
    status: n.status,
    leg: n.leg,
    oldFlights: n.oldFlights,
    newFlights: n.newFlights,
    deadline: n.deadline.toISOString(),
    createdAt: n.createdAt.toISOString(),
    resolvedAt: n.resolvedAt?.toISOString() ?? null,
    actions: o.answerable === false ? [] : actionsOf(n, o.now ?? new Date()),
  };
}

// ---- reads ----------------------------------------------------------------------------------------------------------

/**
 * The notices of one order, oldest first, for its detail page. The caller has checked the order is visible;
 * `answerable: false` (the platform desk reading an agency's order) leaves every notice without actions.
 */
export async function noticesOfOrder(db: DbOrTx, orderId: string, o: { now?: Date; answerable?: boolean } = {}): Promise<ScheduleNotice[]> {
  const rows = await noticesOfOrderRows(db, orderId);
  return rows.map((r) => toScheduleNotice(r, o));
}

/** The disruption inbox: the caller's agency's notices under the order list's tenancy, soonest deadline first. */
export async function listNotices(db: Db, auth: AuthContext, q: z.output<typeof NoticeListQuery>, now = new Date()): Promise<NoticeListAnswer> {
  const { rows, total } = await listNoticeRows(db, ownScope(auth), q);
  return { items: rows.map((r) => toScheduleNotice(r, { now })), total, page: q.page, pageSize: q.pageSize };
}

/**
 * "This order has an airline change the agent did not accept" (open or refused), of `leg` when given: a refund or a
 * change of the order is then involuntary. The newest such notice, or null.
 */
export function openOrRefusedNoticeFor(db: DbOrTx, orderId: string, leg?: number): Promise<NoticeRow | null> {
  return unacceptedNotice(db, orderId, leg);
}

/**
 * The agent answered the notice with a refund or change request (`resolutionOrderId`), inside that request's
 * transaction. Only an open or refused notice moves; null when it had already moved on (accepted, closed, or taken by
 * another request).
 */
export function markNoticeResolved(tx: DbOrTx, noticeId: string, status: 'refunding' | 'changing', resolutionOrderId: string): Promise<NoticeRow | null> {
  return updateNoticeFrom(tx, noticeId, ['open', 'refused'], { status, resolutionOrderId, resolvedAt: new Date() });
}

// ---- the agent's answer ---------------------------------------------------------------------------------------------

type Answer = 'accept' | 'refuse';

async function answerNotice(db: Db, auth: AuthContext, id: string, answer: Answer, body: z.output<typeof NoticeAnswerBody>, now: Date): Promise<ScheduleNotice> {
  const found = await findNotice(db, id);
  if (!found) throw notFound();
  let asDesk: boolean;
  try {
    ({ asDesk } = await visibleOrder(db, auth, found.orderId));
  } catch (err) {
    // One 404 for "no such notice" and "not yours", so notice ids of other agencies reveal nothing.
    if (err instanceof AppError && err.code === Code.NOT_FOUND) throw notFound();
    throw err;
  }
  // The desk may read an agency's notices but the answer is the agency's to give.
  if (asDesk) throw forbidden();
  await db.transaction(async (tx) => {
    const order = (await lockOrder(tx, found.orderId))!;
    const notice = (await lockNotice(tx, id))!;
    if (notice.status !== 'open') throw new AppError(Code.ORDER_STATE, 'scheduleChange.notOpen');
    if (now.getTime() >= notice.deadline.getTime()) throw new AppError(Code.ORDER_STATE, 'scheduleChange.deadlinePassed');
    if (!isAmendableStatus(order)) throw new AppError(Code.ORDER_STATE, 'afterSales.notAmendable');
    const actor = { actorKind: 'user' as const, actorUserId: auth.user.id, remark: body.remark ?? null };
    if (answer === 'accept') {
      if (notice.kind === 'cancel_no_save') throw new AppError(Code.ORDER_STATE, 'scheduleChange.cannotAccept');
      await replaceLegSegments(tx, order, notice.leg, notice.newFlights);
      await updateNotice(tx, notice.id, { status: 'accepted', resolvedBy: auth.user.id, resolvedAt: now });
      await insertEvent(tx, { orderId: order.id, event: 'schedule_change_accepted', from: order.status, to: order.status, ...actor, data: { kind: notice.kind, noticeId: notice.id } });
    } else {
      await updateNotice(tx, notice.id, { status: 'refused', resolvedBy: auth.user.id, resolvedAt: now });
      await insertEvent(tx, { orderId: order.id, event: 'schedule_change_refused', from: order.status, to: order.status, ...actor, data: { kind: notice.kind, noticeId: notice.id } });
    }
  });
  return toScheduleNotice((await noticeWithOrder(db, id))!, { now });
}

/** The agent takes the airline's new flights: the order's flights of that leg become them. */
export function acceptNotice(db: Db, auth: AuthContext, id: string, body: z.output<typeof NoticeAnswerBody>, o: { now?: Date } = {}): Promise<ScheduleNotice> {
  return answerNotice(db, auth, id, 'accept', body, o.now ?? new Date());
}

/** The agent does not take them: the order keeps its flights and a refund or change of it is involuntary. */
export function refuseNotice(db: Db, auth: AuthContext, id: string, body: z.output<typeof NoticeAnswerBody>, o: { now?: Date } = {}): Promise<ScheduleNotice> {
  return answerNotice(db, auth, id, 'refuse', body, o.now ?? new Date());
}

// ---- from the supplier's queue --------------------------------------------------------------------------------------

/** A change order still being reissued at the airline: its flights are not known yet. */
const REISSUING = new Set(['chg_proceeding', 'change_holding']);

const flightsOfLeg = (segments: Awaited<ReturnType<typeof segmentsOf>>, leg: number): NoticeFlight[] =>
  segments.filter((s) => s.leg === leg).map((s) => ({ flightNumber: s.flightNumber, origin: s.origin, destination: s.destination, departure: s.departure, arrival: s.arrival }));

/**
 * Which of our orders holds the leg now: the origin order (whose id the booking carries as its client reference) or,
 * after a change was reissued, the change order with the new tickets. The one whose flights of the leg are the
 * change's old flights, else the newest one holding the leg. 'wait' while tickets are still being issued or reissued.
 */
async function holderOf(db: DbOrTx, supplierCode: string, change: SupplierScheduleChange): Promise<OrderRow | 'ignored' | 'wait'> {
  if (!/^[0-9a-f-]{36}$/i.test(change.clientReference)) return 'ignored';
  const root = await findOrder(db, change.clientReference);
  if (!root || root.type !== 'origin' || root.supplier !== supplierCode) return 'ignored';
  if (root.status === 'proceeding') return 'wait';
  const changes = await changeOrdersUnder(db, root.id);
  if (changes.some((c) => REISSUING.has(c.status))) return 'wait';
  const candidates = [root, ...changes.filter((c) => c.status === 'changed')].reverse();
  let holding: OrderRow | null = null;
  for (const order of candidates) {
    const flights = flightsOfLeg(await segmentsOf(db, order.id), change.leg);
    if (!flights.length) continue;
    if (flights.length === change.oldFlights.length && flights.every((f, i) => sameFlight(f, change.oldFlights[i]))) return order;
    holding ??= order;
  }
  return holding ?? 'ignored';
}

/**
 * One change from the supplier's queue, in one transaction: the notice, an event on the order's timeline, the
 * agency's flight-change webhook and the mail to the booking's contact, all or nothing. Reading it again does
 * nothing (the unique index on supplier and the supplier's id). Only ticketed orders (issued, or changed) get notices;
 * anything else is ignored, except an order whose tickets are still being issued or reissued ('wait': read again later).
 */
export async function recordScheduleChange(db: Db, supplierCode: string, change: SupplierScheduleChange, now: Date): Promise<RecordOutcome> {
  if (await noticeExists(db, supplierCode, change.id)) return 'duplicate';
  // Retrying cannot repair the supplier's data, and holding the cursor on it would read it again every minute.
  if (!change.oldFlights.length || (change.kind !== 'cancel_no_save' && !change.newFlights.length)) return 'malformed';
  const holder = await holderOf(db, supplierCode, change);
  if (holder === 'ignored' || holder === 'wait') return holder;
  return db.transaction(async (tx) => {
    const order = (await lockOrder(tx, holder.id))!;
    if (!isAmendableStatus(order)) return 'ignored';
    const deadline = deadlineOf(change.kind, change.oldFlights, change.newFlights, now);
    // created_at stays the database's clock (when we learned of it, one transaction after another): it orders an
    // order's notices, which `now` cannot when one run records several.
    const notice = await insertNotice(tx, {
      orderId: order.id,
      companyId: order.companyId,
      supplier: supplierCode,
      supplierNoticeId: change.id,
      kind: change.kind,
      leg: change.leg,
      oldFlights: change.oldFlights,
      newFlights: change.newFlights,
      status: 'open',
      deadline,
    });
    if (!notice) return 'duplicate';
    // A newer change of the same leg replaces an older one nobody answered: only the airline's latest word can be accepted.
    for (const older of await noticesOfOrderRows(tx, order.id)) {
      const n = older.notice;
      if (n.id !== notice.id && n.leg === notice.leg && n.status === 'open') await updateNotice(tx, n.id, { status: 'closed', resolvedAt: now });
    }
    await insertEvent(tx, { orderId: order.id, event: 'schedule_change', from: order.status, to: order.status, actorKind: 'system', data: { kind: notice.kind, noticeId: notice.id } });
    await queueChangeWebhook(tx, order, notice);
    await mailContact(tx, order, notice);
    return 'recorded';
  });
}

/**
 * The agency's flight-change webhook: the same signed delivery (table, secret, retries) as booking webhooks, but to
 * flight config flightChangeNotificationUrl; nothing when the agency has none.
 */
async function queueChangeWebhook(tx: Tx, order: OrderRow, notice: NoticeRow): Promise<void> {
  const company = await companyFlightConfig(tx, order.companyId);
  const url = company ? flightConfigOf(company).flightChangeNotificationUrl?.trim() : null;
  if (!url) return;
  await ensureSecret(tx, order.companyId, generateWebhookSecret());
  const id = randomUUID();
  const at = new Date();
  const event = 'flight.schedule_change';
  const payload: WebhookPayload = {
    id,
    event,
    createdAt: at.toISOString(),
    data: {
      noticeId: notice.id,
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      recordLocator: order.recordLocator,
      kind: notice.kind,
      leg: notice.leg,
      oldFlights: notice.oldFlights,
      newFlights: notice.newFlights,
      deadline: notice.deadline.toISOString(),
    },
  };
  await insertDelivery(tx, { id, companyId: order.companyId, orderId: order.id, event, url, payload, status: 'pending', nextAttemptAt: at, createdAt: at });
}

const flightLines = (flights: NoticeFlight[], language: Language) =>
  flights.length
    ? flights.map((f) => `${f.flightNumber}  ${f.origin}-${f.destination}  ${f.departure.replace('T', ' ')} - ${f.arrival.replace('T', ' ')}`).join('\n')
    : translate('scheduleChange.email.noFlights', language);
const utcText = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function mailContact(tx: Tx, order: OrderRow, notice: NoticeRow): Promise<void> {
  await noticeToOrderContact(tx, order, (language) => {
    const kind = translate(`scheduleChange.kind.${notice.kind}`, language);
    const advice = translate(notice.kind === 'cancel_no_save' ? 'scheduleChange.email.adviceRefuse' : 'scheduleChange.email.adviceAnswer', language, { deadline: utcText(notice.deadline) });
    return {
      title: translate('scheduleChange.email.subject', language, { booking: order.bookingNumber, kind }),
      body: translate('scheduleChange.email.body', language, {
        booking: order.bookingNumber,
        pnr: order.recordLocator ?? '',
        kind,
        oldFlights: flightLines(notice.oldFlights, language),
        newFlights: flightLines(notice.newFlights, language),
        advice,
      }),
    };
  });
}

// ---- deadlines --------------------------------------------------------------------------------------------------------

/**
 * Open notices past their deadline: the airline's change stands. change, cancel_save and restore are accepted by the
 * system (the order shows the new flights); cancel_no_save is closed (nothing to accept; the agent can still ask for
 * a refund, which the airline's cancellation makes involuntary by its own rules). Returns how many were closed.
 */
export async function closeDueNotices(db: Db, now: Date): Promise<number> {
  let closed = 0;
  for (const due of await dueNoticeIds(db, now)) {
    const done = await db.transaction(async (tx) => {
      const order = (await lockOrder(tx, due.orderId))!;
      const notice = (await lockNotice(tx, due.id))!;
      // The agent answered meanwhile.
      if (notice.status !== 'open' || notice.deadline.getTime() > now.getTime()) return false;
      const data = { kind: notice.kind, noticeId: notice.id };
      if (notice.kind === 'cancel_no_save') {
        await updateNotice(tx, notice.id, { status: 'closed', resolvedAt: now });
        await insertEvent(tx, { orderId: order.id, event: 'schedule_change_closed', from: order.status, to: order.status, actorKind: 'system', data });
      } else {
        // An order no longer ticketed (refunded, voided since) keeps its flights: there is nothing to fly.
        if (isAmendableStatus(order)) await replaceLegSegments(tx, order, notice.leg, notice.newFlights);
        await updateNotice(tx, notice.id, { status: 'accepted', resolvedAt: now });
        await insertEvent(tx, { orderId: order.id, event: 'schedule_change_accepted', from: order.status, to: order.status, actorKind: 'system', data });
      }
      return true;
    });
    if (done) closed++;
  }
  return closed;
}

import type { OrderStatus } from '@portal/contract/api/flight-orders';

/**
 * The origin (booking) order's state machine as data (architecture habit 1): every allowed move is one row of
 * (status, event, next status, who may do it). The order code runs only through `transitionOf`; a move that is not in
 * the table is refused with a clear error, never ignored. docs/state-machines.md shows the same table.
 *
 * Actors: `agency` = a user of the order's agency (operator role), `platform` = the platform's operations desk,
 * `system` = the server itself (booking answers, ticketing job, reconciliation, deadlines).
 *
 * Change, refund and void orders get their own tables in their issue; they slot in beside this one.
 */
export type OrderActor = 'agency' | 'platform' | 'system';

export const ORIGIN_EVENTS = [
  'booked',
  'booked_for_review',
  'book_failed',
  'approve',
  'reject',
  'pay',
  'cancel',
  'expire',
  'issue',
  'ticketing_failed',
  'retry_ticketing',
  'mark_failed',
  'reimburse',
  'reimbursed',
] as const;
export type OriginEvent = (typeof ORIGIN_EVENTS)[number];

export interface Transition {
  from: OrderStatus;
  event: OriginEvent;
  to: OrderStatus;
  by: readonly OrderActor[];
}

const T = (from: OrderStatus, event: OriginEvent, to: OrderStatus, ...by: OrderActor[]): Transition => ({ from, event, to, by });

export const ORIGIN_TRANSITIONS: readonly Transition[] = [
  // The supplier answered a booking that was in doubt (holding) or just made.
  T('holding', 'booked', 'to_be_paid', 'system'),
  T('holding', 'booked_for_review', 'reviewing', 'system'),
  // Reconciliation found no booking at the supplier, or the desk gave up on it: nothing was sold, nothing was paid.
  T('holding', 'book_failed', 'closed', 'system', 'platform'),
  T('reviewing', 'approve', 'to_be_paid', 'platform'),
  T('reviewing', 'reject', 'closed', 'platform'),
  T('reviewing', 'cancel', 'canceled', 'agency'),
  T('reviewing', 'expire', 'closed', 'system'),
  T('to_be_paid', 'pay', 'proceeding', 'agency'),
  T('to_be_paid', 'cancel', 'canceled', 'agency'),
  T('to_be_paid', 'expire', 'closed', 'system'),
  T('proceeding', 'issue', 'issued', 'system'),
  T('proceeding', 'ticketing_failed', 'failed', 'system'),
  // The desk asks for another ticketing attempt now (audited; the status stays).
  T('proceeding', 'retry_ticketing', 'proceeding', 'platform'),
  T('proceeding', 'mark_failed', 'failed', 'platform'),
  T('failed', 'reimburse', 'failed_reimbursing', 'system', 'platform'),
  T('failed_reimbursing', 'reimbursed', 'failed_reimbursed', 'system'),
];

const byKey = new Map(ORIGIN_TRANSITIONS.map((t) => [`${t.from}|${t.event}`, t]));

/** The row for this move, or null when the table has none (the caller refuses with order.transition.refused). */
export function transitionOf(from: OrderStatus, event: OriginEvent, actor: OrderActor): Transition | null {
  const t = byKey.get(`${from}|${event}`);
  return t && t.by.includes(actor) ? t : null;
}

/** Events an actor may fire from a status (what the detail page offers). */
export function eventsFrom(from: OrderStatus, actor: OrderActor): OriginEvent[] {
  return ORIGIN_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.event);
}

/** Statuses with no way out: the order is over. */
export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['issued', 'closed', 'canceled', 'failed_reimbursed']);

/**
 * Start-up check (architecture habit 1): every status the table names is reachable from the start (holding) and every
 * non-final status has a way out. Throws on a broken table, so a bad edit fails the first test run.
 */
export function checkTable(transitions: readonly Transition[] = ORIGIN_TRANSITIONS, start: OrderStatus = 'holding', finals = FINAL_STATUSES): void {
  const statuses = new Set<OrderStatus>();
  for (const t of transitions) statuses.add(t.from).add(t.to);
  const reached = new Set<OrderStatus>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of transitions) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
  }
  const unreachable = [...statuses].filter((s) => !reached.has(s));
  if (unreachable.length) throw new Error(`order states unreachable from ${start}: ${unreachable.join(', ')}`);
  const stuck = [...statuses].filter((s) => !finals.has(s) && !transitions.some((t) => t.from === s && t.to !== s));
  if (stuck.length) throw new Error(`order states without a way out: ${stuck.join(', ')}`);
  const seen = new Set<string>();
  for (const t of transitions) {
    const key = `${t.from}|${t.event}`;
    if (seen.has(key)) throw new Error(`two transitions for ${key}`);
    seen.add(key);
  }
}

checkTable();

import type { OrderStatus, OrderType } from '@portal/contract/api/flight-orders';

/**
 * The origin (booking) order's state machine as data (architecture habit 1): every allowed move is one row of
 * (status, event, next status, who may do it). The order code runs only through `transitionOf`; a move that is not in
 * the table is refused with a clear error, never ignored. docs/state-machines.md shows the same table.
 *
 * Actors: `agency` = a user of the order's agency (operator role), `platform` = the platform's operations desk,
 * `system` = the server itself (booking answers, ticketing job, reconciliation, deadlines).
 *
 * Change, refund and void orders (issue 10) have their own tables below, run by the same code: `transitionOf` picks the
 * table by the order's type.
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

/**
 * Events of the after-sales tables. quote: the desk (or the simulated airline desk) answers a request with its price;
 * requote: the desk adjusts a refund quote; confirm: the agent accepts the refund quote; supplier_done / refused /
 * unknown: the airline's answer to the change, refund or void call (unknown = no answer in time, reconciled later).
 */
export const AFTER_SALES_EVENTS = [
  'quote',
  'requote',
  'reject',
  'cancel',
  'confirm',
  'expire',
  'pay',
  'supplier_done',
  'supplier_refused',
  'supplier_unknown',
  'retry',
  'reimburse',
  'reimbursed',
] as const;
export type AfterSalesEvent = (typeof AFTER_SALES_EVENTS)[number];
export type OrderEvent = OriginEvent | AfterSalesEvent;

export interface Transition<E extends OrderEvent = OrderEvent> {
  from: OrderStatus;
  event: E;
  to: OrderStatus;
  by: readonly OrderActor[];
}

const T = <E extends OrderEvent>(from: OrderStatus, event: E, to: OrderStatus, ...by: OrderActor[]): Transition<E> => ({ from, event, to, by });

export const ORIGIN_TRANSITIONS: readonly Transition<OriginEvent>[] = [
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

/**
 * Change (spec point 4: request, review, payment of fees, processing, changed). The request is made with a priced
 * option (chg_reviewing); the desk or the airline confirms it (quote) or refuses it. Paying the difference holds the
 * money (captured at `changed`, released at change_failed). The agent may cancel while nothing is processing.
 */
export const CHANGE_TRANSITIONS: readonly Transition<AfterSalesEvent>[] = [
  T('chg_reviewing', 'quote', 'chg_to_be_paid', 'platform', 'system'),
  T('chg_reviewing', 'reject', 'chg_rejected', 'platform', 'system'),
  T('chg_reviewing', 'cancel', 'change_canceled', 'agency'),
  T('chg_to_be_paid', 'pay', 'chg_proceeding', 'agency'),
  T('chg_to_be_paid', 'cancel', 'change_canceled', 'agency'),
  T('chg_to_be_paid', 'expire', 'change_canceled', 'system'),
  T('chg_proceeding', 'supplier_done', 'changed', 'system', 'platform'),
  T('chg_proceeding', 'supplier_refused', 'change_failed', 'system', 'platform'),
  T('chg_proceeding', 'supplier_unknown', 'change_holding', 'system'),
  T('chg_proceeding', 'retry', 'chg_proceeding', 'platform'),
  T('change_holding', 'supplier_done', 'changed', 'system', 'platform'),
  T('change_holding', 'supplier_refused', 'change_failed', 'system', 'platform'),
  T('change_holding', 'retry', 'change_holding', 'platform'),
];

/**
 * Refund (spec point 4: request, review, the customer confirms before a stated time, processing, money refunded).
 * A quote that is not confirmed in time lapses (expire); the coupons are free to be asked for again.
 */
export const REFUND_TRANSITIONS: readonly Transition<AfterSalesEvent>[] = [
  T('rfd_reviewing', 'quote', 'rfd_to_be_confirm', 'platform', 'system'),
  T('rfd_reviewing', 'reject', 'rfd_rejected', 'platform', 'system'),
  T('rfd_reviewing', 'cancel', 'refund_canceled', 'agency'),
  T('rfd_to_be_confirm', 'requote', 'rfd_to_be_confirm', 'platform'),
  T('rfd_to_be_confirm', 'confirm', 'rfd_proceeding', 'agency'),
  T('rfd_to_be_confirm', 'cancel', 'refund_canceled', 'agency'),
  T('rfd_to_be_confirm', 'expire', 'refund_canceled', 'system'),
  T('rfd_proceeding', 'supplier_done', 'refunded', 'system', 'platform'),
  T('rfd_proceeding', 'supplier_refused', 'refund_failed', 'system', 'platform'),
  T('rfd_proceeding', 'supplier_unknown', 'refund_holding', 'system'),
  T('rfd_proceeding', 'retry', 'rfd_proceeding', 'platform'),
  T('refund_holding', 'supplier_done', 'refunded', 'system', 'platform'),
  T('refund_holding', 'supplier_refused', 'refund_failed', 'system', 'platform'),
  T('refund_holding', 'retry', 'refund_holding', 'platform'),
  T('refunded', 'reimburse', 'refunded_reimbursing', 'system'),
  T('refunded_reimbursing', 'reimbursed', 'refunded_reimbursed', 'system'),
];

/** Void (spec point 4: processing, voided, reimbursed): asked of the airline at once, before the end of the ticketing day. */
export const VOID_TRANSITIONS: readonly Transition<AfterSalesEvent>[] = [
  T('void_proceeding', 'supplier_done', 'voided', 'system', 'platform'),
  T('void_proceeding', 'supplier_refused', 'void_rejected', 'system', 'platform'),
  T('void_proceeding', 'reject', 'void_rejected', 'platform'),
  T('void_proceeding', 'supplier_unknown', 'void_holding', 'system'),
  T('void_proceeding', 'retry', 'void_proceeding', 'platform'),
  T('void_holding', 'supplier_done', 'voided', 'system', 'platform'),
  T('void_holding', 'supplier_refused', 'void_failed', 'system', 'platform'),
  T('void_holding', 'retry', 'void_holding', 'platform'),
  T('voided', 'reimburse', 'voided_reimbursing', 'system'),
  T('voided_reimbursing', 'reimbursed', 'voided_reimbursed', 'system'),
];

export interface StateTable {
  transitions: readonly Transition[];
  /** The status an order of this type is created in. */
  start: OrderStatus;
  finals: ReadonlySet<OrderStatus>;
  events: readonly OrderEvent[];
}

/** Statuses with no way out: the order is over. */
export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['issued', 'closed', 'canceled', 'failed_reimbursed']);

export const STATE_TABLES: Record<OrderType, StateTable> = {
  origin: { transitions: ORIGIN_TRANSITIONS, start: 'holding', finals: FINAL_STATUSES, events: ORIGIN_EVENTS },
  change: { transitions: CHANGE_TRANSITIONS, start: 'chg_reviewing', finals: new Set(['changed', 'chg_rejected', 'change_canceled', 'change_failed']), events: AFTER_SALES_EVENTS },
  refund: {
    transitions: REFUND_TRANSITIONS,
    start: 'rfd_reviewing',
    finals: new Set(['refunded_reimbursed', 'rfd_rejected', 'refund_canceled', 'refund_failed']),
    events: AFTER_SALES_EVENTS,
  },
  void: { transitions: VOID_TRANSITIONS, start: 'void_proceeding', finals: new Set(['voided_reimbursed', 'void_rejected', 'void_failed']), events: AFTER_SALES_EVENTS },
};

const byKey = new Map(Object.entries(STATE_TABLES).flatMap(([type, table]) => table.transitions.map((t) => [`${type}|${t.from}|${t.event}`, t] as const)));

/** The row for this move in the order type's table, or null when it has none (the caller refuses with order.transition.refused). */
export function transitionOf(from: OrderStatus, event: OrderEvent, actor: OrderActor, type: OrderType = 'origin'): Transition | null {
  const t = byKey.get(`${type}|${from}|${event}`);
  return t && t.by.includes(actor) ? t : null;
}

/** Events an actor may fire from a status (what the detail page offers). */
export function eventsFrom(from: OrderStatus, actor: OrderActor, type: OrderType = 'origin'): OrderEvent[] {
  return STATE_TABLES[type].transitions.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.event);
}

/**
 * Start-up check (architecture habit 1): every status the table names is reachable from the start and every non-final
 * status has a way out. Throws on a broken table, so a bad edit fails the first test run.
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

for (const table of Object.values(STATE_TABLES)) checkTable(table.transitions, table.start, table.finals);

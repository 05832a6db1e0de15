import type { TrainOrderStatus, TrainTicketStatus } from '@portal/contract/api/trains';

/**
 * The train order's state machine as data (architecture habit 1, as flight orders): every allowed move is one row of
 * (status, event, next status, who may do it); the order code moves only through `trainTransitionOf`, and anything
 * not listed is refused. docs/state-machines.md shows the same table.
 *
 * Actors: `agency` = a user of the order's agency, `platform` = the platform's operations desk, `system` = the server
 * (supplier answers, deadlines). A train order starts at to_be_paid: the row is written only once the railway holds
 * the seats (a hold that fails leaves no order behind).
 */
export type TrainActor = 'agency' | 'platform' | 'system';

export const TRAIN_EVENTS = [
  'pay',
  'pay_for_desk',
  'cancel',
  'expire',
  'issue',
  'ticketing_failed',
  'retry_ticketing',
  'mark_failed',
  'refund',
  'refund_all',
  'change',
] as const;
export type TrainEvent = (typeof TRAIN_EVENTS)[number];

export interface TrainTransition {
  from: TrainOrderStatus;
  event: TrainEvent;
  to: TrainOrderStatus;
  by: readonly TrainActor[];
}

const T = (from: TrainOrderStatus, event: TrainEvent, to: TrainOrderStatus, ...by: TrainActor[]): TrainTransition => ({ from, event, to, by });

export const TRAIN_START: TrainOrderStatus = 'to_be_paid';
export const TRAIN_FINALS: ReadonlySet<TrainOrderStatus> = new Set(['refunded', 'failed', 'canceled']);

export const TRAIN_TRANSITIONS: readonly TrainTransition[] = [
  // Paying holds the money; `pay_for_desk` when the agency's train config says manual (the desk issues by hand).
  T('to_be_paid', 'pay', 'ticketing', 'agency'),
  T('to_be_paid', 'pay_for_desk', 'manual_ticketing', 'agency'),
  T('to_be_paid', 'cancel', 'canceled', 'agency'),
  // The railway's hold lapsed unpaid.
  T('to_be_paid', 'expire', 'canceled', 'system'),
  T('ticketing', 'issue', 'issued', 'system'),
  T('ticketing', 'ticketing_failed', 'failed', 'system'),
  // The railway did not answer in time: ticketing is asked again (it answers the same tickets, never twice).
  T('ticketing', 'retry_ticketing', 'ticketing', 'system', 'platform'),
  T('manual_ticketing', 'issue', 'issued', 'platform'),
  T('manual_ticketing', 'mark_failed', 'failed', 'platform'),
  // Refunds are per ticket: refund_all when no valid ticket is left afterwards.
  T('issued', 'refund', 'partially_refunded', 'agency'),
  T('issued', 'refund_all', 'refunded', 'agency'),
  T('partially_refunded', 'refund', 'partially_refunded', 'agency'),
  T('partially_refunded', 'refund_all', 'refunded', 'agency'),
  // A change replaces tickets (12306: one change per ticket); the order keeps its status, each ticket says it changed.
  T('issued', 'change', 'issued', 'agency'),
  T('partially_refunded', 'change', 'partially_refunded', 'agency'),
];

/** A ticket the passenger travels on: issued, or changed (its new ticket, on the new train). */
export const isValidTicket = (p: { ticketStatus: TrainTicketStatus }) => p.ticketStatus === 'issued' || p.ticketStatus === 'changed';

const byKey = new Map(TRAIN_TRANSITIONS.map((t) => [`${t.from}|${t.event}`, t] as const));

/** The row for this move, or null when the table has none for this actor. */
export function trainTransitionOf(from: TrainOrderStatus, event: TrainEvent, actor: TrainActor): TrainTransition | null {
  const t = byKey.get(`${from}|${event}`);
  return t && t.by.includes(actor) ? t : null;
}

/** Events an actor may fire from a status. */
export function trainEventsFrom(from: TrainOrderStatus, actor: TrainActor): TrainEvent[] {
  return TRAIN_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.event);
}

/** Start-up check: every status reachable, every non-final status has a way out, one row per (status, event). */
export function checkTrainTable(transitions: readonly TrainTransition[] = TRAIN_TRANSITIONS, start = TRAIN_START, finals = TRAIN_FINALS): void {
  const statuses = new Set<TrainOrderStatus>([start]);
  for (const t of transitions) statuses.add(t.from).add(t.to);
  const reached = new Set<TrainOrderStatus>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of transitions) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
  }
  const unreachable = [...statuses].filter((s) => !reached.has(s));
  if (unreachable.length) throw new Error(`train order states unreachable from ${start}: ${unreachable.join(', ')}`);
  const stuck = [...statuses].filter((s) => !finals.has(s) && !transitions.some((t) => t.from === s && t.to !== s));
  if (stuck.length) throw new Error(`train order states without a way out: ${stuck.join(', ')}`);
  const seen = new Set<string>();
  for (const t of transitions) {
    const key = `${t.from}|${t.event}`;
    if (seen.has(key)) throw new Error(`two transitions for ${key}`);
    seen.add(key);
  }
}

checkTrainTable();

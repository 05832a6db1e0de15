import { Code } from '@portal/contract/codes';
import { GROUP_ORDER_STATUSES, type GroupOrderStatus } from '@portal/contract/api/group-orders';
import { AppError } from '../../plugins/errors.ts';

/**
 * The group order's state machine as data (architecture habit 1), in the style of the flight orders' table: every
 * allowed move is one row of (status, event, next status, who may do it); the code moves a group only through
 * `groupTransitionOf`, and a move the table does not list is refused with `group.transition.refused`, never ignored.
 * docs/state-machines.md shows the same table.
 *
 * Actors: `agency` = a user of the group's agency (operator role), `platform` = the platform's group desk
 * (proxyLevel-0 staff), `system` = the server (the simulated group desk, deadlines, ticketing).
 *
 * Instalments: a plan has 1-3 deposits then the final payment. `pay` on a deposit moves to the next deposit's status;
 * `pay_last_deposit` is the deposit after which only the final payment is left (the plan decides which one fires),
 * so a plan of one deposit goes to_be_pay_first -> to_be_paid_last_money; `pay` on the final payment -> proceeding.
 */
export type GroupActor = 'agency' | 'platform' | 'system';

export const GROUP_EVENTS = [
  'quote',
  'requote',
  'confirm',
  'expire',
  'cancel',
  'reject',
  'apply_seat',
  'seats_secured',
  'seats_changed',
  'pay',
  'pay_last_deposit',
  'issue',
  'ticketing_failed',
  'close',
] as const;
export type GroupEvent = (typeof GROUP_EVENTS)[number];

export interface GroupTransition {
  from: GroupOrderStatus;
  event: GroupEvent;
  to: GroupOrderStatus;
  by: readonly GroupActor[];
}

const T = (from: GroupOrderStatus, event: GroupEvent, to: GroupOrderStatus, ...by: GroupActor[]): GroupTransition => ({ from, event, to, by });

export const GROUP_TRANSITIONS: readonly GroupTransition[] = [
  T('to_be_quote', 'quote', 'to_be_confirm', 'platform', 'system'),
  // No flights for the group (the desk says why in the remark): nothing was held, nothing paid.
  T('to_be_quote', 'reject', 'closed', 'platform', 'system'),
  T('to_be_quote', 'cancel', 'canceled', 'agency'),
  // A new version replaces the quote; the agency must confirm the version it read.
  T('to_be_confirm', 'requote', 'to_be_confirm', 'platform'),
  T('to_be_confirm', 'confirm', 'to_be_apply_seat', 'agency'),
  T('to_be_confirm', 'expire', 'closed', 'system'),
  T('to_be_confirm', 'cancel', 'canceled', 'agency'),
  T('to_be_confirm', 'reject', 'closed', 'platform'),
  T('to_be_apply_seat', 'apply_seat', 'seat_applying', 'platform', 'system'),
  T('to_be_apply_seat', 'cancel', 'canceled', 'agency'),
  T('seat_applying', 'seats_secured', 'to_be_pay_first', 'platform', 'system'),
  // Fewer seats or other flights: back to the agency to accept (or let lapse) the changed quote.
  T('seat_applying', 'seats_changed', 'to_be_confirm', 'platform', 'system'),
  T('seat_applying', 'reject', 'closed', 'platform', 'system'),
  // Spec point 9: deposits are not refunded on cancellation or a missed deadline (the agency is told before paying).
  T('to_be_pay_first', 'pay', 'to_be_pay_second', 'agency'),
  T('to_be_pay_first', 'pay_last_deposit', 'to_be_paid_last_money', 'agency'),
  T('to_be_pay_first', 'close', 'closed', 'system'),
  T('to_be_pay_first', 'cancel', 'canceled', 'agency'),
  T('to_be_pay_second', 'pay', 'to_be_pay_third', 'agency'),
  T('to_be_pay_second', 'pay_last_deposit', 'to_be_paid_last_money', 'agency'),
  T('to_be_pay_second', 'close', 'closed', 'system'),
  T('to_be_pay_second', 'cancel', 'canceled', 'agency'),
  T('to_be_pay_third', 'pay_last_deposit', 'to_be_paid_last_money', 'agency'),
  T('to_be_pay_third', 'close', 'closed', 'system'),
  T('to_be_pay_third', 'cancel', 'canceled', 'agency'),
  T('to_be_paid_last_money', 'pay', 'proceeding', 'agency'),
  T('to_be_paid_last_money', 'close', 'closed', 'system'),
  T('to_be_paid_last_money', 'cancel', 'canceled', 'agency'),
  // Names are uploaded and confirmed while proceeding; ticketing then issues one ticket per traveller.
  T('proceeding', 'issue', 'issued', 'system', 'platform'),
  T('proceeding', 'ticketing_failed', 'failed', 'system', 'platform'),
];

export const GROUP_START: GroupOrderStatus = 'to_be_quote';
/** Statuses with no way out: the group is over. */
export const GROUP_FINAL_STATUSES: ReadonlySet<GroupOrderStatus> = new Set(['issued', 'failed', 'canceled', 'closed']);

const byKey = new Map(GROUP_TRANSITIONS.map((t) => [`${t.from}|${t.event}`, t] as const));

/** The row for this move, or null when the table has none for this actor. */
export function groupTransitionOf(from: GroupOrderStatus, event: GroupEvent, actor: GroupActor): GroupTransition | null {
  const t = byKey.get(`${from}|${event}`);
  return t && t.by.includes(actor) ? t : null;
}

/** The move, or the refusal every caller answers with (409, the status and the event named). */
export function decideGroupMove(from: GroupOrderStatus, event: GroupEvent, actor: GroupActor): GroupTransition {
  const t = groupTransitionOf(from, event, actor);
  if (!t) throw refusedGroupMove(from, event);
  return t;
}

export const refusedGroupMove = (status: GroupOrderStatus, event: GroupEvent) => new AppError(Code.ORDER_STATE, 'group.transition.refused', { status, event });

/** Events an actor may fire from a status (what the detail page offers). */
export function groupEventsFrom(from: GroupOrderStatus, actor: GroupActor): GroupEvent[] {
  return GROUP_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.event);
}

/**
 * Start-up check: the table names exactly the contract's statuses (none unknown, none forgotten), every one is
 * reachable from the start, every non-final status has a way out, no (status, event) pair has two rows, and no row
 * leaves a final status. Throws on a broken table, so a bad edit fails the first test run.
 */
export function checkGroupTable(
  transitions: readonly GroupTransition[] = GROUP_TRANSITIONS,
  start: GroupOrderStatus = GROUP_START,
  finals = GROUP_FINAL_STATUSES,
  known: readonly string[] = GROUP_ORDER_STATUSES,
): void {
  const statuses = new Set<GroupOrderStatus>();
  for (const t of transitions) statuses.add(t.from).add(t.to);
  const unknown = [...statuses].filter((s) => !known.includes(s));
  if (unknown.length) throw new Error(`group states not in the contract: ${unknown.join(', ')}`);
  const unnamed = known.filter((s) => !statuses.has(s as GroupOrderStatus));
  if (unnamed.length) throw new Error(`group states the table never names: ${unnamed.join(', ')}`);
  const reached = new Set<GroupOrderStatus>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of transitions) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
  }
  const unreachable = [...statuses].filter((s) => !reached.has(s));
  if (unreachable.length) throw new Error(`group states unreachable from ${start}: ${unreachable.join(', ')}`);
  const stuck = [...statuses].filter((s) => !finals.has(s) && !transitions.some((t) => t.from === s && t.to !== s));
  if (stuck.length) throw new Error(`group states without a way out: ${stuck.join(', ')}`);
  const leaving = transitions.filter((t) => finals.has(t.from));
  if (leaving.length) throw new Error(`group final states with a way out: ${leaving.map((t) => `${t.from}|${t.event}`).join(', ')}`);
  const seen = new Set<string>();
  for (const t of transitions) {
    const key = `${t.from}|${t.event}`;
    if (seen.has(key)) throw new Error(`two group transitions for ${key}`);
    seen.add(key);
  }
}

checkGroupTable();

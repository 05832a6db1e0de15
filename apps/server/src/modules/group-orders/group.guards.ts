import type { GroupOrderAction } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { AppError } from '../../plugins/errors.ts';
import { utcText } from '../notifications/texts.ts';
import type { GroupRow } from './group.repository.ts';
import { groupTransitionOf, refusedGroupMove } from './group.states.ts';
import { nextInstalmentOf } from './instalments.ts';

/**
 * What the agency may do on its group now, each as the refusal its request gets (null: allowed). The detail's
 * `actions` and the use cases ask the same functions, so an action is offered exactly when its request passes them:
 * the state table's row, and a deadline the lapse job (groups.jobs.ts) has not acted on yet. What depends on the
 * request itself (the quote version read, the instalment and amount asked) the use case checks after these.
 */

type Guarded = Pick<GroupRow, 'status' | 'quote' | 'confirmBy' | 'namesUploadedAt' | 'namesConfirmedAt'>;

/** Throws the refusal, if there is one: `allow(cancelRefusal(group, now))` in a use case. */
export function allow(refused: AppError | null): void {
  if (refused) throw refused;
}

/** A quote's lapse as a message: the refusal of a late confirmation and the lapse job's timeline entry say the same. */
export const lapsedQuoteMessage = (confirmBy: Date) => ({ messageKey: 'group.quote.lapsed', params: { confirmBy: utcText(confirmBy) } }) as const;

/** The spec's "Group payment time expired, contact the administrator". */
const paymentExpired = () => new AppError(Code.ORDER_STATE, 'group.payment.expired');

/**
 * The due instalment's deadline has passed: the group is the lapse job's (closed, `group.payment.expired`), so the
 * agency neither pays nor cancels it any more; the group ends one way, not by whoever is first.
 */
function instalmentLapsed(group: Pick<GroupRow, 'status' | 'quote'>, now: Date): boolean {
  const due = nextInstalmentOf(group);
  return !!due && Date.parse(due.dueAt) <= now.getTime();
}

/** Confirming the quote: to_be_confirm, before its confirm-by (even when the lapse job has not closed it yet). */
export function confirmRefusal(group: Pick<GroupRow, 'status' | 'confirmBy'>, now: Date): AppError | null {
  if (!groupTransitionOf(group.status, 'confirm', 'agency')) return refusedGroupMove(group.status, 'confirm');
  if (!group.confirmBy || group.confirmBy.getTime() <= now.getTime()) {
    const lapsed = lapsedQuoteMessage(group.confirmBy ?? now);
    return new AppError(Code.ORDER_STATE, lapsed.messageKey, lapsed.params);
  }
  return null;
}

/** Cancelling: the table's cancel rows (not while the desk applies for seats), and not once an instalment lapsed. */
export function cancelRefusal(group: Pick<GroupRow, 'status' | 'quote'>, now: Date): AppError | null {
  if (!groupTransitionOf(group.status, 'cancel', 'agency')) return refusedGroupMove(group.status, 'cancel');
  return instalmentLapsed(group, now) ? paymentExpired() : null;
}

/** Paying: an instalment is due (a paying status, the quote's plan) and its deadline has not passed. */
export function payRefusal(group: Pick<GroupRow, 'status' | 'quote'>, now: Date): AppError | null {
  if (!nextInstalmentOf(group)) return refusedGroupMove(group.status, 'pay');
  return instalmentLapsed(group, now) ? paymentExpired() : null;
}

/** Uploading the passenger list: paid in full (proceeding), and not confirmed yet (then it is fixed, spec point 9). */
export function uploadNamesRefusal(group: Pick<GroupRow, 'status' | 'namesConfirmedAt'>): AppError | null {
  if (group.namesConfirmedAt) return new AppError(Code.ORDER_STATE, 'group.names.locked');
  if (group.status !== 'proceeding') return new AppError(Code.ORDER_STATE, 'group.names.notYet');
  return null;
}

/** Confirming the passenger list: while it may be uploaded, once one is. */
export function confirmNamesRefusal(group: Pick<GroupRow, 'status' | 'namesUploadedAt' | 'namesConfirmedAt'>): AppError | null {
  return uploadNamesRefusal(group) ?? (group.namesUploadedAt ? null : new AppError(Code.ORDER_STATE, 'group.names.required'));
}

/** What the agency may do now (the detail's `actions`), in the order the page shows them. */
export function agencyActions(group: Guarded, now: Date = new Date()): GroupOrderAction[] {
  const allowed: [GroupOrderAction, AppError | null][] = [
    ['cancel', cancelRefusal(group, now)],
    ['confirm', confirmRefusal(group, now)],
    ['pay', payRefusal(group, now)],
    ['uploadNames', uploadNamesRefusal(group)],
    ['confirmNames', confirmNamesRefusal(group)],
  ];
  return allowed.filter(([, refused]) => !refused).map(([action]) => action);
}

import type { GroupInstalmentKind, GroupNextInstalment, GroupOrderStatus, GroupPayment, GroupPaymentMethod } from '@portal/contract/api/group-orders';
import type { GroupRow } from './group.repository.ts';
import type { GroupEvent } from './group.states.ts';

/** The instalment each paying status waits for (the state table's to_be_pay_* statuses and the final payment's). */
export const DUE_INSTALMENT: Partial<Record<GroupOrderStatus, GroupInstalmentKind>> = {
  to_be_pay_first: 'deposit1',
  to_be_pay_second: 'deposit2',
  to_be_pay_third: 'deposit3',
  to_be_paid_last_money: 'final',
};
export const PAYING_STATUSES = Object.keys(DUE_INSTALMENT) as GroupOrderStatus[];

/** The instalment due now (kind, amount, deadline from the quote's plan), or null when none is. */
export function nextInstalmentOf(group: Pick<GroupRow, 'status' | 'quote'>): GroupNextInstalment | null {
  const kind = DUE_INSTALMENT[group.status];
  const due = kind ? group.quote?.paymentPlan.find((p) => p.kind === kind) : undefined;
  return due ? { kind: due.kind, amount: due.amount, dueAt: due.dueAt } : null;
}

/**
 * The table's event for paying `kind`: the final payment is `pay` (-> proceeding); the deposit after which only the
 * final payment is left is `pay_last_deposit` (-> to_be_paid_last_money); any other deposit is `pay`.
 */
export function payEventFor(group: Pick<GroupRow, 'quote'>, kind: GroupInstalmentKind): GroupEvent {
  if (kind === 'final') return 'pay';
  const plan = group.quote?.paymentPlan ?? [];
  const i = plan.findIndex((p) => p.kind === kind);
  return plan[i + 1]?.kind === 'final' ? 'pay_last_deposit' : 'pay';
}

/** What a pay event records (chargeInstalment, instalment-charge.ts), read back for GroupOrder.payments. */
export interface PaymentEventData {
  instalment: GroupInstalmentKind;
  amount: number;
  currency: GroupPayment['currency'];
  method: GroupPaymentMethod;
  paidAt: string;
  idempotencyKey: string;
  movementId: string;
  transactionId: string;
}

export function paymentsOf(events: { event: string; data: unknown }[]): GroupPayment[] {
  return events
    .filter((e) => (e.event === 'pay' || e.event === 'pay_last_deposit') && e.data && typeof e.data === 'object' && 'instalment' in e.data)
    .map((e) => {
      const d = e.data as PaymentEventData;
      return { kind: d.instalment, amount: d.amount, currency: d.currency, paidAt: d.paidAt, method: d.method };
    });
}

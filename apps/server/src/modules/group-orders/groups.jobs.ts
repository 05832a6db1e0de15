import type { Deps } from '../../app.ts';
import type { JobDefinition, QueueDefinition } from '../../jobs/types.ts';
import { applyGroupTransition, GROUP_SYSTEM } from './group-transition.ts';
import { lapsedQuotes, lockGroup, overdueInstalments } from './group.repository.ts';
import { nextInstalmentOf } from './instalments.ts';
import { groupDeskDelaySeconds, runSimulatedGroupDesk } from './quote.usecase.ts';
import { runSimulatedTicketing } from './ticketing.usecase.ts';
import { notifyLapse, sendGroupReminders } from './reminders.ts';
import { runSimulatedSeatDesk } from './seats.usecase.ts';

/**
 * Quotes not confirmed by their deadline lapse: the group closes (to_be_confirm -> closed by the system) and the
 * agency's finance users and the contact are mailed in the same transaction (reminders.ts). Each group is locked and
 * checked again, so a confirmation that won the race (before the deadline) stands. Safe to run twice or late.
 */
export async function lapseGroupQuotes(deps: Pick<Deps, 'db' | 'payments'>, now: Date): Promise<number> {
  let closed = 0;
  for (const candidate of await lapsedQuotes(deps.db, now)) {
    closed += await deps.db.transaction(async (tx) => {
      const group = (await lockGroup(tx, candidate.id))!;
      if (group.status !== 'to_be_confirm' || !group.confirmBy || group.confirmBy.getTime() > now.getTime()) return 0;
      await applyGroupTransition(tx, group, 'expire', GROUP_SYSTEM, {
        remark: `Quote version ${group.quoteVersion} not confirmed by ${group.confirmBy.toISOString()}`,
        data: { messageKey: 'group.quote.lapsed', params: { confirmBy: group.confirmBy.toISOString() }, quoteVersion: group.quoteVersion },
      });
      await notifyLapse(tx, deps, group);
      return 1;
    });
  }
  return closed;
}

/**
 * An instalment not paid by its deadline closes the group (to_be_pay_* / to_be_paid_last_money -> closed by the
 * system) with the spec's "Group payment time expired, contact the administrator" stored as a message key, and mails
 * it to the agency's finance users and the contact in the same transaction. Spec point 9: the deposits already paid
 * are NOT refunded; nothing moves in the ledger. Each group is locked and checked again, so a payment that won the race
 * (before the deadline) stands. Safe to run twice or late.
 */
export async function closeOverdueGroups(deps: Pick<Deps, 'db' | 'payments'>, now: Date): Promise<number> {
  let closed = 0;
  for (const candidate of await overdueInstalments(deps.db, now)) {
    closed += await deps.db.transaction(async (tx) => {
      const group = (await lockGroup(tx, candidate.id))!;
      const due = nextInstalmentOf(group);
      if (!due || Date.parse(due.dueAt) > now.getTime()) return 0;
      await applyGroupTransition(tx, group, 'close', GROUP_SYSTEM, {
        remark: `Instalment ${due.kind} not paid by ${due.dueAt}; paid deposits are not refunded`,
        data: { messageKey: 'group.payment.expired', params: { instalment: due.kind, dueAt: due.dueAt }, quoteVersion: group.quoteVersion },
      });
      await notifyLapse(tx, deps, group);
      return 1;
    });
  }
  return closed;
}

/**
 * Every minute: the simulated group desk (GROUP_DESK_DELAY_SECONDS after a request it quotes; after a confirmation it
 * applies for seats, and secures them one delay later), the lapse of quotes and the instalment deadlines.
 */
export const groupDeskJob: JobDefinition = {
  name: 'group-orders-desk',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => runSimulatedDesk(deps, now),
};

/** Everything the simulated group desk answers by itself: quotes, seats, tickets. */
async function runSimulatedDesk(deps: Deps, now: Date): Promise<number> {
  return (await runSimulatedGroupDesk(deps, now)) + (await runSimulatedSeatDesk(deps, now)) + (await runSimulatedTicketing(deps, now));
}

export const GROUP_DESK_STEP_QUEUE = 'group-desk-step';

/**
 * The simulated desk's answer on time: the minutely sweep alone would answer up to a minute late, so a request, a
 * confirmation and a confirmed list each queue a run for when the desk's delay is up (kickGroupDesk). A run that moved
 * a group to a status the desk answers next (seat application, then seats) queues the following one. Runs are
 * idempotent sweeps, so a duplicate item costs a query and nothing else.
 */
export const groupDeskStepQueue: QueueDefinition<object> = {
  name: GROUP_DESK_STEP_QUEUE,
  work: async (deps) => {
    const moved = await runSimulatedDesk(deps, new Date());
    if (moved > 0) kickGroupDesk(deps);
  },
};

export function kickGroupDesk(deps: Pick<Deps, 'orderWork'>): void {
  // A second after the delay: the sweep compares against now - delay, and pg-boss starts items on its polling tick.
  deps.orderWork.later(GROUP_DESK_STEP_QUEUE, {}, groupDeskDelaySeconds() + 1);
}

export const groupLapseJob: JobDefinition = {
  name: 'group-orders-lapse',
  cron: '* * * * *',
  runAtStart: true,
  run: async (deps, now) => (await lapseGroupQuotes(deps, now)) + (await closeOverdueGroups(deps, now)),
};

/**
 * Every minute: mails the agency's finance users and the group's contact 3 days and 1 day before each deadline (the
 * quote's confirm-by, the instalment due); the lapse mails go with the lapse above.
 */
export const groupRemindersJob: JobDefinition = {
  name: 'group-orders-reminders',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => sendGroupReminders(deps, now),
};

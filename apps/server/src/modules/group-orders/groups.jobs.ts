import type { Deps } from '../../deps.ts';
import type { JobDefinition, QueueDefinition } from '../../jobs/types.ts';
import { applyGroupTransition, GROUP_SYSTEM } from './group-transition.ts';
import { lockGroup } from './group.repository.ts';
import { lapsedQuoteMessage } from './group.guards.ts';
import { groupDeskDelaySeconds, runSimulatedGroupDesk } from './quote.usecase.ts';
import { runSimulatedTicketing } from './ticketing.usecase.ts';
import { notifyLapse, openDeadlineOf, sendGroupReminders } from './reminders.ts';
import { groupsPastDeadline } from './reminders.repository.ts';
import { runSimulatedSeatDesk } from './seats.usecase.ts';

/**
 * A group whose open deadline (reminders.ts openDeadlineOf) has passed closes, by the system, and the agency's finance
 * users and the contact are mailed in the same transaction (reminders.ts). A quote not confirmed by its confirm-by
 * lapses (to_be_confirm -> closed, `expire`); an instalment not paid by its deadline closes the group (to_be_pay_* /
 * to_be_paid_last_money -> closed, `close`) with the spec's "Group payment time expired, contact the administrator"
 * stored as a message key. Spec point 9: the deposits already paid are NOT refunded; nothing moves in the ledger.
 * Each group is locked and its deadline read again, so a confirmation or a payment that won the race (before the
 * deadline) stands. Safe to run twice or late.
 */
export async function closeLapsedGroups(deps: Pick<Deps, 'db' | 'payments'>, now: Date): Promise<number> {
  let closed = 0;
  for (const candidate of await groupsPastDeadline(deps.db, now)) {
    closed += await deps.db.transaction(async (tx) => {
      const group = (await lockGroup(tx, candidate.id))!;
      const deadline = openDeadlineOf(group);
      if (!deadline || deadline.dueAt.getTime() > now.getTime()) return 0;
      const dueAt = deadline.dueAt.toISOString();
      const quoteVersion = group.quoteVersion;
      if (deadline.kind === 'confirm') {
        await applyGroupTransition(tx, group, 'expire', GROUP_SYSTEM, {
          remark: `Quote version ${quoteVersion} not confirmed by ${dueAt}`,
          data: { ...lapsedQuoteMessage(deadline.dueAt), quoteVersion },
        });
      } else {
        await applyGroupTransition(tx, group, 'close', GROUP_SYSTEM, {
          remark: `Instalment ${deadline.kind} not paid by ${dueAt}; paid deposits are not refunded`,
          data: { messageKey: 'group.payment.expired', params: { instalment: deadline.kind, dueAt }, quoteVersion },
        });
      }
      await notifyLapse(tx, deps, group, deadline);
      return 1;
    });
  }
  return closed;
}

/**
 * Every minute: the simulated group desk (GROUP_DESK_DELAY_SECONDS after a request it quotes; after a confirmation it
 * applies for seats, and secures them one delay later; after a confirmed passenger list it issues the tickets).
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
  run: (deps, now) => closeLapsedGroups(deps, now),
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

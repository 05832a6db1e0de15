import type { Deps } from '../../app.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import { applyGroupTransition, GROUP_SYSTEM } from './group-transition.ts';
import { lapsedQuotes, lockGroup, overdueInstalments } from './group.repository.ts';
import { nextInstalmentOf } from './instalments.ts';
import { runSimulatedGroupDesk } from './quote.usecase.ts';
import { runSimulatedSeatDesk } from './seats.usecase.ts';

/**
 * Quotes not confirmed by their deadline lapse: the group closes (to_be_confirm -> closed by the system). Each group is
 * locked and checked again, so a confirmation that won the race (before the deadline) stands. Safe to run twice or late.
 */
export async function lapseGroupQuotes(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  let closed = 0;
  for (const candidate of await lapsedQuotes(deps.db, now)) {
    closed += await deps.db.transaction(async (tx) => {
      const group = (await lockGroup(tx, candidate.id))!;
      if (group.status !== 'to_be_confirm' || !group.confirmBy || group.confirmBy.getTime() > now.getTime()) return 0;
      await applyGroupTransition(tx, group, 'expire', GROUP_SYSTEM, {
        remark: `Quote version ${group.quoteVersion} not confirmed by ${group.confirmBy.toISOString()}`,
        data: { messageKey: 'group.quote.lapsed', params: { confirmBy: group.confirmBy.toISOString() }, quoteVersion: group.quoteVersion },
      });
      return 1;
    });
  }
  return closed;
}

/**
 * An instalment not paid by its deadline closes the group (to_be_pay_* / to_be_paid_last_money -> closed by the
 * system) with the spec's "Group payment time expired, contact the administrator" stored as a message key. Spec point
 * 9: the deposits already paid are NOT refunded; nothing moves in the ledger. Each group is locked and checked again,
 * so a payment that won the race (before the deadline) stands. Safe to run twice or late.
 */
export async function closeOverdueGroups(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
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
  run: async (deps, now) => (await runSimulatedGroupDesk(deps, now)) + (await runSimulatedSeatDesk(deps, now)),
};

export const groupLapseJob: JobDefinition = {
  name: 'group-orders-lapse',
  cron: '* * * * *',
  runAtStart: true,
  run: async (deps, now) => (await lapseGroupQuotes(deps, now)) + (await closeOverdueGroups(deps, now)),
};

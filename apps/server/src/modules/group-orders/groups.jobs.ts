import type { Deps } from '../../app.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import { applyGroupTransition, GROUP_SYSTEM } from './group-transition.ts';
import { lapsedQuotes, lockGroup } from './group.repository.ts';
import { runSimulatedGroupDesk } from './quote.usecase.ts';

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

/** Every minute: the simulated group desk (GROUP_DESK_DELAY_SECONDS after a request) and the lapse of quotes. */
export const groupDeskJob: JobDefinition = {
  name: 'group-orders-desk',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => runSimulatedGroupDesk(deps, now),
};

export const groupLapseJob: JobDefinition = {
  name: 'group-orders-lapse',
  cron: '* * * * *',
  runAtStart: true,
  run: (deps, now) => lapseGroupQuotes(deps, now),
};

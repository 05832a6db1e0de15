import type { z } from 'zod';
import type { GroupOrder, GroupSeatsBody } from '@portal/contract/api/group-orders';
import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { deskGroup } from './group.access.ts';
import { applyGroupTransition, GROUP_SYSTEM, type GroupActorRef } from './group-transition.ts';
import { groupsIdleIn, lockGroup, type GroupRow } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { decideGroupMove } from './group.states.ts';
import { completeQuote, groupDeskDelaySeconds } from './quote.usecase.ts';

/**
 * Seats (issue 12): after the agency confirms, the desk applies for the group's seats with the airline
 * (to_be_apply_seat -> seat_applying) and reports the outcome: secured as quoted (-> to_be_pay_first; the payment
 * plan's deadlines stay as quoted), or changed (fewer seats, other flights) as a new quote version the agency must
 * accept (-> to_be_confirm, with the new quote's confirmBy).
 */

type SeatsOutcome = z.output<typeof GroupSeatsBody>;

async function reportSeats(tx: DbOrTx, group: GroupRow, outcome: SeatsOutcome, actor: GroupActorRef, now: Date): Promise<GroupRow> {
  // From to_be_apply_seat the desk applies and answers in one go: both moves are on the timeline.
  if (group.status === 'to_be_apply_seat') group = await applyGroupTransition(tx, group, 'apply_seat', actor);
  if (outcome.outcome === 'secured') {
    return applyGroupTransition(tx, group, 'seats_secured', actor, { remark: outcome.remark || null, data: { seats: group.quote?.seats ?? null, quoteVersion: group.quoteVersion } });
  }
  decideGroupMove(group.status, 'seats_changed', actor.kind);
  const quote = completeQuote(group.request, outcome.quote, { version: group.quoteVersion + 1, now, quotedBy: actor.kind === 'system' ? 'simulator' : 'desk', fewerSeats: true });
  return applyGroupTransition(tx, group, 'seats_changed', actor, {
    remark: outcome.remark || quote.remark || null,
    data: { quoteVersion: quote.version, seats: quote.seats, total: quote.total, currency: quote.currency },
    patch: { quote, quoteVersion: quote.version, confirmBy: new Date(quote.confirmBy) },
  });
}

/** POST /order/v2/flight/group/orders/{id}/seats: the platform's group desk reports the outcome of applying for seats. */
export async function deskSeats(db: DbOrTx, auth: AuthContext, id: string, body: SeatsOutcome, o: { now?: Date } = {}): Promise<GroupOrder> {
  const visible = await deskGroup(db, auth, id);
  const now = o.now ?? new Date();
  await db.transaction(async (tx) => {
    const group = (await lockGroup(tx, visible.id))!;
    // Refused by the table unless the group is waiting for seats (to_be_apply_seat or seat_applying).
    if (group.status !== 'to_be_apply_seat') decideGroupMove(group.status, body.outcome === 'secured' ? 'seats_secured' : 'seats_changed', 'platform');
    await reportSeats(tx, group, body, { kind: 'platform', userId: auth.user.id }, now);
  });
  return loadGroupDetail(db, auth, id);
}

/**
 * The simulated group desk's seat work, GROUP_DESK_DELAY_SECONDS after each step: a confirmed group is applied for
 * (-> seat_applying), and secured (-> to_be_pay_first) on a later run; it never changes an offer (that is the platform
 * desk's answer by hand). Each group is locked and checked again, so a hand move that won the race stands. Safe to
 * run twice.
 */
export async function runSimulatedSeatDesk(deps: Pick<Deps, 'db' | 'log'>, now: Date, o: { delaySeconds?: number } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - (o.delaySeconds ?? groupDeskDelaySeconds()) * 1000);
  let moved = 0;
  for (const candidate of await groupsIdleIn(deps.db, ['to_be_apply_seat', 'seat_applying'], cutoff)) {
    try {
      moved += await deps.db.transaction(async (tx) => {
        const group = (await lockGroup(tx, candidate.id))!;
        if (group.updatedAt.getTime() > cutoff.getTime()) return 0;
        if (group.status === 'to_be_apply_seat') {
          await applyGroupTransition(tx, group, 'apply_seat', GROUP_SYSTEM);
          return 1;
        }
        if (group.status !== 'seat_applying') return 0;
        await applyGroupTransition(tx, group, 'seats_secured', GROUP_SYSTEM, {
          data: { seats: group.quote?.seats ?? null, quoteVersion: group.quoteVersion, messageKey: 'group.seats.secured', params: {} },
        });
        return 1;
      });
    } catch (err) {
      deps.log?.warn({ err, groupOrderId: candidate.id }, 'simulated group desk could not apply for seats');
    }
  }
  return moved;
}

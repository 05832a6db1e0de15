import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { ticketNumbersTaken } from '../../suppliers/air/booking-store.ts';
import { newTicketNumber, ticketPrefix } from '../../suppliers/air/booking-rules.ts';
import { applyGroupTransition, GROUP_SYSTEM } from './group-transition.ts';
import { groupsNamesConfirmedBy, lockGroup, type GroupRow } from './group.repository.ts';
import { groupDeskDelaySeconds } from './quote.usecase.ts';
import { groupPassengersOf, groupTicketNumbersTaken, setTicketNumbers } from './names.repository.ts';

/**
 * Group ticketing (issue 12): once the agency confirmed the passenger list, the group desk issues one ticket per
 * traveller on the validating carrier's stock (the quote's first flight's airline, whose 3-digit accounting code
 * starts every number) and the group is issued. The simulated desk does it GROUP_DESK_DELAY_SECONDS after the
 * confirmation. Numbers are unique across group travellers and every supplier booking (one airline, one stock).
 * Each group is locked and checked again, so a run twice or late issues nothing twice.
 */

const ATTEMPTS = 5;

async function freeTicketNumbers(tx: DbOrTx, carrier: string, count: number): Promise<string[]> {
  const prefix = ticketPrefix(carrier);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const numbers = Array.from({ length: count }, () => newTicketNumber(prefix));
    if (new Set(numbers).size !== numbers.length) continue;
    const [groupTaken, supplierTaken] = await readsOn(tx, [() => groupTicketNumbersTaken(tx, numbers), () => ticketNumbersTaken(tx, numbers)]);
    if (groupTaken.size === 0 && supplierTaken.size === 0) return numbers;
  }
  throw new Error(`no free ticket numbers for ${carrier} after ${ATTEMPTS} attempts`);
}

/** Issues the group's tickets; the caller holds the group's lock. */
export async function issueGroupTickets(tx: DbOrTx, group: GroupRow): Promise<number> {
  const carrier = group.quote?.journeys[0]?.flights[0]?.carrier;
  if (!carrier) throw new Error(`group ${group.id} has no quoted flight to ticket`);
  const list = await groupPassengersOf(tx, group.id);
  const travellers = list.filter((p) => !p.ticketNumber);
  const numbers = await freeTicketNumbers(tx, carrier, travellers.length);
  await setTicketNumbers(tx, travellers.map((t, i) => ({ id: t.id, ticketNumber: numbers[i] })));
  const count = list.length;
  await applyGroupTransition(tx, group, 'issue', GROUP_SYSTEM, { data: { messageKey: 'group.tickets.issued', params: { count }, carrier } });
  return count;
}

export async function runSimulatedTicketing(deps: Pick<Deps, 'db' | 'log'>, now: Date, o: { delaySeconds?: number } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - (o.delaySeconds ?? groupDeskDelaySeconds()) * 1000);
  let issued = 0;
  for (const candidate of await groupsNamesConfirmedBy(deps.db, cutoff)) {
    try {
      issued += await deps.db.transaction(async (tx) => {
        const group = (await lockGroup(tx, candidate.id))!;
        if (group.status !== 'proceeding' || !group.namesConfirmedAt || group.namesConfirmedAt.getTime() > cutoff.getTime()) return 0;
        await issueGroupTickets(tx, group);
        return 1;
      });
    } catch (err) {
      deps.log?.warn({ err, groupOrderId: candidate.id }, 'simulated group desk could not issue the tickets');
    }
  }
  return issued;
}

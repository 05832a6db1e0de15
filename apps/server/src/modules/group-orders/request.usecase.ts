import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { GROUP_MAX_DAYS_AHEAD, type GroupBookingBody, type GroupOrder, type GroupRequest } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import type { FieldErrors } from '@portal/contract/passengers/validate';
import { validateContact } from '@portal/contract/passengers/validate';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { localDate, normalizeSearch } from '../shopping/search-request.ts';
import { findGroupByKey, insertGroup, insertGroupEvent, nextGroupBookingNumber } from './group.repository.ts';
import { loadGroupDetail } from './group.queries.ts';
import { GROUP_START } from './group.states.ts';

type Body = z.output<typeof GroupBookingBody>;

const requestHash = (body: Body) => createHash('sha256').update(JSON.stringify(['group-order', body])).digest('hex');

const DAY_MS = 86_400_000;

/**
 * The flight search's journey rules (spec point 5, search-request.ts) with its message keys: known locations, origin
 * and destination in different cities, real dates not in the past at the origin, in travel order. The search's own
 * passenger rules (1-9) do not apply to groups: the contract's group counts were checked already, so the journeys are
 * checked with one stand-in adult. Added for groups: no date later than GROUP_MAX_DAYS_AHEAD at the origin.
 */
function journeyErrors(body: Body, now: Date): FieldErrors {
  const fields: FieldErrors = {};
  try {
    normalizeSearch(
      {
        journeys: body.journeys.map((j) => ({ origin: j.origin, destination: j.destination, date: j.date })),
        passengers: { adult: 1, child: 0, infant: 0 },
        cabin: body.cabin,
        bookingType: 'multicity',
        directOnly: false,
      },
      now,
    );
  } catch (e) {
    if (!(e instanceof AppError) || !e.fields) throw e;
    Object.assign(fields, e.fields);
  }
  const latest = new Date(now.getTime() + GROUP_MAX_DAYS_AHEAD * DAY_MS);
  body.journeys.forEach((j, i) => {
    const at = `journeys.${i}.date`;
    if (fields[at] || fields[`journeys.${i}`] || fields[`journeys.${i}.origin`]) return;
    if (j.date > localDate(j.origin, latest)) fields[at] = { key: 'group.date.tooFar', params: { days: GROUP_MAX_DAYS_AHEAD } };
  });
  return fields;
}

/** Every broken rule at once (journeys and contact), as the booking form does; the request as stored otherwise. */
export function normalizeGroupRequest(body: Body, now: Date): GroupRequest {
  const fields = journeyErrors(body, now);
  const contact = validateContact(body.contact);
  for (const [path, error] of Object.entries(contact.fields)) fields[`contact.${path}`] = error;
  const [first] = Object.values(fields);
  if (first || !contact.contact) {
    const f = first ?? 'validation.invalid';
    throw new AppError(Code.VALIDATION, typeof f === 'string' ? f : f.key, typeof f === 'string' ? {} : f.params, fields);
  }
  return {
    tripType: body.tripType,
    journeys: body.journeys.map((j) => ({ ...j, origin: j.origin.toUpperCase(), destination: j.destination.toUpperCase() })),
    passengers: body.passengers,
    cabin: body.cabin,
    contact: contact.contact,
    remark: body.remark,
  };
}

/**
 * POST /order/v2/flight/group/orders: a group request (to_be_quote). With the Idempotency-Key of a request already
 * made, the first answer is given again (nothing new is created); the same key with another body is refused, as the
 * flight orders do. Two concurrent first requests with one key meet at the unique key: the loser answers the winner.
 */
export async function requestGroup(db: DbOrTx, auth: AuthContext, body: Body, o: { idempotencyKey: string; now?: Date }): Promise<GroupOrder> {
  const hash = requestHash(body);
  const prior = await findGroupByKey(db, o.idempotencyKey);
  if (prior) {
    if (prior.requestHash !== hash || prior.companyId !== auth.company.id) throw idempotencyConflict();
    return loadGroupDetail(db, auth, prior.id);
  }
  const now = o.now ?? new Date();
  const request = normalizeGroupRequest(body, now);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const group = await insertGroup(tx, {
        bookingNumber: await nextGroupBookingNumber(tx, now),
        companyId: auth.company.id,
        userId: auth.user.id,
        status: GROUP_START,
        request,
        departureDate: request.journeys[0].date,
        idempotencyKey: o.idempotencyKey,
        requestHash: hash,
      });
      // The timeline starts with the request itself (no table move: the group is created in its start status).
      await insertGroupEvent(tx, {
        groupOrderId: group.id,
        event: 'request',
        fromStatus: null,
        toStatus: GROUP_START,
        actorKind: 'user',
        actorUserId: auth.user.id,
        remark: request.remark || null,
      });
      return group.id;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'idempotency_key')) {
      const winner = await findGroupByKey(db, o.idempotencyKey);
      if (winner && winner.requestHash === hash && winner.companyId === auth.company.id) return loadGroupDetail(db, auth, winner.id);
      throw idempotencyConflict();
    }
    throw e;
  }
  return loadGroupDetail(db, auth, id);
}

import type { z } from 'zod';
import type { MemberCard, MemberCardBody, MemberCardQuery } from '@portal/contract/api/travellers';
import { MAX_MEMBER_CARDS_PER_PASSENGER } from '@portal/contract/api/travellers';
import { Code } from '@portal/contract/codes';
import { memberCardNumberError, normalizeMemberCardNumber, programmeOwner, SHARED_PROGRAMMES } from '@portal/contract/passengers/member-cards';
import type { FieldErrors } from '@portal/contract/passengers/validate';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { getAirline } from '../reference/reference.ts';
import {
  cardOfProgramme,
  countCardsOf,
  deleteMemberCard,
  findMemberCard,
  insertMemberCard,
  listMemberCards,
  updateMemberCard,
  type MemberCardFields,
} from './member-cards.repository.ts';
import { toMemberCard } from './travellers.mapper.ts';
import { findPassenger, type PassengerRow } from './travellers.repository.ts';
import { ownerOf, type TravellerDeps } from './travellers.service.ts';
import { fieldsRefusal } from './validation.ts';

const HOLDER = /^[A-Z]+\/[A-Z ]+$/;

/** The card's fields checked and normalized: a known airline, the programme's number format, SURNAME/GIVEN NAMES. */
function checkCard(body: MemberCardBody, passenger: PassengerRow): MemberCardFields {
  const fields: FieldErrors = {};
  const airline = (body.airline ?? '').trim().toUpperCase();
  const number = normalizeMemberCardNumber(body.number ?? '');
  if (!airline || !getAirline(airline)) fields.airline = 'travellers.memberCard.airline';
  else {
    const numberError = memberCardNumberError(airline, number);
    if (numberError) fields.number = numberError;
  }
  // The holder defaults to the traveller's name, the way airlines print it.
  const holder = (body.holder ?? '').trim().replace(/\s+/g, ' ').replace(/\s*\/\s*/, '/').toUpperCase() || `${passenger.surname}/${passenger.givenNames}`;
  if (!HOLDER.test(holder)) fields.holder = 'travellers.memberCard.holder';
  if (Object.keys(fields).length > 0) throw fieldsRefusal(fields);
  return { passengerId: passenger.id, airline, number, holder };
}

/**
 * The traveller the card belongs to, locked: writes to one traveller's cards run one after the other, so the limit
 * and the one-card-per-programme rule hold under concurrent requests. Another user's traveller is not found.
 */
async function lockedPassenger(tx: DbOrTx, auth: AuthContext, passengerId: string): Promise<PassengerRow> {
  const passenger = await findPassenger(tx, ownerOf(auth), passengerId, true);
  if (!passenger) throw notFound();
  return passenger;
}

/** One card per programme: a China Eastern card and a Shanghai Airlines card are both Eastern Miles. */
async function refuseSecondOfProgramme(tx: DbOrTx, card: MemberCardFields, exceptId: string | null): Promise<void> {
  const owner = programmeOwner(card.airline);
  const sharing = [owner, ...Object.keys(SHARED_PROGRAMMES).filter((a) => SHARED_PROGRAMMES[a] === owner)];
  if (await cardOfProgramme(tx, card.passengerId, sharing, exceptId)) throw new AppError(Code.CONFLICT, 'travellers.memberCard.duplicate', {}, { airline: 'travellers.memberCard.duplicate' });
}

export async function listCards(deps: TravellerDeps, auth: AuthContext, q: z.infer<typeof MemberCardQuery>): Promise<{ items: MemberCard[]; total: number }> {
  const rows = await listMemberCards(deps.db, ownerOf(auth), q);
  return { items: rows.map(toMemberCard), total: rows.length };
}

export async function createCard(deps: TravellerDeps, auth: AuthContext, body: MemberCardBody): Promise<MemberCard> {
  return deps.db.transaction(async (tx) => {
    const passenger = await lockedPassenger(tx, auth, body.passengerId);
    const card = checkCard(body, passenger);
    if ((await countCardsOf(tx, passenger.id)) >= MAX_MEMBER_CARDS_PER_PASSENGER) {
      throw new AppError(Code.CONFLICT, 'travellers.memberCard.max', { max: MAX_MEMBER_CARDS_PER_PASSENGER });
    }
    await refuseSecondOfProgramme(tx, card, null);
    return toMemberCard(await insertMemberCard(tx, auth.user.id, card));
  });
}

/** An edit may also move the card to another of the user's travellers. */
export async function updateCard(deps: TravellerDeps, auth: AuthContext, id: string, body: MemberCardBody): Promise<MemberCard> {
  return deps.db.transaction(async (tx) => {
    const current = await findMemberCard(tx, ownerOf(auth), id);
    if (!current) throw notFound();
    const passenger = await lockedPassenger(tx, auth, body.passengerId);
    const card = checkCard(body, passenger);
    if (passenger.id !== current.passengerId && (await countCardsOf(tx, passenger.id)) >= MAX_MEMBER_CARDS_PER_PASSENGER) {
      throw new AppError(Code.CONFLICT, 'travellers.memberCard.max', { max: MAX_MEMBER_CARDS_PER_PASSENGER });
    }
    await refuseSecondOfProgramme(tx, card, id);
    return toMemberCard(await updateMemberCard(tx, id, card));
  });
}

export async function deleteCard(deps: TravellerDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findMemberCard(tx, ownerOf(auth), id);
    if (!current) throw notFound();
    await deleteMemberCard(tx, id);
  });
}

import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { frequentPassengers, memberCards } from '../../db/schema/index.ts';
import type { MemberCardRow, Owner } from './travellers.repository.ts';

export type MemberCardFields = Pick<typeof memberCards.$inferInsert, 'passengerId' | 'airline' | 'number' | 'holder'>;

// A card is reached through its traveller, so the traveller's owner and agency are what decide (not only user_id).
const ownedCard = (o: Owner) =>
  and(eq(memberCards.userId, o.userId), eq(frequentPassengers.userId, o.userId), eq(frequentPassengers.companyId, o.companyId));

export async function listMemberCards(db: DbOrTx, o: Owner, filter: { passengerId?: string; airline?: string }): Promise<MemberCardRow[]> {
  const rows = await db
    .select({ card: memberCards })
    .from(memberCards)
    .innerJoin(frequentPassengers, eq(frequentPassengers.id, memberCards.passengerId))
    .where(
      and(
        ownedCard(o),
        filter.passengerId ? eq(memberCards.passengerId, filter.passengerId) : undefined,
        filter.airline ? eq(memberCards.airline, filter.airline.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(memberCards.createdAt), asc(memberCards.id));
  return rows.map((r) => r.card);
}

export async function findMemberCard(db: DbOrTx, o: Owner, id: string): Promise<MemberCardRow | null> {
  const [row] = await db
    .select({ card: memberCards })
    .from(memberCards)
    .innerJoin(frequentPassengers, eq(frequentPassengers.id, memberCards.passengerId))
    .where(and(ownedCard(o), eq(memberCards.id, id)))
    .limit(1);
  return row?.card ?? null;
}

export async function countCardsOf(db: DbOrTx, passengerId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(memberCards).where(eq(memberCards.passengerId, passengerId));
  return Number(n);
}

/** A card of the traveller under any of `airlines` (the airlines sharing one programme). */
export async function cardOfProgramme(db: DbOrTx, passengerId: string, airlines: readonly string[], exceptId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(and(eq(memberCards.passengerId, passengerId), inArray(memberCards.airline, [...airlines]), exceptId ? ne(memberCards.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

export async function insertMemberCard(tx: DbOrTx, userId: string, fields: MemberCardFields): Promise<MemberCardRow> {
  const [row] = await tx
    .insert(memberCards)
    .values({ ...fields, userId })
    .returning();
  return row;
}

export async function updateMemberCard(tx: DbOrTx, id: string, fields: MemberCardFields): Promise<MemberCardRow> {
  const [row] = await tx.update(memberCards).set(fields).where(eq(memberCards.id, id)).returning();
  return row;
}

export async function deleteMemberCard(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(memberCards).where(eq(memberCards.id, id));
}

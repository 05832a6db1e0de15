import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { frequentPassengerDocuments, frequentPassengers, memberCards, users } from '../../db/schema/index.ts';

export type PassengerRow = typeof frequentPassengers.$inferSelect;
export type DocumentRow = typeof frequentPassengerDocuments.$inferSelect;
export type MemberCardRow = typeof memberCards.$inferSelect;
export type PassengerFields = Omit<typeof frequentPassengers.$inferInsert, 'id' | 'userId' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type NewDocumentRow = Omit<typeof frequentPassengerDocuments.$inferInsert, 'passengerId'>;

/** Whose travellers a query may see: the user, inside their agency (both checked, so a moved id cannot leak). */
export interface Owner {
  userId: string;
  companyId: string;
}

const owned = (o: Owner) => and(eq(frequentPassengers.userId, o.userId), eq(frequentPassengers.companyId, o.companyId));

/** Serializes a user's creates and duplicate checks: two concurrent creates at 29 cannot both see room for one more. */
export async function lockOwner(tx: DbOrTx, o: Owner): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, o.userId)).for('update');
}

export async function countPassengers(db: DbOrTx, o: Owner): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(frequentPassengers).where(owned(o));
  return Number(n);
}

/** What a keyword may match; the service turns the typed text into these (hashing a whole document number). */
export interface PassengerSearch {
  /** Upper-case Latin letters without separators: "ZHANGSAN" matches ZHANG/SAN. */
  compactName?: string;
  localName?: string;
  numberHash?: string;
  last4?: string;
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

export async function listPassengers(db: DbOrTx, o: Owner, search: PassengerSearch | null): Promise<PassengerRow[]> {
  const where: SQL[] = [owned(o)!];
  if (search) {
    const any: SQL[] = [];
    if (search.compactName) any.push(sql`replace(${frequentPassengers.surname} || ${frequentPassengers.givenNames}, ' ', '') like ${`%${escapeLike(search.compactName)}%`}`);
    if (search.localName) any.push(ilike(frequentPassengers.localName, `%${escapeLike(search.localName)}%`));
    const docMatch: SQL[] = [];
    if (search.numberHash) docMatch.push(eq(frequentPassengerDocuments.numberHash, search.numberHash));
    if (search.last4) docMatch.push(eq(frequentPassengerDocuments.numberLast4, search.last4));
    if (docMatch.length) {
      const ids = db.select({ id: frequentPassengerDocuments.passengerId }).from(frequentPassengerDocuments).where(or(...docMatch));
      any.push(inArray(frequentPassengers.id, ids));
    }
    if (any.length === 0) return [];
    where.push(or(...any)!);
  }
  return db
    .select()
    .from(frequentPassengers)
    .where(and(...where))
    .orderBy(asc(frequentPassengers.createdAt), asc(frequentPassengers.id));
}

export async function findPassenger(db: DbOrTx, o: Owner, id: string, forUpdate = false): Promise<PassengerRow | null> {
  const q = db.select().from(frequentPassengers).where(and(owned(o), eq(frequentPassengers.id, id))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertPassenger(tx: DbOrTx, o: Owner, fields: PassengerFields): Promise<PassengerRow> {
  const [row] = await tx
    .insert(frequentPassengers)
    .values({ ...fields, userId: o.userId, companyId: o.companyId })
    .returning();
  return row;
}

export async function updatePassenger(tx: DbOrTx, o: Owner, id: string, fields: PassengerFields): Promise<PassengerRow> {
  const [row] = await tx
    .update(frequentPassengers)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(owned(o), eq(frequentPassengers.id, id)))
    .returning();
  return row;
}

/** Documents and member cards go with it (foreign keys on delete cascade); answers the deleted row. */
export async function deletePassenger(tx: DbOrTx, o: Owner, id: string): Promise<PassengerRow | null> {
  const [row] = await tx
    .delete(frequentPassengers)
    .where(and(owned(o), eq(frequentPassengers.id, id)))
    .returning();
  return row ?? null;
}

/** The traveller (other than `exceptId`) an image is attached to, if any. */
export async function passengerWithImage(db: DbOrTx, fileId: string, exceptId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ id: frequentPassengers.id })
    .from(frequentPassengers)
    .where(and(eq(frequentPassengers.documentImageId, fileId), exceptId ? ne(frequentPassengers.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Another traveller of the same user who is the same person: a document of the same type and number, or the same
 * name and birthday. `exceptId` leaves out the traveller being edited.
 */
export async function findDuplicatePassenger(
  db: DbOrTx,
  o: Owner,
  person: { surname: string; givenNames: string; birthday: string; documents: { type: string; numberHash: string }[] },
  exceptId: string | null,
): Promise<string | null> {
  const sameDocument = person.documents.map((d) => and(eq(frequentPassengerDocuments.type, d.type as never), eq(frequentPassengerDocuments.numberHash, d.numberHash))!);
  const matches: SQL[] = [
    and(eq(frequentPassengers.surname, person.surname), eq(frequentPassengers.givenNames, person.givenNames), eq(frequentPassengers.birthday, person.birthday))!,
  ];
  if (sameDocument.length) {
    matches.push(inArray(frequentPassengers.id, db.select({ id: frequentPassengerDocuments.passengerId }).from(frequentPassengerDocuments).where(or(...sameDocument))));
  }
  const [row] = await db
    .select({ id: frequentPassengers.id })
    .from(frequentPassengers)
    .where(and(owned(o), exceptId ? ne(frequentPassengers.id, exceptId) : undefined, or(...matches)))
    .limit(1);
  return row?.id ?? null;
}

export async function documentsOf(db: DbOrTx, passengerIds: readonly string[]): Promise<DocumentRow[]> {
  if (passengerIds.length === 0) return [];
  return db
    .select()
    .from(frequentPassengerDocuments)
    .where(inArray(frequentPassengerDocuments.passengerId, [...passengerIds]))
    .orderBy(asc(frequentPassengerDocuments.position));
}

/** A traveller's documents are replaced whole on an edit; kept ones keep their id (the web may hold it). */
export async function replaceDocuments(tx: DbOrTx, passengerId: string, docs: readonly NewDocumentRow[]): Promise<void> {
  await tx.delete(frequentPassengerDocuments).where(eq(frequentPassengerDocuments.passengerId, passengerId));
  if (docs.length) await tx.insert(frequentPassengerDocuments).values(docs.map((d) => ({ ...d, passengerId })));
}

export async function cardsOf(db: DbOrTx, passengerIds: readonly string[]): Promise<MemberCardRow[]> {
  if (passengerIds.length === 0) return [];
  return db
    .select()
    .from(memberCards)
    .where(inArray(memberCards.passengerId, [...passengerIds]))
    .orderBy(asc(memberCards.createdAt), asc(memberCards.id));
}

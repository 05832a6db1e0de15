import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, companies, users } from '../../db/schema/index.ts';
import type { CompanyRow, UserRow } from '../users/user.mapper.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'lastLoginAt'>;

/** The key with the user it acts as and that user's company, by its public prefix. */
export async function findKeyByPrefix(db: DbOrTx, prefix: string): Promise<{ key: ApiKeyRow; user: UserRow; company: CompanyRow } | null> {
  const [row] = await db
    .select({ key: apiKeys, user: users, company: companies })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row ?? null;
}

/** Stamps last use, at most once per `everySeconds`, so a busy client does not write on every request. */
export async function touchKey(db: DbOrTx, id: string, everySeconds: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${everySeconds})`))));
}

export async function findApiUser(db: DbOrTx, companyId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'api')))
    .limit(1);
  return row ?? null;
}

/** Null when the username is taken (usernames are unique across companies, ignoring case). */
export async function insertApiUser(db: DbOrTx, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function revokeCompanyKeys(db: DbOrTx, companyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
}

/** Null when the prefix is taken: 32 random bits collide rarely, and the unique index settles it when they do. */
export async function insertKey(
  db: DbOrTx,
  values: { companyId: string; userId: string; prefix: string; keyHash: string; createdBy: string | null },
): Promise<ApiKeyRow | null> {
  const [row] = await db.insert(apiKeys).values(values).onConflictDoNothing({ target: apiKeys.prefix }).returning();
  return row ?? null;
}

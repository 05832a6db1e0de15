import { and, arrayContains, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@portal/contract/api/users';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from './user.mapper.ts';

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'lastLoginAt'>;
export type UserPatch = Partial<Pick<typeof users.$inferInsert, 'nickname' | 'areaCode' | 'mobile' | 'status' | 'roles' | 'permissions' | 'passwordHash' | 'avatarFileId'>>;

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/**
 * Every lookup by id is scoped to a company: the tenant check lives in the query, not in the caller's memory. The
 * agency's API user (kind 'api', managed through its API key by the parent agency) is not one of the people listed here.
 */
const inCompany = (companyId: string, id: string) => and(eq(users.companyId, companyId), eq(users.id, id), eq(users.kind, 'person'));

export async function listUsers(db: DbOrTx, companyId: string, q: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const where: SQL[] = [eq(users.companyId, companyId), eq(users.kind, 'person')];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(users.username, like), ilike(users.nickname, like), ilike(users.email, like), ilike(users.mobile, like))!);
  }
  if (q.role) where.push(arrayContains(users.roles, [q.role]));
  if (q.status) where.push(eq(users.status, q.status));
  const cond = and(...where);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select()
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ total: count() }).from(users).where(cond),
  ]);
  return { rows, total: Number(total) };
}

/** With `lock`, the row stays locked until the transaction ends, so a read-check-write cannot interleave. */
export async function findUserInCompany(db: DbOrTx, companyId: string, id: string, lock = false): Promise<UserRow | null> {
  const query = db.select().from(users).where(inCompany(companyId, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Answers null when the username is taken. Usernames are unique across all companies ignoring case (login does not ask
 * for the company); the unique index decides, so two concurrent creations cannot both win.
 */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUserInCompany(db: DbOrTx, companyId: string, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(inCompany(companyId, id))
    .returning();
  return row ?? null;
}

import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { UserLogAction, UserLogItem, UserLogQuery } from '@portal/contract/api/user-logs';
import type { PagedResult } from '@portal/contract/api/common';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { userLogs } from '../../db/schema/index.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface UserLogEntry {
  companyId: string | null;
  actor: { id: string; username: string } | null;
  target?: { id: string; username: string } | null;
  action: UserLogAction;
  detail?: Record<string, unknown>;
  meta: RequestMeta;
}

export async function recordUserLog(db: DbOrTx, e: UserLogEntry): Promise<void> {
  await db.insert(userLogs).values({
    companyId: e.companyId,
    actorUserId: e.actor?.id ?? null,
    actorUsername: e.actor?.username ?? null,
    targetUserId: e.target?.id ?? null,
    targetUsername: e.target?.username ?? null,
    action: e.action,
    detail: e.detail ?? {},
    ip: e.meta.ip,
    userAgent: e.meta.userAgent?.slice(0, 400) ?? null,
  });
}

export async function listUserLogs(db: DbOrTx, companyId: string, q: UserLogQuery): Promise<PagedResult<UserLogItem>> {
  const where: SQL[] = [eq(userLogs.companyId, companyId)];
  if (q.action) where.push(eq(userLogs.action, q.action));
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    where.push(or(ilike(userLogs.actorUsername, like), ilike(userLogs.targetUsername, like))!);
  }
  if (q.from) where.push(gte(userLogs.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(userLogs.createdAt, new Date(q.to)));
  const cond = and(...where);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select()
      .from(userLogs)
      .where(cond)
      .orderBy(desc(userLogs.createdAt), desc(userLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => db.select({ total: count() }).from(userLogs).where(cond),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action as UserLogAction,
      actorUsername: r.actorUsername,
      targetUsername: r.targetUsername,
      detail: r.detail,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

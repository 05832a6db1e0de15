import { count, desc, eq } from 'drizzle-orm';
import type { ApplicationItem } from '@portal/contract/api/applications';
import type { PagedResult } from '@portal/contract/api/common';
import type { DbOrTx } from '../../db/client.ts';
import { readsOn } from '../../db/parallel.ts';
import { applications } from '../../db/schema/index.ts';

export type NewApplication = Omit<typeof applications.$inferInsert, 'id' | 'createdAt'>;

export async function insertApplication(db: DbOrTx, values: NewApplication): Promise<string> {
  const [row] = await db.insert(applications).values(values).returning({ id: applications.id });
  return row.id;
}

export async function listApplications(db: DbOrTx, companyId: string, page: number, pageSize: number): Promise<PagedResult<ApplicationItem>> {
  const where = eq(applications.companyId, companyId);
  const [rows, [{ total }]] = await readsOn(db, [
    () => db
      .select()
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    () => db.select({ total: count() }).from(applications).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      contact: r.contact,
      phone: r.phone,
      country: r.country,
      companyName: r.companyName,
      companyAddress: r.companyAddress,
      website: r.website,
      remarks: r.remarks,
      language: r.language,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

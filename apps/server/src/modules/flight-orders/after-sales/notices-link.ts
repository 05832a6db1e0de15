import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { flightScheduleNotices } from '../../../db/schema/index.ts';

/** An airline change on the order the agent did not accept (open or refused) makes a refund or change involuntary. */
export async function openOrRefusedNotice(db: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: flightScheduleNotices.id })
    .from(flightScheduleNotices)
    .where(and(eq(flightScheduleNotices.orderId, orderId), inArray(flightScheduleNotices.status, ['open', 'refused'])))
    .limit(1);
  return rows.length > 0;
}

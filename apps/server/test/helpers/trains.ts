import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { trainOrders } from '../../src/db/schema/index.ts';

export const DAY_MS = 86_400_000;
/** China's wall-clock offset: 12306 dates and train times are Beijing time, which has no daylight saving. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The date `days` after today in China (yyyy-MM-dd), as a train search takes it. */
export const chinaDate = (days: number) => new Date(Date.now() + CHINA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);

/** Moves an order's train to leave `ms` from now (stored as China wall-clock time and as the instant). */
export async function setDepartureIn(db: Db, orderId: string, ms: number): Promise<void> {
  const at = new Date(Date.now() + ms);
  const local = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16);
  await db.update(trainOrders).set({ departureAt: local, departureUtc: at, departureDate: local.slice(0, 10) }).where(eq(trainOrders.id, orderId));
}

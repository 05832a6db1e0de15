import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { setFaults } from '../src/suppliers/air/faults.ts';
import { NO_FAULTS } from '../src/suppliers/air/types.ts';
import { createTestApp, loginAs } from '../test/helpers/app.ts';
import { adult, CONTACT, findFare } from '../test/helpers/orders.ts';
import { companyIdOf, userIdOf } from '../test/helpers/tenants.ts';
import { measure, type BenchRow } from './measure.ts';



/** 0 -> A, 25 -> Z, 26 -> BA: passenger names take letters only. */
const lettersOf = (n: number): string => (n >= 26 ? lettersOf(Math.floor(n / 26)) : '') + String.fromCharCode(65 + (n % 26));

/**
 * Issue 8 targets on the PostgreSQL server: booking's platform cost with zero-latency suppliers under 100 ms at p95;
 * the order list with filters over 100,000 orders under 50 ms and the status counts under 20 ms at p95. The orders are
 * seeded here (SQL generate_series), never in the demo data.
 */
export async function benchOrders(): Promise<BenchRow[]> {
  process.env.TEST_DB = 'postgres';
  const t = await createTestApp({ demoMoney: true });
  const rows: BenchRow[] = [];
  try {
    for (const code of ['sim-gds', 'sim-ndc', 'sim-lcc']) await setFaults(t.db, code, { ...NO_FAULTS, ticketingDelaySeconds: 0 });
    const token = await loginAs(t.app, 'operator');
    // Several searches (dates) so the bookings spread over flights and never exhaust one class.
    const fares = await Promise.all([10, 11, 12, 13, 14, 15, 16, 17].map((days) => findFare(t.app, token, { days })));
    rows.push(
      await measure('postgres: POST /order/v2/flight/orders (re-price + book at a zero-latency supplier, 1 adult)', 200, 10, async (i) => {
        const fare = fares[Math.abs(i) % fares.length];
        const r = await t.app.inject({
          method: 'POST',
          url: '/order/v2/flight/orders',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
          // Later bookings may land in a dearer class as seats sell: accept up to 3x the first price.
          payload: { searchId: fare.searchId, fareId: fare.fareId, acceptedTotal: fare.total * 3, passengers: [adult('BENCH', lettersOf(Math.abs(i)))], contact: CONTACT },
        });
        const body = r.json();
        if (body.code !== 0) throw new Error(`booking failed: ${body.message}`);
      }),
    );

    const companyId = await companyIdOf(t, 'A00001');
    const userId = await userIdOf(t, 'operator');
    const N = 100_000;
    const statuses = ['to_be_paid', 'issued', 'issued', 'issued', 'closed', 'canceled', 'proceeding', 'failed_reimbursed', 'reviewing'];
    await t.db.execute(sql`
      insert into flight_orders (id, booking_number, company_id, created_by, status, payment_status, supplier, record_locator, validating_carrier,
        fare_id, offer, fare, contact, currency, total, cost_total, invoice_type, product_type, departure_at, departure_date, last_flight_date, created_at)
      select md5('bench' || g)::uuid, 'B' || lpad(g::text, 9, '0'), ${companyId}, ${userId},
        (${sql.raw(`array[${statuses.map((x) => `'${x}'`).join(',')}]`)})[1 + g % ${statuses.length}], case when g % 3 = 0 then 'unpaid' else 'paid' end, 'sim-gds',
        upper(substr(md5(g::text), 1, 6)), 'CA', 'x', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, 'CNY', 100000 + g % 5000, 90000, 'Bill', 'normal-standard',
        now() + (g % 300) * interval '1 day', (now() + (g % 300) * interval '1 day')::date, (now() + (g % 300) * interval '1 day')::date,
        now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${N}) g`);
    await t.db.execute(sql`
      insert into flight_order_passengers (order_id, position, type, surname, given_names, gender, birthday, nationality, document_type, document_number, ticket_number)
      select md5('bench' || g)::uuid, 0, 'adult', 'SURNAME' || (g % 5000), 'GIVEN' || (g % 97), 'male', '1980-01-01', 'CN', 'passport', 'E' || lpad(g::text, 8, '0'),
        case when g % 9 in (1,2,3) then '999' || lpad(g::text, 10, '0') end
      from generate_series(1, ${N}) g`);
    await t.db.execute(sql`
      insert into flight_order_segments (order_id, position, leg, flight_number, carrier, origin, destination, departure, arrival, departure_date, departure_utc, cabin, booking_class)
      select md5('bench' || g)::uuid, 0, 0, 'CA' || (1000 + g % 800), 'CA', 'PEK', 'SHA', '2027-01-01T08:00', '2027-01-01T10:15',
        (now() + (g % 300) * interval '1 day')::date, now() + (g % 300) * interval '1 day', 'economy', 'Y'
      from generate_series(1, ${N}) g`);
    for (const table of ["flight_orders", "flight_order_passengers", "flight_order_segments"]) await t.db.execute(sql.raw(`vacuum analyze ${table}`));

    const get = (url: string) => async () => {
      const r = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (r.json().code !== 0) throw new Error(r.body);
    };
    const q = [
      '/order/v2/flight/orders?page=1&pageSize=20',
      '/order/v2/flight/orders?status=issued,to_be_paid&page=3&pageSize=20',
      '/order/v2/flight/orders?passengerName=SURNAME4321&pageSize=20',
      '/order/v2/flight/orders?ticketNumber=9990000000002&pageSize=20',
      '/order/v2/flight/orders?flightNumber=CA1234&departureFrom=2026-12-01&departureTo=2027-03-01&pageSize=20',
      '/order/v2/flight/orders?createdFrom=2026-10-01&createdTo=2026-11-30&paymentStatus=paid&sort=departure&order=asc&pageSize=20',
      '/order/v2/flight/orders?pnr=ABC123',
      '/order/v2/flight/orders?bookingNumber=B00004&pageSize=20',
    ];
    if (process.env.BENCH_EACH) for (const url of q) console.log(url, (await measure(url, 40, 5, get(url))).p95.toFixed(1));
    rows.push(await measure(`postgres: GET /order/v2/flight/orders, 8 filter mixes over ${(N + 200).toLocaleString('en')} orders of one agency`, 400, 10, async (i) => get(q[Math.abs(i) % q.length])()));
    rows.push(await measure(`postgres: GET /order/v2/flight/orders/status (all statuses) over the same orders`, 400, 10, get('/order/v2/flight/orders/status')));
    rows.push(
      await measure('postgres: GET /order/v2/flight/orders/status?status=<the 5 pending groups> over the same orders', 400, 10, get('/order/v2/flight/orders/status?status=to_be_paid,reviewing,proceeding,rfd_to_be_confirm,failed_reimbursing')),
    );
  } finally {
    await t.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchOrders());

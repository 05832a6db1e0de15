import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { oneWay, pollUntilDone, startSearch } from './helpers/shopping.ts';
import { companyIdOf } from './helpers/tenants.ts';

/**
 * Issue 4: the price adjustments the parent sets in agency management are the ones shopping prices with. Goes
 * through the real routes end to end: PUT /base/v2/agencies/{id}/config, then a search by the agency's operator.
 */
describe('agency price adjustments reach the shopping prices', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let agencyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operator] = await Promise.all([loginAs(t.app, 'admin'), loginAs(t.app, 'operator')]);
    agencyId = await companyIdOf(t, 'A00001');
  });
  afterAll(() => t?.close());

  /** Every fare's adult sale price and breakdown markup of an intercontinental (PEK-LHR) and a domestic (PEK-SHA) search. */
  async function adultPrices(route: [string, string]) {
    const searchId = await startSearch(t.app, operator, oneWay(route[0], route[1], 12));
    const res = await pollUntilDone(t.app, operator, searchId, { pageSize: 100 });
    const out = new Map<string, { sale: number; markup: number; price: number }>();
    for (const s of res.data.items) {
      for (const f of s.fares) {
        const adult = f.priceList.find((p: { passengerType: string }) => p.passengerType === 'adult');
        out.set(`${s.id}|${f.fareId}`, { sale: adult.salePrice, markup: adult.breakdown.markup, price: adult.price });
      }
    }
    return out;
  }

  async function setAdjustments(priceAdjustments: unknown[]) {
    const detail = await call(t.app, 'GET', `/base/v2/agencies/${agencyId}`, { token: admin });
    const flight = { ...DEFAULT_FLIGHT_CONFIG, ...detail.data.config.flight, priceAdjustments };
    const res = await call(t.app, 'PUT', `/base/v2/agencies/${agencyId}/config`, { token: admin, body: { flight } });
    expect(res.code, res.message).toBe(0);
  }

  it('adds each area its own adjustment: fixed on intercontinental fares, a capped percentage on mainland ones', async () => {
    const beforeLong = await adultPrices(['PEK', 'LHR']);
    const beforeShort = await adultPrices(['PEK', 'SHA']);
    expect(beforeLong.size).toBeGreaterThan(0);
    expect(beforeShort.size).toBeGreaterThan(0);

    // +150.00 CNY per passenger on intercontinental trips; 5% on domestic ones, at most 20.00 CNY.
    await setAdjustments([
      { area: 'intercontinental', value: 150_00, unit: 'fixed', limit: 0 },
      { area: 'chinaMainland', value: 500, unit: 'percent', limit: 20_00 },
    ]);
    const afterLong = await adultPrices(['PEK', 'LHR']);
    const afterShort = await adultPrices(['PEK', 'SHA']);

    let compared = 0;
    for (const [key, before] of beforeLong) {
      const after = afterLong.get(key);
      if (!after || after.price !== before.price) continue;
      expect(after.sale - before.sale).toBe(150_00);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
    compared = 0;
    for (const [key, before] of beforeShort) {
      const after = afterShort.get(key);
      if (!after || after.price !== before.price) continue;
      const added = after.sale - before.sale;
      expect(added).toBeGreaterThan(0);
      expect(added).toBeLessThanOrEqual(20_00);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);

    // Removing them restores the prices.
    await setAdjustments([]);
    const again = await adultPrices(['PEK', 'LHR']);
    for (const [key, before] of beforeLong) {
      const now = again.get(key);
      if (now && now.price === before.price) expect(now.sale).toBe(before.sale);
    }
  });
});

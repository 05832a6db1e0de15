import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FlightConfig } from '@portal/contract/api/agency-config';
import { DEFAULT_FLIGHT_CONFIG } from '@portal/contract/api/agency-config';
import { companies } from '../../src/db/schema/index.ts';
import { call, type CallResult, type TestApp } from './app.ts';

export const SEARCH = '/shopping/v2/flight/async-shopping';
export const SOLUTIONS = '/shopping/v2/flight/async-shopping/solutions';
export const ACCURATE = '/shopping/v2/flight/accurate-search';
export const PNR = '/shopping/v2/flight/analysis-pnr';
export const verificationUrl = (solutionId: string) => `/shopping/v2/flight/solutions/${solutionId}/verification`;

/** A local date `days` from today (UTC; far enough from midnight issues for days >= 2). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function setFlightConfig(t: TestApp, code: string, patch: Partial<FlightConfig>): Promise<void> {
  await t.db
    .update(companies)
    .set({ flightConfig: { ...DEFAULT_FLIGHT_CONFIG, ...patch } })
    .where(eq(companies.code, code));
}

export async function setCommonConfig(t: TestApp, code: string, patch: Record<string, unknown>): Promise<void> {
  await t.db
    .update(companies)
    .set({ commonConfig: sql`${companies.commonConfig} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(companies.code, code));
}

export async function startSearch(app: FastifyInstance, token: string, body: unknown): Promise<string> {
  const res = await call(app, 'POST', SEARCH, { token, body });
  if (res.code !== 0) throw new Error(`search failed: ${res.status} ${res.message} ${JSON.stringify(res.data)}`);
  return res.data.searchId;
}

/** Polls until every supplier has answered (or the search's budget ran out), at most `maxMs`. */
export async function pollUntilDone(app: FastifyInstance, token: string, searchId: string, extra: Record<string, unknown> = {}, maxMs = 10_000): Promise<CallResult> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const res = await call(app, 'POST', SOLUTIONS, { token, body: { searchId, ...extra } });
    if (res.code !== 0) throw new Error(`poll failed: ${res.status} ${res.message}`);
    if (res.data.progress.done) return res;
    if (Date.now() > deadline) throw new Error(`search ${searchId} not done after ${maxMs} ms: ${JSON.stringify(res.data.progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const oneWay = (origin: string, destination: string, days = 10, extra: Record<string, unknown> = {}) => ({
  journeys: [{ origin, destination, date: inDays(days) }],
  ...extra,
});

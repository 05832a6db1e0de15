import { z } from 'zod';
import { CURRENCIES } from '../currency.ts';

/**
 * Per-agency flight settings (spec point 3, Agency config > flight) and price adjustments. Agency management (a later
 * issue) edits them; shopping reads them. Value formats are ours (the spec leaves them open): money in minor units of
 * the agency's settlement currency, percentages in basis points (1% = 100).
 */
export const ADJUSTMENT_AREAS = ['chinaMainland', 'domestic', 'intraContinental', 'intercontinental'] as const;
export type AdjustmentArea = (typeof ADJUSTMENT_AREAS)[number];
export const ADJUSTMENT_UNITS = ['fixed', 'percent'] as const;

export const PriceAdjustment = z.object({
  area: z.enum(ADJUSTMENT_AREAS),
  /** Minor units per passenger when unit is fixed; basis points of the net price when percent. Negative = discount. */
  value: z.number().int(),
  unit: z.enum(ADJUSTMENT_UNITS),
  /** Cap on the absolute adjustment per passenger, minor units; 0 means unlimited (spec point 9). */
  limit: z.number().int().min(0),
});
export type PriceAdjustment = z.infer<typeof PriceAdjustment>;

export const FlightConfig = z.object({
  /** Markup per passenger applied before area adjustments, same units as PriceAdjustment. */
  markup: z.object({ value: z.number().int(), unit: z.enum(ADJUSTMENT_UNITS) }),
  serviceFees: z.object({
    /** Per passenger per ticket at booking, minor units of serviceFeeCurrency. */
    booking: z.number().int().min(0),
    change: z.number().int().min(0),
    refund: z.number().int().min(0),
    void: z.number().int().min(0),
    /** Spec point 9: CNY when unset. */
    currency: z.enum(CURRENCIES).default('CNY'),
  }),
  showSuppliers: z.boolean(),
  freeBaggageOnly: z.boolean(),
  fareBasisOnly: z.boolean(),
  /** Time budget per supplier for a search, milliseconds (domain facts: 2-60 s, default 20 s). */
  maxResponseTimeMs: z.number().int().min(500).max(60_000),
  bookingNotificationUrl: z.string().url().nullable(),
  flightChangeNotificationUrl: z.string().url().nullable(),
  filterMode: z.enum(['whitelist', 'blacklist']),
  airlines: z.array(z.string().regex(/^[A-Z0-9]{2}$/)),
  suppliers: z.array(z.string()),
  searchMode: z.enum(['all', 'hotRoutes']),
  /** "City-City" pairs searched when searchMode is hotRoutes, e.g. "BJS-SHA". */
  hotRoutes: z.array(z.string().regex(/^[A-Z]{3}-[A-Z]{3}$/)),
  priceAdjustments: z.array(PriceAdjustment),
  /** Every booking waits for the platform's approval before it can be paid (spec point 4: "may need review"). */
  bookingReview: z.boolean().default(false),
});
export type FlightConfig = z.infer<typeof FlightConfig>;

export const DEFAULT_FLIGHT_CONFIG: FlightConfig = {
  markup: { value: 0, unit: 'fixed' },
  serviceFees: { booking: 0, change: 0, refund: 0, void: 0, currency: 'CNY' },
  showSuppliers: false,
  freeBaggageOnly: false,
  fareBasisOnly: false,
  maxResponseTimeMs: 20_000,
  bookingNotificationUrl: null,
  flightChangeNotificationUrl: null,
  filterMode: 'blacklist',
  airlines: [],
  suppliers: [],
  searchMode: 'all',
  hotRoutes: [],
  priceAdjustments: [],
  bookingReview: false,
};

/**
 * Embedded (single-login) mode: the sites allowed to show the portal in a frame, as origins. The server turns them
 * into the CSP `frame-ancestors` of the pages a signed link opens, so each entry must be exactly an origin a browser
 * would send (scheme, lower-case host, non-default port; no path, user or wildcard) and can carry nothing else into
 * the header. Plain http is for a developer's own machine only: an https site cannot frame an http page anyway.
 */
export const MAX_EMBED_ORIGINS = 10;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function isEmbedOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return false;
  // The URL parser lets through characters (";", ",", "'", "*") that would end or widen a CSP source expression.
  if (!local && !HOST_NAME.test(url.hostname)) return false;
  return url.origin === value;
}

export const EmbedOrigin = z.string().max(300, 'validation.tooLong').refine(isEmbedOrigin, 'embedding.origin.invalid');
export const EmbedOrigins = z
  .array(EmbedOrigin)
  .max(MAX_EMBED_ORIGINS, 'embedding.origins.tooMany')
  .refine((list) => new Set(list).size === list.length, 'embedding.origins.duplicate');

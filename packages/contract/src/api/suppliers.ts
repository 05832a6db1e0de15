import { z } from 'zod';
import { DISRUPTION_KINDS, NoticeFlight } from './after-sales.ts';

/** Platform-only: the air suppliers and their simulator fault switches (spec: every error path demonstrable). */
export const SupplierSettings = z.object({
  enabled: z.boolean(),
  latencyMs: z.number().int().min(0).max(120_000),
  timeout: z.boolean(),
  fail: z.boolean(),
  priceChangePercent: z.number().int().min(0).max(500),
  soldOut: z.boolean(),
  /** book answers with an error: nothing is booked. */
  bookFail: z.boolean(),
  /** book books, then never answers: the unknown outcome reconciliation settles. */
  bookTimeout: z.boolean(),
  /** How long ticketing takes at the supplier. */
  ticketingDelaySeconds: z.number().int().min(0).max(600),
  ticketFail: z.boolean(),
  /** ticket issues the tickets, then never answers. */
  ticketTimeout: z.boolean(),
}).meta({ id: 'SupplierSettings' });
export type SupplierSettings = z.infer<typeof SupplierSettings>;

/** Air suppliers by channel; rail: the railway (12306-like). */
export const SUPPLIER_KINDS = ['gds', 'ndc', 'lcc', 'rail'] as const;
export const SupplierSwitch = SupplierSettings.keyof();
export type SupplierSwitch = z.infer<typeof SupplierSwitch>;

export const SupplierItem = z.object({
  code: z.string(),
  kind: z.enum(SUPPLIER_KINDS),
  settings: SupplierSettings,
  /**
   * The switches this supplier honours, in the page's order: every one for the air suppliers; a railway has no price
   * change at price check (its fares are fixed) and no ticketing delay (it issues on payment).
   */
  switches: z.array(SupplierSwitch),
  updatedAt: z.string().nullable(),
});
export type SupplierItem = z.infer<typeof SupplierItem>;

export const SuppliersAnswer = z.object({ items: z.array(SupplierItem) });
export const SupplierCodeParams = z.object({ code: z.string().min(1).max(40) });
export const UpdateSupplierBody = SupplierSettings.partial();
export type UpdateSupplierBody = z.infer<typeof UpdateSupplierBody>;

/**
 * POST /base/v2/suppliers/{code}/schedule-changes: platform staff make the simulated airline change the flights of a
 * ticketed booking (spec point 3: change, cancel_save, cancel_no_save, restore); it reaches the portal through the
 * supplier's schedule-change queue like any other.
 */
export const RaiseScheduleChangeBody = z.object({
  recordLocator: z
    .string({ error: 'scheduleSim.recordLocator.invalid' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/, 'scheduleSim.recordLocator.invalid'),
  kind: z.enum(DISRUPTION_KINDS, { error: 'scheduleSim.kind.required' }),
});
export type RaiseScheduleChangeBody = z.input<typeof RaiseScheduleChangeBody>;

/** The change as the supplier's queue carries it. */
export const SimulatedScheduleChange = z.object({
  id: z.string(),
  seq: z.number().int(),
  supplierRef: z.string(),
  recordLocator: z.string(),
  clientReference: z.string(),
  kind: z.enum(DISRUPTION_KINDS),
  /** The booking's leg (journey), 0-based. */
  leg: z.number().int(),
  oldFlights: z.array(NoticeFlight),
  /** Empty for cancel_no_save. */
  newFlights: z.array(NoticeFlight),
  createdAt: z.string(),
});
export type SimulatedScheduleChange = z.infer<typeof SimulatedScheduleChange>;

import { z } from 'zod';

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
});
export type SupplierSettings = z.infer<typeof SupplierSettings>;

export const SupplierItem = z.object({
  code: z.string(),
  kind: z.enum(['gds', 'ndc', 'lcc']),
  settings: SupplierSettings,
  updatedAt: z.string().nullable(),
});
export type SupplierItem = z.infer<typeof SupplierItem>;

export const SuppliersAnswer = z.object({ items: z.array(SupplierItem) });
export const SupplierCodeParams = z.object({ code: z.string().min(1).max(40) });
export const UpdateSupplierBody = SupplierSettings.partial();
export type UpdateSupplierBody = z.infer<typeof UpdateSupplierBody>;

import type { SupplierSettings, UpdateSupplierBody } from '@portal/contract/api/suppliers';

export type SupplierField = keyof SupplierSettings;

/** The switches in the order the page shows them (and the server logs them). */
export const SUPPLIER_FIELDS: readonly SupplierField[] = ['enabled', 'latencyMs', 'timeout', 'fail', 'priceChangePercent', 'soldOut'];

/** A healthy supplier: what the server answers for a supplier nobody has changed. */
export const DEFAULT_SUPPLIER_SETTINGS: SupplierSettings = { enabled: true, latencyMs: 0, timeout: false, fail: false, priceChangePercent: 0, soldOut: false };

/** The number inputs' bounds, as the contract checks them. */
export const SUPPLIER_LIMITS = {
  latencyMs: { min: 0, max: 120_000 },
  priceChangePercent: { min: 0, max: 500 },
} as const;

/** What the user changed on a card; `null` is a cleared number input (not savable). */
export type SupplierDraft = { [K in SupplierField]?: SupplierSettings[K] | null };

/** Only the switches whose draft differs from the stored value: what a save sends. */
export function changedSettings(current: SupplierSettings, draft: SupplierDraft): UpdateSupplierBody {
  const out: Record<string, unknown> = {};
  for (const f of SUPPLIER_FIELDS) {
    const v = draft[f];
    if (v !== undefined && v !== null && v !== current[f]) out[f] = v;
  }
  return out as UpdateSupplierBody;
}

export function draftInvalid(draft: SupplierDraft): boolean {
  return SUPPLIER_FIELDS.some((f) => draft[f] === null);
}

/** Whether a switch in this state makes the supplier misbehave (latency slows but is not counted as a fault). */
function faulty(f: SupplierField, s: Partial<SupplierSettings>): boolean {
  switch (f) {
    case 'enabled':
      return s.enabled === false;
    case 'timeout':
    case 'fail':
    case 'soldOut':
      return s[f] === true;
    case 'priceChangePercent':
      return (s.priceChangePercent ?? 0) > 0;
    default:
      return false;
  }
}

/** The faults on now: a supplier without any answers agencies normally (possibly slower). */
export function activeFaults(settings: SupplierSettings): SupplierField[] {
  return SUPPLIER_FIELDS.filter((f) => faulty(f, settings));
}

/** The faults a save would switch on that are off now: agencies searching at that moment will see errors. */
export function faultsTurnedOn(current: SupplierSettings, changes: UpdateSupplierBody): SupplierField[] {
  return SUPPLIER_FIELDS.filter((f) => f in changes && faulty(f, changes) && !faulty(f, current));
}

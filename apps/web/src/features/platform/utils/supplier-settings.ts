import type { SupplierItem, SupplierSettings, UpdateSupplierBody } from '@portal/contract/api/suppliers';

export type SupplierField = keyof SupplierSettings;

/** The switches by what they break, in the order the page shows them (and the server logs them). */
export const SUPPLIER_GROUPS = [
  { key: 'shopping', fields: ['enabled', 'latencyMs', 'timeout', 'fail', 'priceChangePercent', 'soldOut'] },
  { key: 'booking', fields: ['bookFail', 'bookTimeout', 'ticketingDelaySeconds', 'ticketFail', 'ticketTimeout'] },
] as const satisfies readonly { key: string; fields: readonly SupplierField[] }[];

export const SUPPLIER_FIELDS: readonly SupplierField[] = SUPPLIER_GROUPS.flatMap((g) => g.fields);

/** The groups with only the switches this supplier honours (the server says which: a railway has fewer). */
export function groupsOf(item: Pick<SupplierItem, 'switches'>): { key: string; fields: SupplierField[] }[] {
  return SUPPLIER_GROUPS.map((g) => ({ key: g.key, fields: g.fields.filter((f) => item.switches.includes(f)) })).filter((g) => g.fields.length > 0);
}

/** A healthy supplier: what the server answers for a supplier nobody has changed. */
export const DEFAULT_SUPPLIER_SETTINGS: SupplierSettings = {
  enabled: true,
  latencyMs: 0,
  timeout: false,
  fail: false,
  priceChangePercent: 0,
  soldOut: false,
  bookFail: false,
  bookTimeout: false,
  // A few seconds, so a demo shows "ticketing" before "issued".
  ticketingDelaySeconds: 3,
  ticketFail: false,
  ticketTimeout: false,
};

/** The number inputs' bounds, steps and units, as the contract checks them. */
export const SUPPLIER_LIMITS = {
  latencyMs: { min: 0, max: 120_000, step: 500, unit: 'ms' },
  priceChangePercent: { min: 0, max: 500, step: 5, unit: '%' },
  ticketingDelaySeconds: { min: 0, max: 600, step: 1, unit: 's' },
} as const;

/** What the user changed on a card; `null` is a cleared number input (not savable). */
export type SupplierDraft = { [K in SupplierField]?: SupplierSettings[K] | null };

/** Only the switches (of those given) whose draft differs from the stored value: what a save sends. */
export function changedSettings(current: SupplierSettings, draft: SupplierDraft, fields: readonly SupplierField[] = SUPPLIER_FIELDS): UpdateSupplierBody {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = draft[f];
    if (v !== undefined && v !== null && v !== current[f]) out[f] = v;
  }
  return out as UpdateSupplierBody;
}

export function draftInvalid(draft: SupplierDraft): boolean {
  return SUPPLIER_FIELDS.some((f) => draft[f] === null);
}

/**
 * Whether a switch in this state makes the supplier misbehave (latency and the ticketing delay slow it down but are
 * not counted as faults).
 */
function faulty(f: SupplierField, s: Partial<SupplierSettings>): boolean {
  switch (f) {
    case 'enabled':
      return s.enabled === false;
    case 'timeout':
    case 'fail':
    case 'soldOut':
    case 'bookFail':
    case 'bookTimeout':
    case 'ticketFail':
    case 'ticketTimeout':
      return s[f] === true;
    case 'priceChangePercent':
      return (s.priceChangePercent ?? 0) > 0;
    default:
      return false;
  }
}

/** The faults on now (of the switches given): a supplier without any answers agencies normally (possibly slower). */
export function activeFaults(settings: SupplierSettings, fields: readonly SupplierField[] = SUPPLIER_FIELDS): SupplierField[] {
  return fields.filter((f) => faulty(f, settings));
}

/** The faults a save would switch on that are off now: agencies searching at that moment will see errors. */
export function faultsTurnedOn(current: SupplierSettings, changes: UpdateSupplierBody): SupplierField[] {
  return SUPPLIER_FIELDS.filter((f) => f in changes && faulty(f, changes) && !faulty(f, current));
}

import type { AccessRule } from './guard';

/**
 * Access rules of the spec's pages, in their own module so features can ask "may this user open that page?" (to show
 * or hide a link) without importing the route table and its lazy pages. Every issue applies the same spec rules:
 * flight pages `{ roles: ['operator'], service: 'flight' }`, /train/booking `{ roles: ['operator'], service: 'train' }`,
 * /train/orders `{ service: 'train' }`, bills `{ roles: ['finance'], finance: true }`,
 * agency manager `{ roles: ['finance'], agencyManager: true }`, agency bill `{ permission: 'agencybills:read' }`.
 */
export const ACCESS = {
  flight: { roles: ['operator'], service: 'flight' },
  trainBooking: { roles: ['operator'], service: 'train' },
  trainOrders: { service: 'train' },
  bills: { roles: ['finance'], finance: true },
  agencyManager: { roles: ['finance'], agencyManager: true },
  agencyBill: { permission: 'agencybills:read' },
} as const satisfies Record<string, AccessRule>;

import type { AccessRule } from './guard';

/**
 * Access rules of the spec's pages, in their own module so features can ask "may this user open that page?" (to show
 * or hide a link) without importing the route table and its lazy pages. Every issue applies the same spec rules:
 * flight pages `{ roles: ['operator'], service: 'flight' }`, /train/booking `{ roles: ['operator'], service: 'train' }`,
 * /train/orders `{ service: 'train' }`, bills `{ roles: ['finance'], finance: true }`,
 * agency manager `{ roles: ['finance'], agencyManager: true }`, agency bill `{ permission: 'agencybills:read' }`.
 * The flight orders operations desk (issue 8, not in the spec's table) is the server's isDesk check: a user of the
 * top-level company (proxyLevel 0) with the operator role, SuperUser passing the role.
 */
export const ACCESS = {
  flight: { roles: ['operator'], service: 'flight' },
  trainBooking: { roles: ['operator'], service: 'train' },
  trainOrders: { service: 'train' },
  bills: { roles: ['finance'], finance: true },
  agencyManager: { roles: ['finance'], agencyManager: true },
  agencyBill: { permission: 'agencybills:read' },
  ordersDesk: { roles: ['operator'], platform: true },
  /** A flight order's detail: a flight page, which the desk also opens for its agencies' orders. */
  flightOrder: { roles: ['operator'], service: 'flight', platformSkipsService: true },
} as const satisfies Record<string, AccessRule>;

import type { AccessRule } from './guard';

/**
 * Access rules of the spec's pages, in their own module so features can ask "may this user open that page?" (to show
 * or hide a link) without importing the route table and its lazy pages. Every issue applies the same spec rules:
 * flight pages `{ roles: ['operator'], service: 'flight' }`, /train/booking `{ roles: ['operator'], service: 'train' }`,
 * /train/orders `{ service: 'train' }`, bills `{ roles: ['finance'], finance: true }`,
 * agency manager `{ roles: ['finance'], agencyManager: true }`, agency bill `{ permission: 'agencybills:read' }` at the
 * platform (`platform: true`: only a top-level company has sub-agencies whose bills it could read; issue 14).
 * The flight orders operations desk (issue 8, not in the spec's table) is the server's isDesk check: a user of the
 * top-level company (proxyLevel 0) with the operator role, SuperUser passing the role.
 */
export const ACCESS = {
  flight: { roles: ['operator'], service: 'flight' },
  trainBooking: { roles: ['operator'], service: 'train' },
  trainOrders: { service: 'train' },
  bills: { roles: ['finance'], finance: true },
  agencyManager: { roles: ['finance'], agencyManager: true },
  /**
   * A sub-agency's SuperUser passes the permission (SuperUser passes everything) but has no sub-agencies: the server
   * answers every id with 404 and the page broke. The company condition refuses it with router.notRole instead.
   */
  agencyBill: { permission: 'agencybills:read', platform: true },
  ordersDesk: { roles: ['operator'], platform: true },
  /** A flight order's detail: a flight page, which the desk also opens for its agencies' orders. */
  flightOrder: { roles: ['operator'], service: 'flight', platformSkipsService: true },
} as const satisfies Record<string, AccessRule>;

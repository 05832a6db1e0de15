/** Every route path of the app in one place; features link through these, never through string literals. */
export const paths = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy',
  profile: '/profile',
  users: '/users',
  userLog: '/user-log',
  company: '/company',
  flightBooking: '/flight/booking',
  flightBookingConfirm: '/flight/booking/confirm',
  flightOrders: '/flight/orders',
  flightOrdersVoyage: '/flight/orders/voyage',
  flightOrder: (id: string) => `/flight/orders/${encodeURIComponent(id)}`,
  groupBooking: '/flight/group/booking',
  groupBookingConfirm: '/flight/group/booking/confirm',
  groupOrders: '/flight/group/order',
  groupOrder: (id: string) => `/flight/group/order/${encodeURIComponent(id)}`,
  trainBooking: '/train/booking',
  trainOrders: '/train/orders',
  billsWallet: '/bills/wallet',
  billsTransactions: '/bills/transactions',
  billsStatements: '/bills/statements',
  agencyManager: '/agency-manager',
  agencyStatements: '/agency-manager/statements',
  agencyBill: (id: string) => `/agency-manager/bills/${encodeURIComponent(id)}`,
  platformEnquiries: '/platform/enquiries',
  platformExchangeRates: '/platform/exchange-rates',
  platformSuppliers: '/platform/suppliers',
  platformOutbox: '/platform/outbox',
} as const;

/** Spec point 2: after login the user lands on the first of these the guard allows. */
export const LANDING_ORDER = [paths.flightBooking, paths.billsStatements, paths.trainBooking, paths.profile] as const;

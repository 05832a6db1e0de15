import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract/roles';
import { canOpen, checkAccess, landingPath, menuFor, type GuardMe, type GuardRoute, type GuardSession, type MenuPlacement } from './guard';
import { ACCESS, routes } from './routes';
import { paths } from './paths';

interface MeOptions {
  roles?: Role[];
  permissions?: string[];
  proxyLevel?: number;
  flight?: boolean;
  train?: boolean;
  isShowBill?: boolean;
  canCreateSubAgency?: boolean;
}

function session(o: MeOptions = {}): GuardSession {
  const me = {
    userInfo: { roles: o.roles ?? ['operator'] },
    company: {
      proxyLevel: o.proxyLevel ?? 1,
      config: {
        commonConfig: {
          enableFlightService: o.flight ?? true,
          enableTrainService: o.train ?? true,
          isShowBill: o.isShowBill ?? false,
          canCreateSubAgency: o.canCreateSubAgency ?? false,
          settlementCurrency: 'CNY',
        },
      },
    },
    permissions: o.permissions ?? [],
  } as unknown as GuardMe;
  return { me };
}

const anonymous: GuardSession = { me: null };
const route = (path: string, access: GuardRoute['access']): GuardRoute => ({ path, access });
const LOGIN = { ok: false, redirect: '/', message: 'router.login' };
const NOT_ROLE = { ok: false, redirect: '/', message: 'router.notRole' };

describe('checkAccess: login', () => {
  it.each([paths.home, paths.terms, paths.privacy, paths.profile])('%s is open without login', (path) => {
    const r = routes.find((x) => x.path === path)!;
    expect(checkAccess(r, anonymous)).toEqual({ ok: true });
  });

  it('only /, /terms, /privacy and /profile are public in the table', () => {
    expect(routes.filter((r) => r.access.public).map((r) => r.path).sort()).toEqual(['/', '/privacy', '/profile', '/terms']);
  });

  // Issue 14: an unknown path showed "Page not found" to anonymous visitors; spec point 2 sends them to / to log in.
  it('an unknown path sends anonymous visitors to / with router.login and shows not-found once logged in', () => {
    const notFound = routes.find((x) => x.path === '*')!;
    expect(checkAccess(notFound, anonymous)).toEqual(LOGIN);
    expect(checkAccess(notFound, session({ roles: [] }))).toEqual({ ok: true });
  });

  it.each([paths.users, paths.userLog, paths.company])('%s sends anonymous visitors to / with router.login', (path) => {
    expect(checkAccess(routes.find((x) => x.path === path)!, anonymous)).toEqual(LOGIN);
  });

  it('future pages also need login', () => {
    expect(checkAccess(route(paths.flightBooking, ACCESS.flight), anonymous)).toEqual(LOGIN);
    expect(checkAccess(route(paths.trainOrders, ACCESS.trainOrders), anonymous)).toEqual(LOGIN);
  });

  it('/users is open to any logged-in user', () => {
    const users = routes.find((x) => x.path === paths.users)!;
    expect(checkAccess(users, session({ roles: ['finance'] }))).toEqual({ ok: true });
    expect(checkAccess(users, session({ roles: [] }))).toEqual({ ok: true });
  });
});

describe('checkAccess: roles', () => {
  const userLog = routes.find((x) => x.path === paths.userLog)!;
  const company = routes.find((x) => x.path === paths.company)!;

  it('user-log and company need SuperUser', () => {
    expect(checkAccess(userLog, session({ roles: ['operator', 'finance'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(company, session({ roles: ['operator'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(userLog, session({ roles: ['SuperUser'] }))).toEqual({ ok: true });
    expect(checkAccess(company, session({ roles: ['SuperUser'] }))).toEqual({ ok: true });
  });

  it('operator pages refuse a finance-only user and accept an operator', () => {
    const r = route(paths.flightBooking, ACCESS.flight);
    expect(checkAccess(r, session({ roles: ['finance'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ roles: ['operator'] }))).toEqual({ ok: true });
  });

  it('SuperUser passes role and permission requirements', () => {
    const su = session({ roles: ['SuperUser'], proxyLevel: 0, canCreateSubAgency: true });
    expect(checkAccess(route(paths.flightBooking, ACCESS.flight), su)).toEqual({ ok: true });
    expect(checkAccess(route(paths.billsWallet, ACCESS.bills), su)).toEqual({ ok: true });
    expect(checkAccess(route(paths.agencyManager, ACCESS.agencyManager), su)).toEqual({ ok: true });
    expect(checkAccess(route('/agency-manager/bills/:id', ACCESS.agencyBill), su)).toEqual({ ok: true });
  });

  it('train orders need no role, only the train service', () => {
    expect(checkAccess(route(paths.trainOrders, ACCESS.trainOrders), session({ roles: ['finance'] }))).toEqual({ ok: true });
    expect(checkAccess(route(paths.trainOrders, ACCESS.trainOrders), session({ roles: [], train: false }))).toEqual(NOT_ROLE);
  });
});

describe('checkAccess: services', () => {
  it('flight pages need enableFlightService, even for SuperUser', () => {
    const r = route(paths.flightBooking, ACCESS.flight);
    expect(checkAccess(r, session({ flight: false }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ roles: ['SuperUser'], flight: false }))).toEqual(NOT_ROLE);
  });

  it('train pages need enableTrainService, even for SuperUser', () => {
    const r = route(paths.trainBooking, ACCESS.trainBooking);
    expect(checkAccess(r, session({ train: false }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ roles: ['SuperUser'], train: false }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ train: true, flight: false }))).toEqual({ ok: true });
  });
});

describe('checkAccess: finance pages', () => {
  const bills = route(paths.billsStatements, ACCESS.bills);

  it('need the finance role', () => {
    expect(checkAccess(bills, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual(NOT_ROLE);
  });

  it('need proxyLevel 0 or isShowBill', () => {
    expect(checkAccess(bills, session({ roles: ['finance'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
    expect(checkAccess(bills, session({ roles: ['finance'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(bills, session({ roles: ['finance'], proxyLevel: 2, isShowBill: true }))).toEqual({ ok: true });
  });

  it('the company condition applies to SuperUser too', () => {
    expect(checkAccess(bills, session({ roles: ['SuperUser'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
  });
});

describe('checkAccess: agency manager', () => {
  const agency = route(paths.agencyManager, ACCESS.agencyManager);

  it('needs proxyLevel 0 and canCreateSubAgency', () => {
    expect(checkAccess(agency, session({ roles: ['finance'], proxyLevel: 0, canCreateSubAgency: true }))).toEqual({ ok: true });
    expect(checkAccess(agency, session({ roles: ['finance'], proxyLevel: 0, canCreateSubAgency: false }))).toEqual(NOT_ROLE);
    expect(checkAccess(agency, session({ roles: ['finance'], proxyLevel: 1, canCreateSubAgency: true }))).toEqual(NOT_ROLE);
  });

  it('needs the finance role', () => {
    expect(checkAccess(agency, session({ roles: ['operator'], proxyLevel: 0, canCreateSubAgency: true }))).toEqual(NOT_ROLE);
  });
});

describe('checkAccess: permissions', () => {
  const bill = route('/agency-manager/bills/:id', ACCESS.agencyBill);

  it('agencybills:read grants the agency bill page', () => {
    expect(checkAccess(bill, session({ permissions: ['agencybills:read'], proxyLevel: 0 }))).toEqual({ ok: true });
  });

  it("'all' grants every permission", () => {
    expect(checkAccess(bill, session({ permissions: ['all'], proxyLevel: 0 }))).toEqual({ ok: true });
  });

  it('no permission, no page', () => {
    expect(checkAccess(bill, session({ permissions: [], proxyLevel: 0 }))).toEqual(NOT_ROLE);
    expect(checkAccess(bill, session({ permissions: ['other:read'], proxyLevel: 0 }))).toEqual(NOT_ROLE);
  });

  // Issue 14: a sub-agency has no sub-agencies whose bills it could read; its SuperUser (who passes every permission)
  // got a broken page instead of the no-permission answer the other guarded pages give.
  it('refuses a sub-agency the agency bill page of the real route table, whatever its role or permissions', () => {
    const real = routes.find((x) => x.path === '/agency-manager/bills/:id')!;
    expect(real.access).toBe(ACCESS.agencyBill);
    expect(checkAccess(real, session({ roles: ['SuperUser'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
    expect(checkAccess(real, session({ roles: ['finance'], proxyLevel: 1, isShowBill: true, permissions: ['all'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(real, session({ roles: ['SuperUser'], proxyLevel: 2, canCreateSubAgency: true }))).toEqual(NOT_ROLE);
    expect(canOpen('/agency-manager/bills/:id', routes, session({ roles: ['SuperUser'], proxyLevel: 1 }))).toBe(false);
    // The platform's SuperUser still opens it.
    expect(checkAccess(real, session({ roles: ['SuperUser'], proxyLevel: 0, canCreateSubAgency: true }))).toEqual({ ok: true });
  });
});

describe('checkAccess: platform administration', () => {
  const platformPages = [paths.platformEnquiries, paths.platformExchangeRates, paths.platformSuppliers, paths.platformOutbox].map((p) => routes.find((x) => x.path === p)!);

  it.each(platformPages.map((r) => [r.path, r] as const))('%s opens for a SuperUser of the top-level company', (_path, r) => {
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 0 }))).toEqual({ ok: true });
  });

  it.each(platformPages.map((r) => [r.path, r] as const))('%s refuses everyone else with the right message', (_path, r) => {
    // A sub-agency's SuperUser passes every role check, but is not the platform.
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 2, canCreateSubAgency: true }))).toEqual(NOT_ROLE);
    // Working at the platform company is not enough without the SuperUser role, whatever the permissions.
    expect(checkAccess(r, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, session({ roles: ['operator', 'finance'], proxyLevel: 0, permissions: ['all'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(r, anonymous)).toEqual(LOGIN);
  });

  it('the rule is data: any route carrying it gets the same check', () => {
    const r = route('/platform/anything', { platformAdmin: true });
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
  });
});

describe('checkAccess: flight orders operations desk', () => {
  const desk = routes.find((x) => x.path === paths.platformOrdersDesk)!;

  it('is in the table with the desk rule', () => {
    expect(desk.access).toEqual(ACCESS.ordersDesk);
  });

  it('guards the group desk (issue 12) exactly like the operations desk', () => {
    const groupDesk = routes.find((x) => x.path === paths.platformGroupDesk)!;
    expect(groupDesk.access).toBe(ACCESS.ordersDesk);
    expect(checkAccess(groupDesk, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(groupDesk, session({ roles: ['operator'], proxyLevel: 1 }))).not.toEqual({ ok: true });
  });

  it('guards the group deadlines page (issue 12, reminders) like the group desk', () => {
    const deadlines = routes.find((x) => x.path === paths.platformGroupDeadlines)!;
    expect(deadlines.access).toBe(ACCESS.ordersDesk);
    expect(checkAccess(deadlines, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(deadlines, session({ roles: ['operator'], proxyLevel: 1 }))).not.toEqual({ ok: true });
    expect(checkAccess(deadlines, session({ roles: ['finance'], proxyLevel: 0 }))).not.toEqual({ ok: true });
  });

  it('guards the train desk (issue 13) like the operations desk: a platform operator, not an agency or platform finance', () => {
    const trainDesk = routes.find((x) => x.path === paths.platformTrainDesk)!;
    expect(trainDesk.access).toBe(ACCESS.ordersDesk);
    expect(checkAccess(trainDesk, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(trainDesk, session({ roles: ['operator'], proxyLevel: 1 }))).not.toEqual({ ok: true });
    expect(checkAccess(trainDesk, session({ roles: ['finance'], proxyLevel: 0 }))).not.toEqual({ ok: true });
  });

  it('opens for an operator or a SuperUser of the top-level company (the server isDesk check)', () => {
    expect(checkAccess(desk, session({ roles: ['operator'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(desk, session({ roles: ['SuperUser'], proxyLevel: 0 }))).toEqual({ ok: true });
    // The desk reads orders, it books nothing: the company's flight switch does not matter.
    expect(checkAccess(desk, session({ roles: ['operator'], proxyLevel: 0, flight: false }))).toEqual({ ok: true });
  });

  it('refuses agencies below the platform, whatever their role, and platform users without the operator role', () => {
    expect(checkAccess(desk, session({ roles: ['operator'], proxyLevel: 1 }))).toEqual(NOT_ROLE);
    expect(checkAccess(desk, session({ roles: ['SuperUser'], proxyLevel: 1, canCreateSubAgency: true }))).toEqual(NOT_ROLE);
    expect(checkAccess(desk, session({ roles: ['finance'], proxyLevel: 0, permissions: ['all'] }))).toEqual(NOT_ROLE);
    expect(checkAccess(desk, anonymous)).toEqual(LOGIN);
  });

  it('the platform flag is a company condition any rule can carry', () => {
    const r = route('/platform/anything', { platform: true });
    expect(checkAccess(r, session({ roles: ['finance'], proxyLevel: 0 }))).toEqual({ ok: true });
    expect(checkAccess(r, session({ roles: ['SuperUser'], proxyLevel: 2 }))).toEqual(NOT_ROLE);
  });

  it('the order pages are flight pages: operator role and flight service', () => {
    for (const path of [paths.flightOrders, paths.flightOrdersVoyage, paths.flightOrdersDisruptions, '/flight/orders/:id']) {
      const r = routes.find((x) => x.path === path)!;
      expect(checkAccess(r, session({ roles: ['operator'] })), path).toEqual({ ok: true });
      expect(checkAccess(r, session({ roles: ['finance'] })), path).toEqual(NOT_ROLE);
      expect(checkAccess(r, session({ roles: ['operator'], flight: false })), path).toEqual(NOT_ROLE);
    }
  });

  it('the desk opens an order of its agencies even when its own company has no flight service', () => {
    const detail = routes.find((x) => x.path === '/flight/orders/:id')!;
    expect(checkAccess(detail, session({ roles: ['operator'], proxyLevel: 0, flight: false }))).toEqual({ ok: true });
    expect(checkAccess(detail, session({ roles: ['finance'], proxyLevel: 0, flight: false }))).toEqual(NOT_ROLE);
    // Its own order list is still a flight page.
    const list = routes.find((x) => x.path === paths.flightOrders)!;
    expect(checkAccess(list, session({ roles: ['operator'], proxyLevel: 0, flight: false }))).toEqual(NOT_ROLE);
  });
});

describe('landingPath', () => {
  const full: GuardRoute[] = [
    route(paths.profile, { public: true }),
    route(paths.trainBooking, ACCESS.trainBooking),
    route(paths.billsStatements, ACCESS.bills),
    route(paths.flightBooking, ACCESS.flight),
  ];

  it('with the real table: flight users land on flight booking, finance users where bills are shown on statements, train-only operators on train booking, others on /profile', () => {
    expect(landingPath(session({ roles: ['operator'] }), routes)).toBe(paths.flightBooking);
    expect(landingPath(session({ roles: ['SuperUser'], proxyLevel: 0 }), routes)).toBe(paths.flightBooking);
    expect(landingPath(session({ roles: ['operator'], flight: false }), routes)).toBe(paths.trainBooking);
    expect(landingPath(session({ roles: ['operator'], flight: false, train: false }), routes)).toBe(paths.profile);
    expect(landingPath(session({ roles: ['finance'] }), routes)).toBe(paths.profile);
    expect(landingPath(session({ roles: ['finance'], isShowBill: true }), routes)).toBe(paths.billsStatements);
    expect(landingPath(session({ roles: ['finance'], proxyLevel: 0 }), routes)).toBe(paths.billsStatements);
  });

  it('prefers flight booking, then statements, then train booking, then profile', () => {
    expect(landingPath(session({ roles: ['operator'] }), full)).toBe(paths.flightBooking);
    expect(landingPath(session({ roles: ['finance'], proxyLevel: 0 }), full)).toBe(paths.billsStatements);
    expect(landingPath(session({ roles: ['operator'], flight: false }), full)).toBe(paths.trainBooking);
    expect(landingPath(session({ roles: ['operator'], flight: false, train: false }), full)).toBe(paths.profile);
    expect(landingPath(session({ roles: ['finance'], proxyLevel: 1 }), full)).toBe(paths.profile);
  });

  it('ignores pages missing from the table', () => {
    expect(landingPath(session({ roles: ['finance'], proxyLevel: 0 }), [route(paths.flightBooking, ACCESS.flight), full[0]])).toBe(paths.profile);
  });

  it('falls back to / when nothing is available', () => {
    expect(landingPath(session(), [])).toBe('/');
  });
});

describe('menuFor', () => {
  type R = GuardRoute & { menu?: MenuPlacement };
  const topMenu: R[] = [
    { ...route(paths.trainBooking, ACCESS.trainBooking), menu: { area: 'top', labelKey: 'trains', order: 30 } },
    { ...route(paths.flightBooking, ACCESS.flight), menu: { area: 'top', labelKey: 'flights', order: 10 } },
    { ...route(paths.billsWallet, ACCESS.bills), menu: { area: 'top', labelKey: 'wallet', order: 50 } },
    { ...route(paths.agencyManager, ACCESS.agencyManager), menu: { area: 'top', labelKey: 'agency', order: 60 } },
  ];

  it('with the real table: Flights for flight users, Wallet & Invoicing for finance where bills are shown, Agency Management for the top level', () => {
    const top = (s: GuardSession) => menuFor('top', routes, s).map((r) => r.menu.labelKey);
    expect(top(session({ roles: ['SuperUser'], proxyLevel: 0, isShowBill: true, canCreateSubAgency: true }))).toEqual([
      'layout.menu.flights',
      'layout.menu.groupTicket',
      'layout.menu.trains',
      'layout.menu.bookings',
      'layout.menu.wallet',
      'layout.menu.agency',
    ]);
    expect(top(session({ roles: ['operator'] }))).toEqual(['layout.menu.flights', 'layout.menu.groupTicket', 'layout.menu.trains', 'layout.menu.bookings']);
    expect(top(session({ roles: ['operator'], flight: false }))).toEqual(['layout.menu.trains', 'layout.menu.bookings']);
    expect(top(session({ roles: ['operator'], train: false }))).toEqual(['layout.menu.flights', 'layout.menu.groupTicket', 'layout.menu.bookings']);
    expect(top(session({ roles: ['finance'] }))).toEqual(['layout.menu.bookings']);
    expect(top(session({ roles: ['finance'], train: false }))).toEqual([]);
    expect(top(session({ roles: ['finance'], isShowBill: true }))).toEqual(['layout.menu.bookings', 'layout.menu.wallet']);
  });

  // Spec point 2: /train/orders needs no role, so a user with the train service but without the flight orders (no
  // operator role, or no flight service) finds it under My Bookings; an operator's My Bookings stays the flight orders.
  it('My Bookings: the flight orders where the user may open them, else the train orders, never both', () => {
    const bookings = (s: GuardSession) => menuFor('top', routes, s).filter((r) => r.menu.labelKey === 'layout.menu.bookings').map((r) => r.path);
    expect(bookings(session({ roles: ['operator'] }))).toEqual([paths.flightOrders]);
    expect(bookings(session({ roles: ['SuperUser'], proxyLevel: 0 }))).toEqual([paths.flightOrders]);
    expect(bookings(session({ roles: ['operator'], flight: false }))).toEqual([paths.trainOrders]);
    expect(bookings(session({ roles: ['finance'] }))).toEqual([paths.trainOrders]);
    expect(bookings(session({ roles: [] }))).toEqual([paths.trainOrders]);
    expect(bookings(session({ roles: ['finance'], train: false }))).toEqual([]);
  });

  it('shows an entry once its page exists and the guard allows it, in menu order', () => {
    expect(menuFor('top', topMenu, session({ roles: ['operator'] })).map((r) => r.menu.labelKey)).toEqual(['flights', 'trains']);
    expect(menuFor('top', topMenu, session({ roles: ['operator'], flight: false })).map((r) => r.menu.labelKey)).toEqual(['trains']);
    expect(menuFor('top', topMenu, session({ roles: ['finance'], proxyLevel: 0, canCreateSubAgency: true })).map((r) => r.menu.labelKey)).toEqual([
      'wallet',
      'agency',
    ]);
  });

  it('shows nothing to anonymous visitors, even for public pages', () => {
    expect(menuFor('user', routes, anonymous)).toEqual([]);
  });

  it('user menu: SuperUser sees every entry, others see users and account', () => {
    expect(menuFor('user', routes, session({ roles: ['SuperUser'] })).map((r) => r.path)).toEqual([paths.users, paths.userLog, paths.company, paths.profile]);
    expect(menuFor('user', routes, session({ roles: ['operator'] })).map((r) => r.path)).toEqual([paths.users, paths.profile]);
  });

  it('user menu: the platform administrator also sees the platform pages, a sub-agency SuperUser does not', () => {
    expect(menuFor('user', routes, session({ roles: ['SuperUser'], proxyLevel: 0 })).map((r) => r.path)).toEqual([
      paths.users,
      paths.userLog,
      paths.company,
      paths.platformEnquiries,
      paths.platformExchangeRates,
      paths.platformOrdersDesk,
      paths.platformGroupDesk,
      paths.platformGroupDeadlines,
      paths.platformTrainDesk,
      paths.platformSuppliers,
      paths.platformOutbox,
      paths.profile,
    ]);
    expect(menuFor('user', routes, session({ roles: ['SuperUser'], proxyLevel: 1 })).map((r) => r.path)).not.toContain(paths.platformEnquiries);
    // A platform operator is the operations desk, not the platform administrator.
    expect(menuFor('user', routes, session({ roles: ['operator'], proxyLevel: 0 })).map((r) => r.path)).toEqual([paths.users, paths.platformOrdersDesk, paths.platformGroupDesk, paths.platformGroupDeadlines, paths.platformTrainDesk, paths.profile]);
  });

  it('canOpen checks existence and access', () => {
    expect(canOpen(paths.company, routes, session({ roles: ['operator'] }))).toBe(false);
    expect(canOpen(paths.company, routes, session({ roles: ['SuperUser'] }))).toBe(true);
    expect(canOpen(paths.flightBookingConfirm, routes, session({ roles: ['operator'] }))).toBe(true);
    expect(canOpen(paths.flightBookingConfirm, routes, session({ roles: ['finance'] }))).toBe(false);
    expect(canOpen(paths.trainBooking, routes, session({ roles: ['SuperUser'] }))).toBe(true);
    expect(canOpen(paths.trainBooking, routes, session({ roles: ['SuperUser'], train: false }))).toBe(false);
    expect(canOpen(paths.trainBooking, routes, session({ roles: ['finance'] }))).toBe(false);
  });
});

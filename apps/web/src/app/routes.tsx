import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadTexts, TEXT_PARTS } from '../lib/i18n';
import type { AccessRule, GuardRoute, MenuPlacement } from './guard';
import { ACCESS } from './access';
import { paths } from './paths';

/**
 * The route table as data: the router, the guard, the menus and the post-login landing all read it.
 * Later issues add flight, train and bills pages here; a `menu` entry makes them appear in the top bar
 * (labels already exist: layout.menu.flights, groupTicket, trains, bookings, wallet, agency).
 */
export interface AppRoute extends GuardRoute {
  component: LazyExoticComponent<ComponentType>;
  /** i18n key of the page title; without one the site short name is used. */
  titleKey?: string;
  menu?: MenuPlacement;
  /** Pages that bring their own full-width hero instead of the padded content column. */
  fullBleed?: boolean;
  /**
   * The page opens with its title (titleKey) as an h3.portal-page-title: the document the server sends names it, in the
   * page's shell painted before the scripts arrive (apps/server/src/plugins/route-preload.ts), so it must read the same.
   */
  heading?: true;
}

const PUBLIC: AccessRule = { public: true };
const LOGGED_IN: AccessRule = {};
const SUPERUSER: AccessRule = { roles: ['SuperUser'] };
/** Not in the spec's route table: the platform-level screens, for a SuperUser of the top-level company. */
const PLATFORM_ADMIN: AccessRule = { platformAdmin: true };

export { ACCESS };

/**
 * A page of the full app and its texts, loaded together (issue 14, page weight): the page renders with its texts
 * there, never a raw key. `texts` names the locale files it reads beyond the core ones (common, layout, auth) and the
 * contract's messages (the full shell loads those); a page that does not say reads every file.
 */
function page(load: () => Promise<{ default: ComponentType }>, texts: readonly string[] = TEXT_PARTS): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([load(), loadTexts(texts)]).then(([m]) => m));
}

export const routes: AppRoute[] = [
  { path: paths.home, access: PUBLIC, component: lazy(() => import('../features/landing/pages/LandingPage')), fullBleed: true },
  { path: paths.terms, access: PUBLIC, titleKey: 'layout.title.terms', component: page(() => import('../features/legal/pages/TermsPage')) },
  { path: paths.privacy, access: PUBLIC, titleKey: 'layout.title.privacy', component: page(() => import('../features/legal/pages/PrivacyPage')) },
  // Public per the guard table of spec point 2; the page itself asks anonymous visitors to log in.
  {
    path: paths.profile,
    access: PUBLIC,
    titleKey: 'layout.title.profile',
    component: page(() => import('../features/profile/pages/ProfilePage')),
    menu: { area: 'user', labelKey: 'layout.menu.account', order: 40 },
  },
  {
    path: paths.users,
    access: LOGGED_IN,
    titleKey: 'layout.title.users',
    component: page(() => import('../features/users/pages/UsersPage')),
    menu: { area: 'user', labelKey: 'layout.menu.users', order: 10 },
  },
  {
    path: paths.userLog,
    access: SUPERUSER,
    titleKey: 'layout.title.userLog',
    component: page(() => import('../features/user-log/pages/UserLogPage')),
    menu: { area: 'user', labelKey: 'layout.menu.userLog', order: 20 },
  },
  {
    path: paths.company,
    access: SUPERUSER,
    titleKey: 'layout.title.company',
    component: page(() => import('../features/company/pages/CompanyPage')),
    menu: { area: 'user', labelKey: 'layout.menu.company', order: 30 },
  },
  {
    path: paths.platformEnquiries,
    access: PLATFORM_ADMIN,
    titleKey: 'layout.title.enquiries',
    component: page(() => import('../features/platform/pages/EnquiriesPage')),
    menu: { area: 'user', labelKey: 'layout.menu.enquiries', order: 33 },
  },
  {
    path: paths.platformExchangeRates,
    access: PLATFORM_ADMIN,
    titleKey: 'layout.title.exchangeRates',
    component: page(() => import('../features/platform/pages/ExchangeRatesPage')),
    menu: { area: 'user', labelKey: 'layout.menu.exchangeRates', order: 36 },
  },
  {
    path: paths.platformSuppliers,
    access: PLATFORM_ADMIN,
    titleKey: 'layout.title.suppliers',
    component: page(() => import('../features/platform/pages/SuppliersPage')),
    menu: { area: 'user', labelKey: 'layout.menu.suppliers', order: 38 },
  },
  {
    path: paths.platformOutbox,
    access: PLATFORM_ADMIN,
    titleKey: 'platform.outbox.title',
    component: page(() => import('../features/platform/pages/OutboxPage')),
    menu: { area: 'user', labelKey: 'platform.outbox.menu', order: 39 },
  },
  {
    path: paths.platformOrdersDesk,
    access: ACCESS.ordersDesk,
    titleKey: 'orders.desk.title',
    component: page(() => import('../features/orders-desk/pages/OrdersDeskPage')),
    menu: { area: 'user', labelKey: 'orders.desk.menu', order: 37 },
  },
  {
    // Issue 12: the platform's group desk, guarded like the operations desk (operator of the proxyLevel-0 company).
    path: paths.platformGroupDesk,
    access: ACCESS.ordersDesk,
    titleKey: 'groups.desk.title',
    component: page(() => import('../features/group-desk/pages/GroupDeskPage')),
    menu: { area: 'user', labelKey: 'groups.desk.menu', order: 37.5 },
  },
  {
    // Issue 12, reminders: the desk's view of upcoming group deadlines across its agencies, guarded like the group desk.
    path: paths.platformGroupDeadlines,
    access: ACCESS.ordersDesk,
    titleKey: 'groups.deadlines.title',
    component: page(() => import('../features/group-deadlines/pages/GroupDeadlinesPage')),
    menu: { area: 'user', labelKey: 'groups.deadlines.menu', order: 37.6 },
  },
  {
    // Issue 13: the platform's train desk (manual ticketing, ticketing the railway has not answered), guarded like the
    // operations desk (operator of the proxyLevel-0 company); the server enforces the same.
    path: paths.platformTrainDesk,
    access: ACCESS.ordersDesk,
    titleKey: 'trainDesk.title',
    component: page(() => import('../features/train-desk/pages/TrainDeskPage')),
    menu: { area: 'user', labelKey: 'trainDesk.menu', order: 37.7 },
  },
  {
    path: paths.flightBooking,
    access: ACCESS.flight,
    titleKey: 'flight.title.booking',
    component: page(() => import('../features/flight-search/pages/FlightBookingPage'), ['flight']),
    heading: true,
    menu: { area: 'top', labelKey: 'layout.menu.flights', order: 10 },
  },
  {
    path: paths.flightBookingConfirm,
    access: ACCESS.flight,
    titleKey: 'flight.title.confirm',
    component: page(() => import('../features/flight-confirm/pages/FlightConfirmPage')),
  },
  {
    // Spec point 2, top bar "Group Ticket": the request form; the group pages below keep it highlighted.
    path: paths.groupBooking,
    access: ACCESS.flight,
    titleKey: 'groups.title.booking',
    component: page(() => import('../features/group-booking/pages/GroupBookingPage')),
    menu: { area: 'top', labelKey: 'layout.menu.groupTicket', order: 20, section: '/flight/group' },
  },
  {
    path: paths.groupBookingConfirm,
    access: ACCESS.flight,
    titleKey: 'groups.title.confirm',
    component: page(() => import('../features/group-booking/pages/GroupBookingConfirmPage')),
  },
  {
    path: paths.groupOrders,
    access: ACCESS.flight,
    titleKey: 'groups.title.list',
    component: page(() => import('../features/group-orders/pages/GroupOrdersPage')),
  },
  {
    path: '/flight/group/order/:id',
    access: ACCESS.flight,
    titleKey: 'groups.title.detail',
    component: page(() => import('../features/group-orders/pages/GroupOrderPage')),
  },
  {
    path: paths.flightOrders,
    access: ACCESS.flight,
    titleKey: 'orders.title.list',
    component: page(() => import('../features/flight-orders/pages/FlightOrdersPage')),
    menu: { area: 'top', labelKey: 'layout.menu.bookings', order: 40 },
  },
  {
    path: paths.flightOrdersVoyage,
    access: ACCESS.flight,
    titleKey: 'orders.title.voyage',
    component: page(() => import('../features/flight-orders/pages/VoyagePage')),
  },
  {
    path: paths.flightOrdersDisruptions,
    access: ACCESS.flight,
    titleKey: 'orders.title.disruptions',
    component: page(() => import('../features/flight-orders/pages/DisruptionsPage')),
  },
  {
    // The desk (platform operators) opens its agencies' orders here too; the server decides what each may see and do.
    path: '/flight/orders/:id',
    access: ACCESS.flightOrder,
    titleKey: 'orders.title.detail',
    component: page(() => import('../features/flight-orders/pages/FlightOrderPage')),
  },
  {
    // Issue 13: the train search; the top bar's "Trains" stays highlighted on every train page.
    path: paths.trainBooking,
    access: ACCESS.trainBooking,
    titleKey: 'trains.title.booking',
    component: page(() => import('../features/train-search/pages/TrainBookingPage')),
    menu: { area: 'top', labelKey: 'layout.menu.trains', order: 30, section: '/train' },
  },
  {
    path: paths.trainBookingConfirm,
    access: ACCESS.trainBooking,
    titleKey: 'trains.title.confirm',
    component: page(() => import('../features/train-booking/pages/TrainBookingConfirmPage')),
  },
  {
    // Spec point 2: train orders need the train service only, no role. The top bar's My Bookings leads here for a
    // user without the flight orders (no operator role or no flight service); operators also reach it from the search.
    path: paths.trainOrders,
    access: ACCESS.trainOrders,
    titleKey: 'trains.title.orders',
    component: page(() => import('../features/train-orders/pages/TrainOrdersPage')),
    menu: { area: 'top', labelKey: 'layout.menu.bookings', order: 41 },
  },
  {
    path: '/train/orders/:id',
    access: ACCESS.trainOrders,
    titleKey: 'trains.title.order',
    component: page(() => import('../features/train-orders/pages/TrainOrderPage')),
  },
  {
    path: paths.billsWallet,
    access: ACCESS.bills,
    titleKey: 'bills.pageTitle.wallet',
    component: page(() => import('../features/bills/pages/WalletPage')),
    menu: { area: 'top', labelKey: 'layout.menu.wallet', order: 50, section: '/bills' },
  },
  {
    path: paths.billsTransactions,
    access: ACCESS.bills,
    titleKey: 'bills.pageTitle.transactions',
    component: page(() => import('../features/bills/pages/TransactionsPage')),
  },
  {
    path: paths.billsStatements,
    access: ACCESS.bills,
    titleKey: 'bills.pageTitle.statements',
    component: page(() => import('../features/bills/pages/StatementsPage')),
  },
  {
    path: paths.agencyStatements,
    access: ACCESS.agencyManager,
    titleKey: 'bills.pageTitle.agencyStatements',
    component: page(() => import('../features/agency-bills/pages/AgencyStatementsPage')),
  },
  {
    path: '/agency-manager/bills/:id',
    access: ACCESS.agencyBill,
    titleKey: 'bills.pageTitle.agencyBill',
    component: page(() => import('../features/agency-bills/pages/AgencyBillPage')),
  },
  {
    path: paths.agencyManager,
    access: ACCESS.agencyManager,
    titleKey: 'agency.title',
    component: page(() => import('../features/agency-manager/pages/AgencyManagerPage')),
    menu: { area: 'top', labelKey: 'layout.menu.agency', order: 60 },
  },
  // Spec point 2: only /, /terms, /privacy and /profile are open without login; any other path (an unknown one too)
  // sends a visitor to / with router.login. A logged-in user gets the not-found page.
  { path: '*', access: LOGGED_IN, titleKey: 'layout.title.notFound', component: page(() => import('./NotFoundPage')) },
];

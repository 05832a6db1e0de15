import type { FastifyPluginAsync } from 'fastify';
import agencyRoutes from './base/agencies.ts';
import applicationRoutes from './base/applications.ts';
import outboxRoutes from './base/outbox.ts';
import companyRoutes from './base/company.ts';
import fileRoutes from './base/files.ts';
import siteRoutes from './base/site.ts';
import subRoutes from './base/sub.ts';
import supplierAdminRoutes from './base/suppliers.ts';
import userLogRoutes from './base/user-logs.ts';
import userRoutes from './base/users.ts';
import walletRoutes from './base/wallet.ts';
import webhookRoutes from './base/webhooks.ts';
import paymentRoutes from './order/payment.ts';
import flightOrderRoutes from './order/flight-orders.ts';
import groupOrderRoutes from './order/group-orders.ts';
import trainOrderRoutes from './order/train-orders.ts';
import afterSalesRoutes from './order/after-sales.ts';
import scheduleChangeRoutes from './order/schedule-changes.ts';
import sandboxChannelRoutes from './sandbox/channels.ts';
import flightShoppingRoutes from './shopping/flight.ts';
import locationRoutes from './shopping/locations.ts';
import trainStationRoutes from './shopping/train-stations.ts';
import trainSearchRoutes from './shopping/train-search.ts';
import travellerRoutes from './base/travellers.ts';
import recognitionRoutes from './base/recognition.ts';

/** Feature route plugins, registered by app.ts after the session routes. */
export const routeModules: FastifyPluginAsync[] = [
  userRoutes, userLogRoutes, companyRoutes, fileRoutes, siteRoutes, supplierAdminRoutes, applicationRoutes, locationRoutes, trainStationRoutes, trainSearchRoutes, flightShoppingRoutes,
  agencyRoutes, outboxRoutes, subRoutes, walletRoutes, paymentRoutes, sandboxChannelRoutes, flightOrderRoutes,
  afterSalesRoutes, scheduleChangeRoutes, groupOrderRoutes, trainOrderRoutes,
  webhookRoutes, travellerRoutes, recognitionRoutes,
];

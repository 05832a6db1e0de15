import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Envelope, IdParams } from '@portal/contract/api/common';
import {
  CreateOrderBody,
  DESK_ACTIONS,
  DeskActionBody,
  DeskAnswer,
  DeskQuery,
  FlightOrder,
  ItineraryBody,
  OrderListAnswer,
  OrderListQuery,
  PayOrderAnswer,
  PayOrderBody,
  StatusCountAnswer,
  StatusCountQuery,
  VoyageAnswer,
  VoyageQuery,
  type DeskAction,
} from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { bookOrder } from '../../modules/flight-orders/book.usecase.ts';
import { cancelOrder } from '../../modules/flight-orders/cancel.usecase.ts';
import { deskAction, listDesk } from '../../modules/flight-orders/desk.usecase.ts';
import { itineraryFile, ticketFile } from '../../modules/flight-orders/documents.usecase.ts';
import { PDF_MIME } from '../../modules/flight-orders/documents/itinerary-pdf.ts';
import { listFlightOrders, loadOrderDetail, statusCounts, voyage } from '../../modules/flight-orders/order.queries.ts';
import { orderDepsOf } from '../../modules/flight-orders/orders.jobs.ts';
import { payOrder, registerOrderPayments } from '../../modules/flight-orders/pay.usecase.ts';
import { kickWebhooks } from '../../modules/webhooks/webhooks.delivery.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { forbidden, ok } from '../../plugins/errors.ts';
import { requiredIdempotencyKey } from '../../plugins/idempotency.ts';
import { sendFile } from '../base/wallet.ts';
import { flightOrderGuards } from './flight-guards.ts';

/** Flight orders (spec point 7): book, list, count, read, cancel, pay; and the platform's operations desk. */
export default async function flightOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { ...orderDepsOf(app.deps), log: app.log };
  registerOrderPayments(deps);
  const tags = ['flight-orders'];
  // Writes change statuses, which queue booking webhooks: send them right after the answer, never holding it up.
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.url.startsWith('/order/v2/flight/')) void kickWebhooks(app.deps);
  });
  const security = [{ bearer: [] }];

  const { preHandler, deskOnly } = flightOrderGuards(app);

  r.post(
    '/order/v2/flight/orders',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Book a checked fare (Idempotency-Key header required): to_be_paid, reviewing, or holding while the airline has not answered',
        body: CreateOrderBody,
        response: { 200: Envelope(FlightOrder) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { order, messageKey } = await bookOrder(deps, auth, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:book`) });
      return { code: Code.OK as number, data: order, message: translate(messageKey, req.lang) };
    },
  );

  r.get(
    '/order/v2/flight/orders',
    { preHandler, schema: { tags, security, summary: 'Orders of the agency, filtered, paged and sorted', querystring: OrderListQuery, response: { 200: Envelope(OrderListAnswer) } } },
    async (req) => ok(req, await listFlightOrders(app.deps.db, authOf(req), req.query)),
  );

  r.get(
    '/order/v2/flight/orders/status',
    { preHandler, schema: { tags, security, summary: 'Order counts per status (status=a,b limits the statuses)', querystring: StatusCountQuery, response: { 200: Envelope(StatusCountAnswer) } } },
    async (req) => ok(req, await statusCounts(app.deps.db, authOf(req), req.query)),
  );

  r.get(
    '/order/v2/flight/orders/voyage',
    { preHandler, schema: { tags, security, summary: 'The travel view: one row per passenger and flight, by departure', querystring: VoyageQuery, response: { 200: Envelope(VoyageAnswer) } } },
    async (req) => ok(req, await voyage(app.deps.db, authOf(req), req.query)),
  );

  r.get(
    '/order/v2/flight/orders/:id',
    { preHandler, schema: { tags, security, summary: 'One order with its flights, passengers, prices, timeline and allowed actions', params: IdParams, response: { 200: Envelope(FlightOrder) } } },
    async (req) => ok(req, await loadOrderDetail(app.deps.db, authOf(req), req.params.id)),
  );

  r.delete(
    '/order/v2/flight/orders/:id',
    { preHandler, schema: { tags, security, summary: 'Cancel a booking that is not paid (the booking is released at the airline)', params: IdParams, response: { 200: Envelope(FlightOrder) } } },
    async (req) => ok(req, await cancelOrder(deps, authOf(req), req.params.id)),
  );

  r.post(
    '/order/v2/flight/orders/:id/payment',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Pay an order from balance, credit or a payment channel (Idempotency-Key header required; never charges twice)',
        params: IdParams,
        body: PayOrderBody,
        response: { 200: Envelope(PayOrderAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const key = requiredIdempotencyKey(req, `${auth.company.id}:pay`);
      return ok(req, await payOrder(deps, auth, req.params.id, req.body.method, { idempotencyKey: key, lang: req.lang }));
    },
  );

  r.post(
    '/order/v2/flight/orders/:id/itinerary',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The issued order's itinerary as a PDF, printing the fare, tax, service charge and quantity given (what the agency's customer sees)",
        params: IdParams,
        body: ItineraryBody,
      },
    },
    async (req, reply) => sendFile(reply, await itineraryFile(app.deps.db, authOf(req), req.params.id, req.body, req.lang), PDF_MIME),
  );

  r.post(
    '/order/v2/flight/orders/:id/ticket-export',
    { preHandler, schema: { tags, security, summary: "The issued order's tickets as an xlsx row per passenger (for back offices that re-key them)", params: IdParams } },
    async (req, reply) => sendFile(reply, await ticketFile(app.deps.db, authOf(req), req.params.id, req.lang)),
  );

  r.get(
    '/order/v2/flight/desk/orders',
    { preHandler: deskOnly, schema: { tags, security, summary: "Operations desk: the platform's agencies' orders that need a person", querystring: DeskQuery, response: { 200: Envelope(DeskAnswer) } } },
    async (req) => ok(req, await listDesk(deps, authOf(req), req.query)),
  );

  const DESK_PATHS: Record<string, DeskAction> = { approve: 'approve', reject: 'reject', 'retry-ticketing': 'retryTicketing', 'mark-failed': 'markFailed', 'mark-processed': 'markProcessed' };
  r.post(
    '/order/v2/flight/desk/orders/:id/:action',
    {
      preHandler: deskOnly,
      schema: {
        tags,
        security,
        summary: `Operations desk decision: ${Object.keys(DESK_PATHS).join(', ')} (audited in the timeline and the user log)`,
        params: IdParams.extend({ action: z.enum(Object.keys(DESK_PATHS) as [string, ...string[]]) }),
        body: DeskActionBody,
        response: { 200: Envelope(FlightOrder) },
      },
    },
    async (req) => {
      const action = DESK_PATHS[req.params.action];
      if (!DESK_ACTIONS.includes(action)) throw forbidden();
      return ok(req, await deskAction(deps, authOf(req), req.params.id, action, req.body.remark ?? null, metaOf(req), { involuntary: req.body.involuntary, lines: req.body.lines }));
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Envelope, IdParams } from '@portal/contract/api/common';
import {
  CreateTrainOrderBody,
  TrainChangeAnswer,
  TrainChangeBody,
  PayTrainOrderAnswer,
  PayTrainOrderBody,
  TrainOrder,
  TrainOrderListAnswer,
  TrainOrderListQuery,
  TrainRefundAnswer,
  TrainRefundBody,
  TrainRefundQuote,
  TrainStatusCountAnswer,
  TrainStatusCountQuery,
} from '@portal/contract/api/trains';
import { TrainChannelPayment, TrainDeskActionBody, TrainDeskAnswer, TrainDeskQuery, TrainPaymentParams } from '@portal/contract/api/train-payments';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { formatMoney } from '@portal/contract/currency';
import { isDesk } from '../../modules/flight-orders/order.access.ts';
import { PDF_MIME } from '../../modules/flight-orders/documents/itinerary-pdf.ts';
import { bookTrainOrder } from '../../modules/train-orders/book.usecase.ts';
import { cancelTrainOrder } from '../../modules/train-orders/cancel.usecase.ts';
import { changeTrainOrder } from '../../modules/train-orders/change.usecase.ts';
import { getTrainChannelPayment, registerTrainPayments } from '../../modules/train-orders/channel-payment.usecase.ts';
import { listTrainDesk, trainDeskAction } from '../../modules/train-orders/desk.usecase.ts';
import { trainETicketFile } from '../../modules/train-orders/documents.usecase.ts';
import { payTrainOrder } from '../../modules/train-orders/pay.usecase.ts';
import { quoteTrainRefund, refundTrainOrder } from '../../modules/train-orders/refund.usecase.ts';
import { listTrainOrders, loadTrainOrderDetail, trainStatusCounts } from '../../modules/train-orders/train.queries.ts';
import { kickWebhooks } from '../../modules/webhooks/webhooks.delivery.ts';
import { authOf } from '../../plugins/auth.ts';
import { forbidden, ok } from '../../plugins/errors.ts';
import { requiredIdempotencyKey } from '../../plugins/idempotency.ts';
import { sendFile } from '../base/wallet.ts';

const PAY_MESSAGES = { ticketing: 'train.order.ticketing', manual_ticketing: 'train.order.manualTicketing', issued: 'train.order.issued', failed: 'train.order.ticketingFailed' } as const;

/**
 * Train orders (issue 13), in the style of the flight orders: book, pay (ticketing follows), list, count, read,
 * cancel, e-ticket, refund quote and refund; the desk's manual ticketing. Spec points 2 and 6: booking and every
 * write need the operator role and the company's train switch; reading (/train/orders) needs no role, only the train
 * switch; the platform's desk reads and acts whatever its own switches.
 */
export default async function trainOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, railSuppliers: app.deps.railSuppliers, payments: app.deps.payments, log: app.log };
  // An order paid through a channel is paid when the channel's money reaches the wallet (its callback, another route).
  registerTrainPayments(deps, { kickWebhooks: () => void kickWebhooks(app.deps) });
  const tags = ['train-orders'];
  const security = [{ bearer: [] }];
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.url.startsWith('/order/v2/train/')) void kickWebhooks(app.deps);
  });

  const trainSwitch = (req: FastifyRequest) => {
    const auth = authOf(req);
    if (!auth.company.commonConfig.enableTrainService && !isDesk(auth)) throw forbidden();
  };
  const operator = app.requireRole('operator');
  const write = async (req: FastifyRequest) => {
    await operator(req);
    trainSwitch(req);
  };
  const read = async (req: FastifyRequest) => {
    await app.requireUser(req);
    trainSwitch(req);
  };
  const desk = async (req: FastifyRequest) => {
    await operator(req);
    if (!isDesk(authOf(req))) throw forbidden();
  };

  r.post(
    '/order/v2/train/orders',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Book 1-5 passengers on a train from a search (Idempotency-Key header required): the railway holds the seats; to_be_paid until paymentDeadline',
        body: CreateTrainOrderBody,
        response: { 200: Envelope(TrainOrder) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const order = await bookTrainOrder(deps, auth, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:train-book`) });
      return { code: Code.OK as number, data: order, message: translate('train.order.booked', req.lang) };
    },
  );

  r.get(
    '/order/v2/train/orders',
    { preHandler: read, schema: { tags, security, summary: "Train orders of the agency, filtered, paged and sorted ('No train bookings found' when empty)", querystring: TrainOrderListQuery, response: { 200: Envelope(TrainOrderListAnswer) } } },
    async (req) => {
      const answer = await listTrainOrders(app.deps.db, authOf(req), req.query);
      return { code: Code.OK as number, data: answer, message: translate(answer.notice ?? 'common.success', req.lang) };
    },
  );

  r.get(
    '/order/v2/train/orders/status',
    { preHandler: read, schema: { tags, security, summary: 'Train order counts per status (status=a,b limits the statuses)', querystring: TrainStatusCountQuery, response: { 200: Envelope(TrainStatusCountAnswer) } } },
    async (req) => ok(req, await trainStatusCounts(app.deps.db, authOf(req), req.query)),
  );

  r.get(
    '/order/v2/train/orders/:id',
    { preHandler: read, schema: { tags, security, summary: 'One train order with passengers, seats, timeline and allowed actions', params: IdParams, response: { 200: Envelope(TrainOrder) } } },
    async (req) => ok(req, await loadTrainOrderDetail(app.deps.db, authOf(req), req.params.id)),
  );

  r.delete(
    '/order/v2/train/orders/:id',
    { preHandler: write, schema: { tags, security, summary: 'Cancel an unpaid train order (the railway releases the seats)', params: IdParams, response: { 200: Envelope(TrainOrder) } } },
    async (req) => {
      const order = await cancelTrainOrder(deps, authOf(req), req.params.id);
      return { code: Code.OK as number, data: order, message: translate('train.order.canceled', req.lang) };
    },
  );

  r.post(
    '/order/v2/train/orders/:id/payment',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          "Pay a train order (Idempotency-Key header required; never charges twice): balance or credit pay at once and the tickets are issued, or by the desk under the agency's manual train config; a payment channel answers its hosted page (redirectUrl, the channel's fee on top) and the order is paid when the channel confirms",
        params: IdParams,
        body: PayTrainOrderBody,
        response: { 200: Envelope(PayTrainOrderAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const answer = await payTrainOrder(deps, auth, req.params.id, req.body.method, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:train-pay`), lang: req.lang });
      const key = answer.redirectUrl ? 'train.order.payment.redirect' : (PAY_MESSAGES[answer.status as keyof typeof PAY_MESSAGES] ?? 'common.success');
      return { code: Code.OK as number, data: answer, message: translate(key, req.lang) };
    },
  );

  r.get(
    '/order/v2/train/orders/:id/payments/:paymentId',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A channel payment of the order, for the page the payer returns to: its status (a pending one is checked with the channel) and outcome (paid the order, credited to the wallet, or closed)",
        params: TrainPaymentParams,
        response: { 200: Envelope(TrainChannelPayment) },
      },
    },
    async (req) => ok(req, await getTrainChannelPayment(deps, authOf(req), req.params.id, req.params.paymentId)),
  );

  r.get(
    '/order/v2/train/orders/:id/e-ticket',
    { preHandler: read, schema: { tags, security, summary: 'The e-ticket record of the issued tickets as a PDF (one page per ticket), in the reader\'s language', params: IdParams } },
    async (req, reply) => sendFile(reply, await trainETicketFile(app.deps.db, authOf(req), req.params.id, req.lang), PDF_MIME),
  );

  r.post(
    '/order/v2/train/orders/:id/refund-quote',
    { preHandler: write, schema: { tags, security, summary: "What refunding these passengers' tickets returns now (12306 fee tiers)", params: IdParams, body: TrainRefundBody, response: { 200: Envelope(TrainRefundQuote) } } },
    async (req) => ok(req, await quoteTrainRefund(deps, authOf(req), req.params.id, req.body.passengerIds)),
  );

  r.post(
    '/order/v2/train/orders/:id/refund',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Refund these passengers' tickets before departure (Idempotency-Key header required): the fare less 12306's fee back to the wallet (refund-train)",
        params: IdParams,
        body: TrainRefundBody,
        response: { 200: Envelope(TrainRefundAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const answer = await refundTrainOrder(deps, auth, req.params.id, req.body.passengerIds, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:train-refund`) });
      return { code: Code.OK as number, data: answer, message: translate('train.order.refund.done', req.lang, { amount: formatMoney(answer.quote.totalRefund, 'CNY') }) };
    },
  );

  r.post(
    '/order/v2/train/orders/:id/change',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          "Change these passengers' tickets to another train the same or a later day (Idempotency-Key header required; one change per ticket, until 30 minutes before departure): a dearer train is paid from the wallet (change-train), a cheaper one refunds the difference less the fee",
        params: IdParams,
        body: TrainChangeBody,
        response: { 200: Envelope(TrainChangeAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const answer = await changeTrainOrder(deps, auth, req.params.id, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:train-change`) });
      return { code: Code.OK as number, data: answer, message: translate('train.order.change.done', req.lang) };
    },
  );

  r.get(
    '/order/v2/train/desk/orders',
    {
      preHandler: desk,
      schema: {
        tags,
        security,
        summary: "Operations desk: its agencies' paid train orders waiting for a person (view waiting = manual_ticketing and ticketing, or one of them), longest waiting first",
        querystring: TrainDeskQuery,
        response: { 200: Envelope(TrainDeskAnswer) },
      },
    },
    async (req) => ok(req, await listTrainDesk(app.deps.db, authOf(req), req.query)),
  );

  r.post(
    '/order/v2/train/desk/orders/:id/:action',
    {
      preHandler: desk,
      schema: {
        tags,
        security,
        summary: "Operations desk on its agencies' paid train orders: issue (manual ticketing, or a retry of ticketing) or mark-failed with a remark saying why (the payment hold is released)",
        params: IdParams.extend({ action: z.enum(['issue', 'mark-failed']) }),
        body: TrainDeskActionBody,
        response: { 200: Envelope(TrainOrder) },
      },
    },
    async (req) => {
      const order = await trainDeskAction(deps, authOf(req), req.params.id, req.params.action, req.body.remark ?? null);
      const key =
        req.params.action === 'mark-failed'
          ? 'train.desk.markedFailed'
          : order.status === 'issued'
            ? 'train.desk.issued'
            : order.status === 'failed'
              ? 'train.order.ticketingFailed'
              : 'train.desk.stillTicketing';
      return { code: Code.OK as number, data: order, message: translate(key, req.lang) };
    },
  );
}

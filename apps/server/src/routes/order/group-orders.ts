import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, IdParams } from '@portal/contract/api/common';
import {
  GroupBookingBody,
  GroupConfirmBody,
  GroupDeskAnswer,
  GroupDeskQuery,
  GroupDeskQuoteBody,
  GroupDeskRejectBody,
  GroupOrder,
  GroupOrderListAnswer,
  GroupOrderListQuery,
  GroupPaymentBody,
  GroupSeatsBody,
  GroupStatusCountAnswer,
} from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { translate, type MessageKey } from '@portal/contract/messages';
import { cancelGroup } from '../../modules/group-orders/cancel.usecase.ts';
import { confirmGroup } from '../../modules/group-orders/confirm.usecase.ts';
import { groupStatusCounts, listGroupDesk, listGroupOrders, loadGroupDetail } from '../../modules/group-orders/group.queries.ts';
import { deskQuote, deskReject } from '../../modules/group-orders/quote.usecase.ts';
import { payGroupInstalment } from '../../modules/group-orders/payment.usecase.ts';
import { requestGroup } from '../../modules/group-orders/request.usecase.ts';
import { deskSeats } from '../../modules/group-orders/seats.usecase.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { requiredIdempotencyKey } from '../../plugins/idempotency.ts';
import { flightOrderGuards } from './flight-guards.ts';

/**
 * Group flights (issue 12, spec points 2-5, 9): request, list, count, read, cancel, confirm, pay instalments; and the
 * platform's group desk (quote, reject, seats). The flight orders' gates: operator role and the flight service; the desk routes need the
 * platform (proxyLevel 0 operator).
 */
export default async function groupOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['group-orders'];
  const security = [{ bearer: [] }];
  const { preHandler, deskOnly } = flightOrderGuards(app);
  const base = '/order/v2/flight/group';
  // The writes answer with what happens next (the desk quotes in 1-2 business days, seats are applied for, ...).
  const answer = <T>(req: FastifyRequest, data: T, key: MessageKey) => ({ code: Code.OK as number, data, message: translate(key, req.lang) });

  r.post(
    `${base}/orders`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Request a group (Idempotency-Key header required; the same key answers the first request again): to_be_quote',
        body: GroupBookingBody,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const group = await requestGroup(db, auth, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:group`) });
      return answer(req, group, 'group.requested');
    },
  );

  r.get(
    `${base}/orders`,
    { preHandler, schema: { tags, security, summary: 'Groups of the agency, newest first, by status and booking-number prefix', querystring: GroupOrderListQuery, response: { 200: Envelope(GroupOrderListAnswer) } } },
    async (req) => ok(req, await listGroupOrders(db, authOf(req), req.query)),
  );

  r.get(
    `${base}/orders/status`,
    { preHandler, schema: { tags, security, summary: 'Group counts for every status (the group order menu)', response: { 200: Envelope(GroupStatusCountAnswer) } } },
    async (req) => ok(req, await groupStatusCounts(db, authOf(req))),
  );

  r.get(
    `${base}/orders/:id`,
    { preHandler, schema: { tags, security, summary: 'One group: request, quote, timeline and allowed actions', params: IdParams, response: { 200: Envelope(GroupOrder) } } },
    async (req) => ok(req, await loadGroupDetail(db, authOf(req), req.params.id)),
  );

  r.delete(
    `${base}/orders/:id`,
    { preHandler, schema: { tags, security, summary: 'Cancel a group request or decline its quote (to_be_quote, to_be_confirm -> canceled)', params: IdParams, response: { 200: Envelope(GroupOrder) } } },
    async (req) => answer(req, await cancelGroup(db, authOf(req), req.params.id), 'group.canceled'),
  );

  r.post(
    `${base}/orders/:id/confirmation`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Confirm the quote version read, before its deadline (to_be_confirm -> to_be_apply_seat)',
        params: IdParams,
        body: GroupConfirmBody,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => answer(req, await confirmGroup(db, authOf(req), req.params.id, req.body.quoteVersion), 'group.confirmed'),
  );

  r.post(
    `${base}/orders/:id/payment`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Pay the next due instalment from the wallet (Idempotency-Key header required; balance or credit; acknowledgeNonRefundable: deposits are not refunded). to_be_pay_* -> next, final -> proceeding',
        params: IdParams,
        body: GroupPaymentBody,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const group = await payGroupInstalment(db, auth, req.params.id, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:group-pay`) });
      return answer(req, group, 'group.paid');
    },
  );

  r.get(
    `${base}/desk`,
    { preHandler: deskOnly, schema: { tags, security, summary: "Group desk (platform): its agencies' groups, by default those awaiting a quote, oldest first", querystring: GroupDeskQuery, response: { 200: Envelope(GroupDeskAnswer) } } },
    async (req) => ok(req, await listGroupDesk(db, authOf(req), req.query)),
  );

  r.post(
    `${base}/orders/:id/quote`,
    {
      preHandler: deskOnly,
      schema: {
        tags,
        security,
        summary: 'Group desk (platform): quote a group, or replace the quote awaiting confirmation (a new version)',
        params: IdParams,
        body: GroupDeskQuoteBody,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => ok(req, await deskQuote(db, authOf(req), req.params.id, req.body)),
  );

  r.post(
    `${base}/orders/:id/seats`,
    {
      preHandler: deskOnly,
      schema: {
        tags,
        security,
        summary: 'Group desk (platform): seats applied for: secured (-> to_be_pay_first) or changed with a new quote version (-> to_be_confirm)',
        params: IdParams,
        body: GroupSeatsBody,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => {
      const group = await deskSeats(db, authOf(req), req.params.id, req.body);
      return answer(req, group, req.body.outcome === 'secured' ? 'group.seats.secured' : 'group.seats.changed');
    },
  );

  r.post(
    `${base}/orders/:id/rejection`,
    {
      preHandler: deskOnly,
      schema: { tags, security, summary: 'Group desk (platform): no flights for this group; it closes', params: IdParams, body: GroupDeskRejectBody, response: { 200: Envelope(GroupOrder) } },
    },
    async (req) => ok(req, await deskReject(db, authOf(req), req.params.id, req.body.remark)),
  );
}

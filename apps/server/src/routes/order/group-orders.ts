import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope, IdParams } from '@portal/contract/api/common';
import {
  GroupBookingBody,
  GroupCancelBody,
  GroupConfirmBody,
  GroupDeadlineAnswer,
  GroupDeadlineQuery,
  GroupDeskAnswer,
  GroupDeskQuery,
  GroupDeskQuoteBody,
  GroupDeskRejectBody,
  GroupOrder,
  GroupOrderListAnswer,
  GroupOrderListQuery,
  GroupPaymentAnswer,
  GroupPaymentBody,
  GroupSeatsBody,
  GroupStatusCountAnswer,
} from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { translate, type MessageKey } from '@portal/contract/messages';
import { cancelGroup, forfeitParams } from '../../modules/group-orders/cancel.usecase.ts';
import { confirmGroup } from '../../modules/group-orders/confirm.usecase.ts';
import { listGroupDeadlines } from '../../modules/group-orders/deadlines.queries.ts';
import { groupStatusCounts, listGroupDesk, listGroupOrders, loadGroupDetail } from '../../modules/group-orders/group.queries.ts';
import { deskQuote, deskReject } from '../../modules/group-orders/quote.usecase.ts';
import { payGroupInstalment } from '../../modules/group-orders/payment.usecase.ts';
import { registerGroupPayments } from '../../modules/group-orders/channel-payment.usecase.ts';
import { requestGroup } from '../../modules/group-orders/request.usecase.ts';
import { deskSeats } from '../../modules/group-orders/seats.usecase.ts';
import { kickGroupDesk } from '../../modules/group-orders/groups.jobs.ts';
import { confirmNames, namesTemplate, uploadNames } from '../../modules/group-orders/names.usecase.ts';
import { readNamesUpload } from '../../modules/group-orders/names-upload.ts';
import { sendFile } from '../base/wallet.ts';
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
  // An instalment paid through a channel is charged when the channel's money reaches the wallet (its callback).
  const paymentDeps = { db, payments: app.deps.payments, log: app.log };
  registerGroupPayments(paymentDeps);
  const base = '/order/v2/flight/group';
  // The writes answer with what happens next (the desk quotes in 1-2 business days, seats are applied for, ...).
  const answer = <T>(req: FastifyRequest, data: T, key: MessageKey, params: Record<string, string | number> = {}) => ({ code: Code.OK as number, data, message: translate(key, req.lang, params) });

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
      kickGroupDesk(app.deps);
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
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Cancel a group (to_be_quote, to_be_confirm, to_be_apply_seat, to_be_pay_* -> canceled; not while seats are applied for). Optional body {remark, acknowledgeForfeit, forfeitAmount}: with deposits paid (not refunded) acknowledgeForfeit must be true',
        params: IdParams,
        // Optional: a cancel with nothing paid needs no body, as before (Fastify validates a missing body as null).
        body: GroupCancelBody.nullish(),
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => {
      const { group, forfeit } = await cancelGroup(db, authOf(req), req.params.id, req.body ?? undefined);
      return forfeit ? answer(req, group, 'group.cancel.forfeited', forfeitParams(forfeit)) : answer(req, group, 'group.canceled');
    },
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
    async (req) => {
      const group = await confirmGroup(db, authOf(req), req.params.id, req.body.quoteVersion);
      kickGroupDesk(app.deps);
      return answer(req, group, 'group.confirmed');
    },
  );

  r.post(
    `${base}/orders/:id/payment`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Pay the next due instalment (Idempotency-Key header required; acknowledgeNonRefundable: deposits are not refunded). Balance or credit pay at once (to_be_pay_* -> next, final -> proceeding); ' +
          "an external channel answers channelPayment with the channel's hosted page, and the instalment is paid when the channel confirms",
        params: IdParams,
        body: GroupPaymentBody,
        response: { 200: Envelope(GroupPaymentAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const key = requiredIdempotencyKey(req, `${auth.company.id}:group-pay`);
      const paid = await payGroupInstalment(paymentDeps, auth, req.params.id, req.body, { idempotencyKey: key, lang: req.lang });
      return answer(req, paid, paid.channelPayment ? 'group.payment.redirect' : 'group.paid');
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

  r.get(
    `${base}/deadlines`,
    {
      preHandler: deskOnly,
      schema: {
        tags,
        security,
        summary:
          "Group desk (platform): its agencies' groups with a deadline (confirm-by, or the instalment due) within withinDays (default 7, at most 90), soonest first, with the reminders already mailed",
        querystring: GroupDeadlineQuery,
        response: { 200: Envelope(GroupDeadlineAnswer) },
      },
    },
    async (req) => ok(req, await listGroupDeadlines(db, authOf(req), req.query)),
  );

  // The passenger list (names): template, upload, confirmation. Spec point 5: xlsx; point 9: fixed once confirmed.
  r.get(
    `${base}/orders/:id/names/template`,
    {
      preHandler,
      schema: { tags, security, summary: 'The passenger list workbook (xlsx): a row per traveller, the current list filled in when one was uploaded', params: IdParams },
    },
    async (req, reply) => sendFile(reply, await namesTemplate(db, authOf(req), req.params.id, req.lang)),
  );

  r.put(
    `${base}/orders/:id/names`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Upload the passenger list (multipart field `file`: the .xlsx template filled in, at most 2 MB) after the final payment; every row checked with the booking rules. ' +
          'A list with problems is refused whole (400, data.problems: GroupNamesProblem[] - row, column, field, message); a good one replaces the previous until confirmed',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Envelope(GroupOrder) },
      },
    },
    async (req) => {
      const file = await readNamesUpload(req);
      const group = await uploadNames(db, authOf(req), req.params.id, file, { lang: req.lang });
      return answer(req, group, 'group.names.uploaded', { count: group.names.passengers.length });
    },
  );

  r.post(
    `${base}/orders/:id/names/confirmation`,
    {
      preHandler,
      schema: { tags, security, summary: 'Confirm the uploaded passenger list: it can no longer change, and ticketing issues one ticket per traveller', params: IdParams, response: { 200: Envelope(GroupOrder) } },
    },
    async (req) => {
      const group = await confirmNames(db, authOf(req), req.params.id);
      kickGroupDesk(app.deps);
      return answer(req, group, 'group.names.confirmed');
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AfterSalesOptions, Attachment, ChangeRequestBody, ChangeSearchAnswer, ChangeSearchBody, ConfirmationBody, RefundRequestBody, VoidRequestBody } from '@portal/contract/api/after-sales';
import { Envelope, IdParams } from '@portal/contract/api/common';
import { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { uploadAttachment } from '../../modules/flight-orders/after-sales/attachments.usecase.ts';
import { requestChange } from '../../modules/flight-orders/after-sales/change.usecase.ts';
import { searchChange } from '../../modules/flight-orders/after-sales/change-search.usecase.ts';
import { confirmRefund } from '../../modules/flight-orders/after-sales/confirm.usecase.ts';
import { afterSalesOptions } from '../../modules/flight-orders/after-sales/options.usecase.ts';
import { requestRefund } from '../../modules/flight-orders/after-sales/refund.usecase.ts';
import { requestVoid } from '../../modules/flight-orders/after-sales/void.usecase.ts';
import { orderDepsOf } from '../../modules/flight-orders/orders.jobs.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { flightOrderGuards } from './flight-guards.ts';
import { requiredIdempotencyKey } from '../../plugins/idempotency.ts';

/** After-sales of issued flight orders (issue 10, spec point 7): the side-by-side options, refund, void, confirmation. */
export default async function afterSalesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { ...orderDepsOf(app.deps), log: app.log };
  const tags = ['flight-orders'];
  const security = [{ bearer: [] }];
  const { preHandler } = flightOrderGuards(app);
  const base = '/order/v2/flight/orders/:id';

  r.get(
    `${base}/after-sales`,
    {
      preHandler,
      schema: { tags, security, summary: 'Change, refund and void side by side: cost and money back now and at each step of the fare rules, and until when', params: IdParams, response: { 200: Envelope(AfterSalesOptions) } },
    },
    async (req) => ok(req, await afterSalesOptions(app.deps.db, authOf(req), req.params.id)),
  );

  r.post(
    `${base}/attachments`,
    { preHandler, schema: { tags, security, summary: 'Upload one supporting document for a refund (multipart part "file": jpg, png or pdf, 2 MB, at most 5 per booking)', consumes: ['multipart/form-data'], params: IdParams, response: { 200: Envelope(Attachment) } } },
    async (req) => ok(req, await uploadAttachment(app.deps.db, authOf(req), req.params.id, req)),
  );

  r.post(
    `${base}/refund`,
    {
      preHandler,
      schema: { tags, security, summary: 'Request a refund of chosen passengers and flights (Idempotency-Key header required): a refund order in rfd_reviewing', params: IdParams, body: RefundRequestBody, response: { 200: Envelope(FlightOrder) } },
    },
    async (req) => {
      const auth = authOf(req);
      const order = await requestRefund(deps, auth, req.params.id, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:refund`) });
      return { code: Code.OK as number, data: order, message: translate('afterSales.refund.requested', req.lang) };
    },
  );

  r.post(
    `${base}/void`,
    {
      preHandler,
      schema: { tags, security, summary: 'Void whole tickets before the end of the ticketing day (Idempotency-Key header required): a void order in void_proceeding', params: IdParams, body: VoidRequestBody, response: { 200: Envelope(FlightOrder) } },
    },
    async (req) => {
      const auth = authOf(req);
      const order = await requestVoid(deps, auth, req.params.id, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:void`) });
      return { code: Code.OK as number, data: order, message: translate('afterSales.void.requested', req.lang) };
    },
  );

  r.post(
    `${base}/change/search`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "Search alternatives for changing chosen passengers' flights to new dates, each priced as a change (a new search replaces the one running: closing the request aborts it)",
        params: IdParams,
        body: ChangeSearchBody,
        response: { 200: Envelope(ChangeSearchAnswer) },
      },
    },
    async (req, reply) => {
      const ctl = new AbortController();
      // The client gave up on this search (it started a newer one): stop asking the airline for it.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) ctl.abort(new Error('the client closed the change search'));
      });
      return ok(req, await searchChange(deps, authOf(req), req.params.id, req.body, { signal: ctl.signal }));
    },
  );

  r.post(
    `${base}/change`,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Request the change option picked from a change search at the total accepted (Idempotency-Key header required): a change order in chg_reviewing',
        params: IdParams,
        body: ChangeRequestBody,
        response: { 200: Envelope(FlightOrder) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const order = await requestChange(deps, auth, req.params.id, req.body, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:change`) });
      return { code: Code.OK as number, data: order, message: translate('afterSales.change.requested', req.lang) };
    },
  );

  r.post(
    `${base}/confirmation`,
    {
      preHandler,
      schema: { tags, security, summary: "Confirm a refund order's quote before it lapses (Idempotency-Key header required)", params: IdParams, body: ConfirmationBody, response: { 200: Envelope(FlightOrder) } },
    },
    async (req) => {
      const auth = authOf(req);
      const order = await confirmRefund(deps, auth, req.params.id, req.body.quoteVersion, { idempotencyKey: requiredIdempotencyKey(req, `${auth.company.id}:confirm`) });
      return { code: Code.OK as number, data: order, message: translate('afterSales.quote.confirmed', req.lang) };
    },
  );
}

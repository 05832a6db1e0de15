import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccurateSearchBody,
  AnalysisPnrAnswer,
  AnalysisPnrBody,
  SearchBody,
  SearchStarted,
  SolutionsAnswer,
  SolutionsBody,
  VerificationAnswer,
  VerificationBody,
  VerificationParams,
} from '@portal/contract/api/shopping';
import { Envelope } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import { translate, type MessageKey } from '@portal/contract/messages';
import { normalizeExactSearch } from '../../modules/shopping/exact-search.ts';
import { analysePnr } from '../../modules/shopping/pnr.service.ts';
import { normalizeSearch } from '../../modules/shopping/search-request.ts';
import { createShoppingContext, getSolutions, startSearch } from '../../modules/shopping/search.service.ts';
import { verifyFare } from '../../modules/shopping/verification.service.ts';
import { authOf } from '../../plugins/auth.ts';
import { forbidden, ok } from '../../plugins/errors.ts';

/** A success envelope whose message tells the user something (no flights, price changed...). */
const okWith = <T>(req: FastifyRequest, data: T, key: MessageKey | null | undefined) =>
  key ? { code: Code.OK as number, data, message: translate(key, req.lang) } : ok(req, data);

export default async function flightShoppingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shopping = createShoppingContext(app.deps.db, app.deps.airSuppliers, app.log);
  app.addHook('onClose', async () => shopping.runner.close());
  const tags = ['shopping'];
  const security = [{ bearer: [] }];

  // Spec points 2 and 6: flight pages need the operator role (SuperUser passes) and the company's flight service.
  const operator = app.requireRole('operator');
  const preHandler = async (req: FastifyRequest) => {
    await operator(req);
    if (!authOf(req).company.commonConfig.enableFlightService) throw forbidden();
  };

  r.post(
    '/shopping/v2/flight/async-shopping',
    { preHandler, schema: { tags, security, summary: 'Start an asynchronous flight search; poll /solutions', body: SearchBody, response: { 200: Envelope(SearchStarted) } } },
    async (req) => ok(req, await startSearch(shopping, authOf(req), normalizeSearch(req.body))),
  );

  r.post(
    '/shopping/v2/flight/async-shopping/solutions',
    { preHandler, schema: { tags, security, summary: "Poll a search: progress and a page of the agency's priced solutions", body: SolutionsBody, response: { 200: Envelope(SolutionsAnswer) } } },
    async (req) => {
      const answer = await getSolutions(shopping, authOf(req), req.body);
      return okWith(req, answer, answer.notice);
    },
  );

  r.post(
    '/shopping/v2/flight/solutions/:id/verification',
    {
      preHandler,
      schema: { tags, security, summary: 'Price check of one fare before booking', params: VerificationParams, body: VerificationBody, response: { 200: Envelope(VerificationAnswer) } },
    },
    async (req) => {
      const { messageKey, ...result } = await verifyFare(shopping, authOf(req), req.params.id, req.body);
      return okWith(req, { ...result, message: translate(messageKey, req.lang) }, messageKey);
    },
  );

  r.post(
    '/shopping/v2/flight/accurate-search',
    { preHandler, schema: { tags, security, summary: 'Search exactly these flights (numbers, dates, booking classes)', body: AccurateSearchBody, response: { 200: Envelope(SearchStarted) } } },
    async (req) => ok(req, await startSearch(shopping, authOf(req), normalizeExactSearch(req.body))),
  );

  r.post(
    '/shopping/v2/flight/analysis-pnr',
    { preHandler, schema: { tags, security, summary: 'Read a pasted PNR display and search its flights exactly', body: AnalysisPnrBody, response: { 200: Envelope(AnalysisPnrAnswer) } } },
    async (req) => ok(req, await analysePnr(shopping, authOf(req), req.body.pnr, new Date(), req.lang)),
  );
}

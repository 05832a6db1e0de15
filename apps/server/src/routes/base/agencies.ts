import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgencyDetail,
  AgencyListQuery,
  AgencyPage,
  ApiKeyAnswer,
  Balances,
  CreateAgencyBody,
  CreditBody,
  LookToBook,
  LookToBookQuery,
  ResetSuperUserPasswordAnswer,
  ResetSuperUserPasswordBody,
  SingleLoginSecretAnswer,
  TopUpAnswer,
  TopUpBody,
  UpdateAgencyBody,
  UpdateAgencyConfigBody,
} from '@portal/contract/api/agencies';
import { Empty, Envelope, IdParams } from '@portal/contract/api/common';
import { readUploadedFile } from '../../modules/files/upload.ts';
import { agencyLookToBook, setAgencyCredit, topUpAgency } from '../../modules/agencies/agency-money.service.ts';
import {
  createAgency,
  deleteAgency,
  generateAgencyApiKey,
  getAgency,
  listAgencies,
  resetAgencySuperUserPassword,
  rotateAgencySingleLoginSecret,
  setAgencyLogo,
  updateAgencyConfig,
  updateAgencyInfo,
} from '../../modules/agencies/agency.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency.ts';

/**
 * Agency management (spec point 7): the agency manager (finance or SuperUser of a top-level agency that may create
 * sub-agencies) and the agencies whose parent it is; any other agency id answers 404.
 */
export default async function agencyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['agencies'];
  const security = [{ bearer: [] }];
  const preHandler = app.requireAgencyManager;

  r.get(
    '/base/v2/agencies',
    { preHandler, schema: { tags, security, summary: "The caller's agencies with their balances", querystring: AgencyListQuery, response: { 200: Envelope(AgencyPage) } } },
    async (req) => ok(req, await listAgencies(db, authOf(req), req.query)),
  );

  r.post(
    '/base/v2/agencies',
    {
      preHandler,
      schema: { tags, security, summary: 'Create an agency (code generated) and its first SuperUser', body: CreateAgencyBody, response: { 200: Envelope(AgencyDetail) } },
    },
    async (req) => ok(req, await createAgency(db, authOf(req), req.body, metaOf(req))),
  );

  r.get(
    '/base/v2/agencies/:id',
    { preHandler, schema: { tags, security, summary: 'One agency with its configuration', params: IdParams, response: { 200: Envelope(AgencyDetail) } } },
    async (req) => ok(req, await getAgency(db, authOf(req), req.params.id)),
  );

  r.put(
    '/base/v2/agencies/:id',
    {
      preHandler,
      schema: { tags, security, summary: "Edit an agency's details and status; disabling ends its users' sessions", params: IdParams, body: UpdateAgencyBody, response: { 200: Envelope(AgencyDetail) } },
    },
    async (req) => ok(req, await updateAgencyInfo(db, authOf(req), req.params.id, req.body, metaOf(req))),
  );

  r.post(
    '/base/v2/agencies/:id/logo',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "Upload an agency's logo (multipart field `file`; PNG, JPEG, GIF or WebP under 2 MB)",
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Envelope(AgencyDetail) },
      },
    },
    async (req) => ok(req, await setAgencyLogo(db, authOf(req), req.params.id, await readUploadedFile(req), metaOf(req))),
  );

  r.delete(
    '/base/v2/agencies/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Delete an agency; refused (409) while it holds money or reserved funds; ends its sessions and API keys',
        params: IdParams,
        response: { 200: Envelope(Empty) },
      },
    },
    async (req) => {
      await deleteAgency(db, authOf(req), req.params.id, metaOf(req));
      return ok(req, null);
    },
  );

  r.put(
    '/base/v2/agencies/:id/config',
    {
      preHandler,
      schema: { tags, security, summary: 'Set any of the configuration groups, each given whole', params: IdParams, body: UpdateAgencyConfigBody, response: { 200: Envelope(AgencyDetail) } },
    },
    async (req) => ok(req, await updateAgencyConfig(db, authOf(req), req.params.id, req.body, metaOf(req))),
  );

  r.post(
    '/base/v2/agencies/:id/superuser/password',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "Set the agency administrator's password (SuperUser only); ends that user's sessions",
        params: IdParams,
        body: ResetSuperUserPasswordBody,
        response: { 200: Envelope(ResetSuperUserPasswordAnswer) },
      },
    },
    async (req) => ok(req, await resetAgencySuperUserPassword(db, authOf(req), req.params.id, req.body.password, metaOf(req))),
  );

  r.post(
    '/base/v2/agencies/:id/apikey',
    {
      preHandler,
      schema: { tags, security, summary: 'Generate the agency API key (shown once; replaces the previous key)', params: IdParams, response: { 200: Envelope(ApiKeyAnswer) } },
    },
    async (req) => ok(req, await generateAgencyApiKey(db, authOf(req), req.params.id, metaOf(req))),
  );

  r.post(
    '/base/v2/agencies/:id/single-login-secret',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Rotate the agency single-login secret (shown once; the previous secret stays valid until the next rotation)',
        params: IdParams,
        response: { 200: Envelope(SingleLoginSecretAnswer) },
      },
    },
    async (req) => ok(req, await rotateAgencySingleLoginSecret(db, authOf(req), req.params.id, metaOf(req))),
  );

  r.post(
    '/base/v2/agencies/:id/balance',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Record a bank-transfer top-up; needs an Idempotency-Key header (a replay answers the first top-up)',
        params: IdParams,
        body: TopUpBody,
        response: { 200: Envelope(TopUpAnswer) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(req, await topUpAgency(db, auth, req.params.id, req.body, idempotencyKeyOf(req, auth.company.id), metaOf(req)));
    },
  );

  r.put(
    '/base/v2/agencies/:id/credit',
    {
      preHandler,
      schema: { tags, security, summary: "Set the agency's credit limit in its settlement currency", params: IdParams, body: CreditBody, response: { 200: Envelope(Balances) } },
    },
    async (req) => ok(req, await setAgencyCredit(db, authOf(req), req.params.id, req.body, metaOf(req))),
  );

  r.get(
    '/base/v2/agencies/:id/look-to-book',
    {
      preHandler,
      schema: { tags, security, summary: 'Searches per booking over a period (at most 366 days)', params: IdParams, querystring: LookToBookQuery, response: { 200: Envelope(LookToBook) } },
    },
    async (req) => ok(req, await agencyLookToBook(db, authOf(req), req.params.id, req.query)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Balances } from '@portal/contract/api/agencies';
import {
  GenerateStatementBody,
  Statement,
  StatementDetail,
  StatementDetailQuery,
  StatementPage,
  StatementParams,
  StatementQuery,
} from '@portal/contract/api/bills';
import { Envelope, IdParams } from '@portal/contract/api/common';
import { generateStatementNow, listStatementsFor, statementDetail, statementFile } from '../../modules/bills/statements.service.ts';
import { agencyBalance } from '../../modules/bills/wallet.service.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { sendFile } from './wallet.ts';

// Statements and balances of the caller's agency or of its sub-agencies; access rules in modules/bills/bills.access.ts.
export default async function subRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['statements'];
  const security = [{ bearer: [] }];

  r.get(
    '/base/v2/sub/statements',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Monthly statements, newest month first: own, one sub-agency (companyId) or every sub-agency (scope=subAgencies)',
        querystring: StatementQuery,
        response: { 200: Envelope(StatementPage) },
      },
    },
    async (req) => ok(req, await listStatementsFor(db, authOf(req), req.query)),
  );

  r.post(
    '/base/v2/sub/statements',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Generate a month's statement now (the running month's is provisional; a finished month's, once generated, never changes)",
        body: GenerateStatementBody,
        response: { 200: Envelope(Statement) },
      },
    },
    async (req) => ok(req, await generateStatementNow(db, authOf(req), req.body)),
  );

  r.get(
    '/base/v2/sub/statements/:companyId/:month',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "A statement with the month's entries (oldest first) and per-day totals; currency defaults to the settlement currency",
        params: StatementParams,
        querystring: StatementDetailQuery,
        response: { 200: Envelope(StatementDetail) },
      },
    },
    async (req) => ok(req, await statementDetail(db, authOf(req), req.params.companyId, req.params.month, req.query.currency, req.lang)),
  );

  r.get(
    '/base/v2/sub/statements/:companyId/:month/workbook',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'The statement as an Excel bill (xlsx)', params: StatementParams, querystring: StatementDetailQuery },
    },
    async (req, reply) =>
      sendFile(reply, await statementFile(db, authOf(req), req.params.companyId, req.params.month, req.query.currency, req.lang)),
  );

  r.get(
    '/base/v2/sub/balance/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: "An agency's balances in its settlement currency (own agency or a sub-agency)", params: IdParams, response: { 200: Envelope(Balances) } },
    },
    async (req) => ok(req, await agencyBalance(db, authOf(req), req.params.id)),
  );
}

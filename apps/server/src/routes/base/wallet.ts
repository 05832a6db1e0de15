import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TransactionExportBody,
  TransactionPage,
  TransactionQuery,
  WalletEntryExportBody,
  WalletEntryPage,
  WalletEntryQuery,
  WalletSummary,
  WalletSummaryQuery,
} from '@portal/contract/api/bills';
import { Envelope } from '@portal/contract/api/common';
import {
  exportTransactions,
  exportWalletEntries,
  listTransactions,
  listWalletEntries,
  walletSummary,
  type FileAnswer,
} from '../../modules/bills/wallet.service.ts';
import { XLSX_MIME } from '../../modules/bills/workbook.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

/** Sends a generated workbook as a download; errors before this point still answer the JSON envelope. */
export function sendFile(reply: FastifyReply, file: FileAnswer, mime: string = XLSX_MIME) {
  return reply
    .type(mime)
    .header('content-disposition', `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'no-store')
    .send(file.data);
}

// Access (own agency: finance; a sub-agency: agency manager or agencybills:read) is decided in modules/bills/bills.access.ts.
export default async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  r.get(
    '/base/v2/wallet',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Balances per currency (settlement currency first) and the credit period', querystring: WalletSummaryQuery, response: { 200: Envelope(WalletSummary) } },
    },
    async (req) => ok(req, await walletSummary(db, authOf(req), req.query.companyId)),
  );

  r.get(
    '/base/v2/wallet/entries',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Cash account entries with the balance after each, newest first (dates are UTC, inclusive)', querystring: WalletEntryQuery, response: { 200: Envelope(WalletEntryPage) } },
    },
    async (req) => ok(req, await listWalletEntries(db, authOf(req), req.query, req.lang)),
  );

  r.post(
    '/base/v2/wallet/entries/export',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'The filtered entries as an xlsx workbook (at most 10,000 rows)', body: WalletEntryExportBody } },
    async (req, reply) => sendFile(reply, await exportWalletEntries(db, authOf(req), req.body, req.lang)),
  );

  r.get(
    '/base/v2/transactions',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'All Transactions (top-ups and channel payments), newest first', querystring: TransactionQuery, response: { 200: Envelope(TransactionPage) } },
    },
    async (req) => ok(req, await listTransactions(db, authOf(req), req.query)),
  );

  r.post(
    '/base/v2/transactions/export',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'The filtered transactions as an xlsx workbook (at most 10,000 rows)', body: TransactionExportBody } },
    async (req, reply) => sendFile(reply, await exportTransactions(db, authOf(req), req.body, req.lang)),
  );
}

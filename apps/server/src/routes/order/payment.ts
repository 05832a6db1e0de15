import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTERNAL_PAYMENT_CHANNELS, PaymentConfigAnswer } from '@portal/contract/api/agencies';
import { ChannelPaymentState, CreateWalletPaymentBody, WalletPayment } from '@portal/contract/api/bills';
import { Envelope, IdParams } from '@portal/contract/api/common';
import { receiveCallback } from '../../modules/payments/callbacks.service.ts';
import { paymentConfig } from '../../modules/payments/payment-config.service.ts';
import { getChannelPaymentState } from '../../modules/payments/payment-state.service.ts';
import { createWalletPayment, getWalletPayment } from '../../modules/payments/wallet-payments.service.ts';
import { authOf } from '../../plugins/auth.ts';
import { notFound, ok } from '../../plugins/errors.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency.ts';

/**
 * Paying through the external channels: the online wallet top-up, the channels' callbacks, and the payment
 * configuration the booking pages read.
 */
export default async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, payments } = app.deps;
  const deps = { db, payments };
  const security = [{ bearer: [] }];

  r.post(
    '/base/v2/wallet/payments',
    {
      preHandler: app.requireFinance,
      schema: {
        tags: ['wallet'],
        security,
        summary: 'Top up the wallet through an external channel: answers the hosted page to send the payer to (Idempotency-Key header honoured)',
        body: CreateWalletPaymentBody,
        response: { 200: Envelope(WalletPayment) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const idempotencyKey = idempotencyKeyOf(req, auth.company.id);
      return ok(req, await createWalletPayment(deps, auth, req.body, { idempotencyKey, lang: req.lang, log: req.log }));
    },
  );

  r.get(
    '/base/v2/wallet/payments/:id',
    {
      preHandler: app.requireFinance,
      schema: {
        tags: ['wallet'],
        security,
        summary: "An online top-up's status (the payer's poll on return; a pending one is checked with the channel)",
        params: IdParams,
        response: { 200: Envelope(WalletPayment) },
      },
    },
    async (req) => ok(req, await getWalletPayment(deps, authOf(req), req.params.id, req.log)),
  );

  r.get(
    '/order/v2/payments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payment'],
        security,
        summary: "An order's channel payment as recorded: its status and why the last attempt failed (the payer's page on return)",
        params: IdParams,
        response: { 200: Envelope(ChannelPaymentState) },
      },
    },
    async (req) => ok(req, await getChannelPaymentState(db, authOf(req), req.params.id)),
  );

  r.get(
    '/order/v2/flight/config/payment',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payment'],
        security,
        summary: "The channels the caller's agency may pay with, their fees and currencies, and its balances",
        response: { 200: Envelope(PaymentConfigAnswer) },
      },
    },
    async (req) => ok(req, await paymentConfig(db, payments.channels, authOf(req))),
  );

  // Callbacks need the exact bytes the channel signed, whatever their content type: a raw-string parser, in a child
  // context so the routes above keep parsing JSON.
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    child.withTypeProvider<ZodTypeProvider>().post(
      '/order/v2/payments/callbacks/:channel',
      {
        schema: {
          tags: ['payment'],
          summary: "A channel's signed callback; answered with the channel's own acknowledgement (not the envelope)",
          params: z.object({ channel: z.enum(EXTERNAL_PAYMENT_CHANNELS) }),
        },
      },
      async (req, reply) => {
        const channel = payments.channels.get(req.params.channel);
        if (!channel) throw notFound();
        const raw = typeof req.body === 'string' ? req.body : '';
        const ack = await receiveCallback(deps, channel, req.headers, raw, req.log);
        return reply.status(ack.status).type(ack.contentType).send(ack.body);
      },
    );
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import { normalizeLanguage } from '@portal/contract/languages';
import { showCheckout, submitCheckout, type CheckoutAnswer } from '../../payments/sandbox/checkout.ts';

/**
 * The sandbox channels' hosted payment pages. Not part of the portal's API: these stand for alipay.com or
 * checkout.stripe.com, answer HTML, and need no portal session (the payer is on the channel's site).
 */
const Params = z.object({ channel: z.enum(EXTERNAL_PAYMENT_CHANNELS), id: z.string().min(1).max(100) });
const PageQuery = z.object({ lang: z.string().max(35).optional() });
const ActionBody = z.object({ action: z.enum(['pay', 'cancel']), lang: z.string().max(35).optional() });

// Inline style and script only; the forms post to this page, which then redirects to the merchant.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function send(reply: FastifyReply, answer: CheckoutAnswer) {
  reply.header('cache-control', 'no-store');
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 303);
  return reply.status(answer.status).header('content-security-policy', CSP).type('text/html; charset=utf-8').send(answer.html);
}

export default async function channelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = app.deps.payments;
  const tags = ['sandbox'];

  // Browsers post the page's forms url-encoded; the parser is registered in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get(
    '/sandbox/:channel/pay/:id',
    { schema: { tags, summary: "A sandbox channel's hosted payment page (HTML; ?lang= or Accept-Language)", params: Params, querystring: PageQuery } },
    async (req, reply) => {
      const lang = req.query.lang ? normalizeLanguage(req.query.lang, req.lang) : req.lang;
      return send(reply, await showCheckout(sandbox, req.params.channel, req.params.id, lang));
    },
  );

  r.post(
    '/sandbox/:channel/pay/:id',
    {
      schema: {
        tags,
        summary: 'The payer pays or cancels on the hosted page; redirects (303) to the merchant',
        params: Params,
        body: ActionBody,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (req, reply) => {
      const lang = req.body.lang ? normalizeLanguage(req.body.lang, req.lang) : req.lang;
      return send(reply, await submitCheckout(sandbox, req.params.channel, req.params.id, req.body.action, lang));
    },
  );
}

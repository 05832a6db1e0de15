import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import { normalizeLanguage, type Language } from '@portal/contract/languages';
import { showCheckout, submitCheckout, type CheckoutAnswer } from '../../payments/sandbox/checkout.ts';
import { sandboxPagePolicy } from '../../plugins/security-headers.ts';

/**
 * The sandbox channels' hosted payment pages. Not part of the portal's API: these stand for alipay.com or
 * checkout.stripe.com, answer HTML, and need no portal session (the payer is on the channel's site, and anyone holding
 * the link may pay, as on the real ones: the payment credits the company that opened it, with its own amount).
 * Registered in sandbox mode only; in live mode /sandbox/... does not exist.
 */
// Any channel and id reach the handler, so one that names no payment gets the channel's HTML "not found" page.
const Params = z.object({
  channel: z.string().max(100).describe(EXTERNAL_PAYMENT_CHANNELS.join(' | ')),
  id: z.string().max(100),
});
// An unreadable ?lang= falls back to Accept-Language instead of refusing the page.
const PageQuery = z.object({ lang: z.string().optional() });
const pageLang = (lang: string | undefined, fallback: Language) => (lang ? normalizeLanguage(lang.slice(0, 35), fallback) : fallback);
// Only the payer's choice: the amount, currency and payee are the payment's own; other fields are dropped.
const ActionBody = z.object({ action: z.enum(['pay', 'cancel', 'decline']), lang: z.string().optional() });

function send(reply: FastifyReply, answer: CheckoutAnswer) {
  reply.header('cache-control', 'no-store');
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 303);
  // Its own inline style and script by hash; the forms post here and are redirected back to the portal.
  const csp = sandboxPagePolicy(answer.html, reply.server.deps.payments.publicUrl);
  return reply.status(answer.status).header('content-security-policy', csp).type('text/html; charset=utf-8').send(answer.html);
}

export default async function channelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = app.deps.payments;
  if (!sandbox) return;
  const tags = ['sandbox'];

  // Browsers post the page's forms url-encoded; the parser is registered in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // PayPal's webhook signing certificate, at the URL each notification names in PAYPAL-CERT-URL (PayPal serves its
  // own at api.paypal.com/v1/notifications/certs/CERT-...). Public, as PayPal's is: it holds only the public key.
  r.get(
    '/sandbox/paypal/v1/notifications/certs/:name',
    { schema: { tags, summary: "The sandbox PayPal's webhook signing certificate (PEM)", params: z.object({ name: z.string().max(100) }) } },
    async (req, reply) => {
      const pem = await sandbox.certificate('paypal', `${app.deps.payments.publicUrl}/sandbox/paypal/v1/notifications/certs/${req.params.name}`);
      if (!pem) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('cache-control', 'public, max-age=3600').type('application/x-pem-file').send(pem);
    },
  );

  r.get(
    '/sandbox/:channel/pay/:id',
    { schema: { tags, summary: "A sandbox channel's hosted payment page (HTML; ?lang= or Accept-Language)", params: Params, querystring: PageQuery } },
    async (req, reply) => {
      const lang = pageLang(req.query.lang, req.lang);
      return send(reply, await showCheckout(sandbox, req.params.channel, req.params.id, lang));
    },
  );

  r.post(
    '/sandbox/:channel/pay/:id',
    {
      schema: {
        tags,
        summary: 'The payer pays or cancels on the hosted page (redirects 303 to the merchant), or has a card declined (Stripe: the page again, 402)',
        params: Params,
        body: ActionBody,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (req, reply) => {
      const lang = pageLang(req.body.lang, req.lang);
      return send(reply, await submitCheckout(sandbox, req.params.channel, req.params.id, req.body.action, lang));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { ExchangeRatesAnswer, SiteInfo, UpdateRatesBody } from '@portal/contract/api/site';
import { getExchangeRates, updateExchangeRates } from '../../modules/site/rates.service.ts';
import { getSiteInfo, normalizeHost } from '../../modules/site/site.service.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const SiteAnswer = Envelope(SiteInfo);

export default async function siteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, caches } = app.deps;
  const security = [{ bearer: [] }];

  r.get(
    '/base/v2/config/getSiteConfig',
    { schema: { tags: ['site'], summary: "The white-label site of the request's host (the default site for unknown hosts)", response: { 200: SiteAnswer } } },
    async (req, reply) => {
      // Every page load asks for this; a minute of staleness is harmless. The envelope's message follows the language.
      reply.header('cache-control', 'public, max-age=60').header('vary', 'Host, Accept-Language');
      if (!caches.live) return ok(req, await getSiteInfo(db, req.hostname));
      // The answer is kept serialized per host and language (checked against the schema once, as the serializer
      // would), and dropped with the site cache when a site or a rate changes (modules/cache/hot-caches.ts).
      const body = await caches.site(`answer:${normalizeHost(req.hostname)}|${req.lang}`, async () =>
        JSON.stringify(SiteAnswer.parse(ok(req, await getSiteInfo(db, req.hostname, caches)))),
      );
      // A string is sent as it is (no second serialization).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  r.get(
    '/base/v2/exchangeRates',
    { schema: { tags: ['rates'], summary: 'Exchange rates: how many CNY one unit of each currency costs', response: { 200: Envelope(ExchangeRatesAnswer) } } },
    async (req) => ok(req, await getExchangeRates(db, caches)),
  );

  r.put(
    '/base/v2/exchangeRates',
    {
      preHandler: app.requirePlatformAdmin,
      schema: { tags: ['rates'], security, summary: 'Set exchange rates (platform SuperUser); CNY is the base and not editable', body: UpdateRatesBody, response: { 200: Envelope(ExchangeRatesAnswer) } },
    },
    async (req) => ok(req, await updateExchangeRates(db, authOf(req), req.body, metaOf(req))),
  );
}

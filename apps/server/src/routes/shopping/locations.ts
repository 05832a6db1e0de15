import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { LocationQuery, LocationsAnswer, ReferenceDataAnswer } from '@portal/contract/api/shopping';
import { referenceNames } from '../../modules/reference/names.ts';
import { searchLocations } from '../../modules/reference/reference.ts';
import { hiddenCountries } from '../../modules/shopping/content-rules.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

export default async function locationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/shopping/v2/locations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['shopping'],
        security: [{ bearer: [] }],
        summary: "Airport/city picker search: code, English or Chinese name, pinyin or its initials; the caller's favourite cities first",
        querystring: LocationQuery,
        response: { 200: Envelope(LocationsAnswer) },
      },
    },
    async (req) => {
      const { q, limit, airportsOnly } = req.query;
      const auth = authOf(req);
      const favourites = auth.user.config.cities ?? [];
      // Spec point 3: an agency that hides mainland content is offered no mainland China city or airport.
      const excludeCountries = hiddenCountries(auth.company);
      return ok(req, { items: searchLocations(q, { lang: req.lang, limit, airportsOnly, favourites, excludeCountries }) });
    },
  );

  r.get(
    '/shopping/v2/reference-data',
    {
      schema: {
        tags: ['shopping'],
        summary: 'Names of every airline and airport in the caller\'s language, for showing codes in results',
        response: { 200: Envelope(ReferenceDataAnswer) },
      },
    },
    async (req, reply) => {
      // Static per release and language: let browsers and proxies keep it for a day.
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Language');
      return ok(req, referenceNames(req.lang));
    },
  );
}

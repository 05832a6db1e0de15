import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { StationQuery, StationsAnswer } from '@portal/contract/api/trains';
import { searchStations } from '../../modules/reference/stations.ts';
import { ok } from '../../plugins/errors.ts';

export default async function trainStationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/shopping/v2/train/stations',
    {
      // As the airport/city picker: any signed-in user (station names are public; booking checks the train service).
      preHandler: app.requireUser,
      schema: {
        tags: ['shopping'],
        security: [{ bearer: [] }],
        summary: 'Railway station/city picker search: Chinese name, English name, pinyin or its initials, telegraph code; a city first with all its stations',
        querystring: StationQuery,
        response: { 200: Envelope(StationsAnswer) },
      },
    },
    async (req) => {
      const { keyword, limit } = req.query;
      return ok(req, { items: searchStations(keyword, { lang: req.lang, limit }) });
    },
  );
}

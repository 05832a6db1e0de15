import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Envelope } from '@portal/contract/api/common';
import { TrainSearchAnswer, TrainSearchBody } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { searchTrains } from '../../modules/train-shopping/train-search.service.ts';
import { authOf } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';

export default async function trainSearchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shopping'];
  const security = [{ bearer: [] }];

  // Spec points 2 and 6: train pages need the operator role (SuperUser passes) and the company's train service.
  const operator = app.requireRole('operator');
  const preHandler = async (req: FastifyRequest) => {
    await operator(req);
    if (!authOf(req).company.commonConfig.enableTrainService) throw forbidden();
  };

  r.post(
    '/shopping/v2/train/search',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Search trains between two stations or cities on a date (today to today + 14 in China), with filters and a sort; answers at once, or an error when the railway is slow or failing',
        body: TrainSearchBody,
        response: { 200: Envelope(TrainSearchAnswer) },
      },
    },
    async (req) => {
      const answer = await searchTrains({ railSuppliers: app.deps.railSuppliers, log: req.log }, authOf(req), req.body, req.lang);
      // "No trains available" travels as the envelope's message too, as flight search's notices do.
      return { code: Code.OK as number, data: answer, message: translate(answer.notice ?? 'common.success', req.lang) };
    },
  );
}

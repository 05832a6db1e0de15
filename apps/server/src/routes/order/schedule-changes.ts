import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoticeAnswerBody, NoticeListAnswer, NoticeListQuery, ScheduleNotice } from '@portal/contract/api/after-sales';
import { Envelope, IdParams } from '@portal/contract/api/common';
import { Code } from '@portal/contract/codes';
import { translate } from '@portal/contract/messages';
import { acceptNotice, listNotices, refuseNotice } from '../../modules/flight-orders/schedule-changes/notices.usecase.ts';
import { authOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { flightOrderGuards } from './flight-guards.ts';

/** Airline schedule changes (issue 10, spec points 3 and 7): the disruption inbox and the agent's answer to a notice. */
export default async function scheduleChangeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['flight-orders'];
  const security = [{ bearer: [] }];
  const { preHandler } = flightOrderGuards(app);
  const base = '/order/v2/flight/schedule-changes';

  r.get(
    base,
    {
      preHandler,
      schema: { tags, security, summary: "The agency's airline schedule changes (open ones by default), soonest answer deadline first", querystring: NoticeListQuery, response: { 200: Envelope(NoticeListAnswer) } },
    },
    async (req) => ok(req, await listNotices(app.deps.db, authOf(req), req.query)),
  );

  r.post(
    `${base}/:id/accept`,
    {
      preHandler,
      schema: { tags, security, summary: "Accept the airline's new flights before the deadline: the order's flights of that leg become them", params: IdParams, body: NoticeAnswerBody, response: { 200: Envelope(ScheduleNotice) } },
    },
    async (req) => {
      const notice = await acceptNotice(app.deps.db, authOf(req), req.params.id, req.body);
      return { code: Code.OK as number, data: notice, message: translate('scheduleChange.accepted', req.lang) };
    },
  );

  r.post(
    `${base}/:id/refuse`,
    {
      preHandler,
      schema: { tags, security, summary: 'Refuse the schedule change before the deadline: a refund or change of the order is then involuntary', params: IdParams, body: NoticeAnswerBody, response: { 200: Envelope(ScheduleNotice) } },
    },
    async (req) => {
      const notice = await refuseNotice(app.deps.db, authOf(req), req.params.id, req.body);
      return { code: Code.OK as number, data: notice, message: translate('scheduleChange.refused', req.lang) };
    },
  );
}

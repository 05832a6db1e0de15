import type { z } from 'zod';
import type { GroupDeadlineAnswer, GroupDeadlineQuery } from '@portal/contract/api/group-orders';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { deskGroupScope } from './group.access.ts';
import { routeOf } from './group.queries.ts';
import { openDeadlineOf } from './reminders.ts';
import { groupsWithDeadline, remindersOf } from './reminders.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The platform's view of upcoming group deadlines (desk only): its agencies' groups waiting on a confirm-by or an
 * instalment due within `withinDays`, soonest first (one past its deadline that the lapse job has not closed yet
 * leads), each with the reminders already mailed for that deadline.
 */
export async function listGroupDeadlines(db: DbOrTx, auth: AuthContext, q: z.output<typeof GroupDeadlineQuery>, now: Date = new Date()): Promise<GroupDeadlineAnswer> {
  const { scope, companies } = await deskGroupScope(db, auth);
  const { rows, total } = await groupsWithDeadline(db, scope, new Date(now.getTime() + q.withinDays * DAY_MS), q);
  const sent = await remindersOf(db, rows.map((r) => r.id));
  const items = rows.flatMap((g) => {
    const deadline = openDeadlineOf(g);
    if (!deadline) return [];
    return [
      {
        id: g.id,
        bookingNumber: g.bookingNumber,
        companyName: companies.get(g.companyId)?.name ?? '',
        companyCode: companies.get(g.companyId)?.code ?? '',
        status: g.status,
        route: routeOf(g.request.journeys),
        deadline: deadline.kind,
        dueAt: deadline.dueAt.toISOString(),
        amount: deadline.amount,
        currency: deadline.currency,
        reminders: sent
          .filter((r) => r.groupOrderId === g.id && r.deadline === deadline.kind && r.dueAt.getTime() === deadline.dueAt.getTime())
          .map((r) => ({ lead: r.lead, sentAt: r.sentAt.toISOString() })),
      },
    ];
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}

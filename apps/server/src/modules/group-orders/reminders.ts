import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import type { GroupDeadlineKind, GroupReminderLead } from '@portal/contract/api/group-orders';
import { formatMoney, type Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { translate } from '@portal/contract/messages';
import { hasRole } from '@portal/contract/roles';
import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findCompany } from '../company/company.repository.ts';
import { queueEmail } from '../notifications/outbox.service.ts';
import { utcText } from '../notifications/texts.ts';
import { routeOf } from './group.queries.ts';
import { lockGroup, type GroupRow } from './group.repository.ts';
import { nextInstalmentOf } from './instalments.ts';
import { groupsToRemind, mailableUsers, recordReminder } from './reminders.repository.ts';

/**
 * Deadline reminders (issue 12): the agency's finance users and the group's contact are mailed 3 days and 1 day before
 * each deadline of a group (the quote's confirm-by, then each instalment due), and once when a deadline lapses and the
 * group closes (groups.jobs.ts). Each mail is written through the outbox in the transaction that records the reminder
 * in group_reminders, whose unique (group, deadline, lead, dueAt) row makes it go once however often the job runs; a
 * requote or a changed offer with a new deadline is a new dueAt and is reminded again.
 */

type MailDeps = Pick<Deps, 'db' | 'payments'>;

const DAY_MS = 86_400_000;
/** How long before a deadline each lead goes out. */
export const REMINDER_LEAD_MS = { '3d': 3 * DAY_MS, '1d': DAY_MS } as const;

export interface GroupDeadline {
  kind: GroupDeadlineKind;
  dueAt: Date;
  /** The instalment's amount; the quote's total for `confirm`. */
  amount: number;
  currency: Currency;
}

/** The deadline a group waits on now: confirm-by while to_be_confirm, the due instalment while paying; else null. */
export function openDeadlineOf(group: Pick<GroupRow, 'status' | 'quote' | 'confirmBy'>): GroupDeadline | null {
  const quote = group.quote;
  if (!quote) return null;
  if (group.status === 'to_be_confirm') return group.confirmBy ? { kind: 'confirm', dueAt: group.confirmBy, amount: quote.total, currency: quote.currency } : null;
  const next = nextInstalmentOf(group);
  return next ? { kind: next.kind, dueAt: new Date(next.dueAt), amount: next.amount, currency: quote.currency } : null;
}

/**
 * The reminder due at `now` for a deadline: '1d' within a day of it, '3d' within three days, none before that or once
 * it has passed (the lapse mail takes over). Only the closest lead applies, so one run never sends both: a group
 * quoted 2 days before its deadline gets '3d' now and '1d' a day later; one quoted 12 hours before gets '1d' alone.
 */
export function reminderLeadAt(dueAt: Date, now: Date): Exclude<GroupReminderLead, 'lapse'> | null {
  const left = dueAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= REMINDER_LEAD_MS['1d']) return '1d';
  if (left <= REMINDER_LEAD_MS['3d']) return '3d';
  return null;
}

/**
 * Every minute: the reminders due now. Each group is locked and its deadline read again, so a payment or a
 * confirmation that just committed is not reminded. Returns how many reminders were recorded (each mails every
 * recipient). Safe to run twice or late.
 */
export async function sendGroupReminders(deps: MailDeps, now: Date): Promise<number> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  let sent = 0;
  for (const candidate of await groupsToRemind(deps.db, now, at(REMINDER_LEAD_MS['3d']), at(REMINDER_LEAD_MS['1d']))) {
    sent += await deps.db.transaction(async (tx) => {
      const group = (await lockGroup(tx, candidate.id))!;
      const deadline = openDeadlineOf(group);
      const lead = deadline && reminderLeadAt(deadline.dueAt, now);
      return deadline && lead ? remind(tx, deps, group, deadline, lead) : 0;
    });
  }
  return sent;
}

/**
 * The lapse mail of a group the lapse job is closing, in the job's transaction: `group` is the locked row before the
 * move and `deadline` the one it missed. Once per deadline, like the reminders.
 */
export async function notifyLapse(tx: DbOrTx, deps: MailDeps, group: GroupRow, deadline: GroupDeadline): Promise<void> {
  await remind(tx, deps, group, deadline, 'lapse');
}

/** Records the reminder and, when it is new, queues one mail per recipient. 1 when recorded, 0 when sent before. */
async function remind(tx: DbOrTx, deps: MailDeps, group: GroupRow, deadline: GroupDeadline, lead: GroupReminderLead): Promise<number> {
  if (!(await recordReminder(tx, { groupOrderId: group.id, deadline: deadline.kind, lead, dueAt: deadline.dueAt }))) return 0;
  const agency = (await findCompany(tx, group.companyId))!;
  // Sent by the platform whose group desk holds the group (the agency's parent), as its other mails to agencies are.
  const platform = (agency.parentId && (await findCompany(tx, agency.parentId))?.name) || agency.name;
  const language = { ...DEFAULT_COMMON_CONFIG, ...agency.commonConfig }.emailLanguage;
  const about = {
    platform,
    booking: group.bookingNumber,
    route: routeOf(group.request.journeys),
    deadline: translate(`group.deadline.${deadline.kind}`, language),
    link: `${deps.payments.publicUrl}/flight/group/order/${group.id}`,
  };
  const texts = lead === 'lapse' ? { outcome: lapseOutcome(group, deadline, language) } : upcomingTexts(group, deadline, lead, language);
  // Not behind the agency's sendEmailToSubAgency switch (the parent's money mails): like the flight orders' mails,
  // these are about the agency's own bookings, and a missed deadline costs it its deposits.
  for (const to of await recipientsOf(tx, group)) {
    const mail = { companyId: group.companyId, to: to.email, language };
    if ('outcome' in texts) await queueEmail(tx, { ...mail, kind: 'group-lapsed', params: { ...about, name: to.name, ...texts } });
    else await queueEmail(tx, { ...mail, kind: 'group-reminder', params: { ...about, name: to.name, ...texts } });
  }
  return 1;
}

const moneyText = (d: GroupDeadline) => `${formatMoney(d.amount, d.currency)} ${d.currency}`;

/** When it is due, how much, and what a miss costs (deposits are not refunded, spec point 9). */
function upcomingTexts(group: GroupRow, deadline: GroupDeadline, lead: Exclude<GroupReminderLead, 'lapse'>, language: Language) {
  const confirm = deadline.kind === 'confirm';
  const amount = moneyText(deadline);
  return {
    dueAt: utcText(deadline.dueAt),
    when: translate(`group.reminder.when.${lead}`, language),
    details: confirm ? translate('group.reminder.details.confirm', language, { version: group.quote?.version ?? 0, amount }) : translate('group.reminder.details.instalment', language, { amount }),
    consequence: translate(confirm ? 'group.reminder.consequence.confirm' : 'group.reminder.consequence.instalment', language),
  };
}

/** What the lapse did; a missed instalment ends with the spec's "Group payment time expired, contact the administrator". */
function lapseOutcome(group: GroupRow, deadline: GroupDeadline, language: Language): string {
  const dueAt = utcText(deadline.dueAt);
  if (deadline.kind === 'confirm') return translate('group.reminder.lapsed.confirm', language, { version: group.quote?.version ?? 0, dueAt });
  const missed = translate('group.reminder.lapsed.instalment', language, { deadline: translate(`group.deadline.${deadline.kind}`, language), amount: moneyText(deadline), dueAt });
  return `${missed}\n${translate('group.payment.expired', language)}`;
}

/**
 * Who is told: the agency's users with the finance role (hasRole: a SuperUser holds every role), active and with an
 * email, and the group's contact; each address once.
 */
async function recipientsOf(tx: DbOrTx, group: GroupRow): Promise<{ name: string; email: string }[]> {
  const finance = (await mailableUsers(tx, group.companyId)).filter((u) => hasRole(u.roles, 'finance'));
  const contact = group.request.contact;
  const seen = new Set<string>();
  return [...finance, ...(contact.email ? [{ name: contact.name, email: contact.email }] : [])].filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

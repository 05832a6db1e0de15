import { DEFAULT_COMMON_CONFIG } from '@portal/contract/api/auth';
import type { PagedResult } from '@portal/contract/api/common';
import type { EmailKind, OutboxEmail, OutboxQuery, OutboxStatus } from '@portal/contract/api/outbox';
import type { Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { findCompany } from '../company/company.repository.ts';
import { insertOutboxEmail, listOutbox, type OutboxRow } from './outbox.repository.ts';

/**
 * Outgoing email, transactional outbox style: a mail is rendered and written to outbox_emails inside the transaction
 * of the change it reports, so a top-up that rolls back leaves no mail behind and a committed one always has its mail.
 * The outbox-send job delivers them later (outbox.jobs.ts).
 */

/** What each kind's subject and text (message keys email.<kind>.subject / .text) are filled with. */
export interface EmailParams {
  'top-up': { platform: string; name: string; code: string; amount: string; currency: string; reference: string; balance: string };
  'credit-limit': { platform: string; name: string; code: string; creditLimit: string; availableCredit: string; currency: string };
  /** The generic mail other modules reuse: a title and a body already written in the recipient's language. */
  notice: { platform: string; name: string; title: string; body: string };
  /** A group's deadline is near (group-orders/reminders.ts): the texts below are already in the recipient's language. */
  'group-reminder': { platform: string; name: string; booking: string; route: string; deadline: string; dueAt: string; when: string; details: string; consequence: string; link: string };
  /** A group closed on a missed deadline (the lapse job). */
  'group-lapsed': { platform: string; name: string; booking: string; route: string; deadline: string; outcome: string; link: string };
}

export interface QueueEmailInput<K extends EmailKind> {
  /** The agency the mail is about (whose outbox entry it is); null for none. */
  companyId: string | null;
  kind: K;
  to: string;
  language: Language;
  params: EmailParams[K];
}

export async function queueEmail<K extends EmailKind>(tx: DbOrTx, input: QueueEmailInput<K>): Promise<OutboxRow> {
  const params = input.params as unknown as Record<string, string>;
  const subject = translate(`email.${input.kind}.subject` as MessageKey, input.language, params);
  const text = translate(`email.${input.kind}.text` as MessageKey, input.language, params);
  return insertOutboxEmail(tx, { companyId: input.companyId, kind: input.kind, to: input.to, subject, text, language: input.language });
}

/**
 * A notice about an order to the contact its booker named (flight e-tickets, schedule changes, train e-tickets), in
 * the agency's e-mail language, written in the caller's transaction. `compose` writes the title and body in that
 * language. Returns whether a mail was queued: none when the order has no contact e-mail.
 */
export async function noticeToOrderContact(
  tx: DbOrTx,
  order: { companyId: string; contact: unknown },
  compose: (language: Language) => { title: string; body: string },
): Promise<boolean> {
  const contact = order.contact as { name?: string; email?: string } | null;
  if (!contact?.email) return false;
  const company = await findCompany(tx, order.companyId);
  if (!company) return false;
  const language = { ...DEFAULT_COMMON_CONFIG, ...company.commonConfig }.emailLanguage;
  await queueEmail(tx, {
    companyId: order.companyId,
    kind: 'notice',
    to: contact.email,
    language,
    params: { platform: company.name, name: contact.name ?? '', ...compose(language) },
  });
  return true;
}

type AgencyParams<K extends EmailKind> = Omit<EmailParams[K], 'platform' | 'name' | 'code'>;

/**
 * Why no mail from its parent can reach `agency`, as a message key, or null when notifyAgency would queue one: the
 * agency has no contact email, or its `sendEmailToSubAgency` switch is off. A request that asked for a mail is refused
 * with this key before anything moves (agency-money.service.ts), rather than answering a success that sent nothing.
 */
export function agencyMailRefusal(agency: CompanyRow): 'error.email.noContact' | 'error.email.switchedOff' | null {
  if (!agency.contactEmail) return 'error.email.noContact';
  if (!{ ...DEFAULT_COMMON_CONFIG, ...agency.commonConfig }.sendEmailToSubAgency) return 'error.email.switchedOff';
  return null;
}

/**
 * A mail from the parent agency to one of its agencies, to the agency's contact email in the agency's email language.
 * The agency's `sendEmailToSubAgency` switch (set by its parent) decides whether such mails are written at all: off
 * means the parent tells the agency itself and nothing is queued. Returns the queued mail, or null when none was
 * (agencyMailRefusal says why).
 */
export async function notifyAgency<K extends Exclude<EmailKind, 'notice'>>(
  tx: DbOrTx,
  agency: CompanyRow,
  parent: Pick<CompanyRow, 'name'>,
  kind: K,
  params: AgencyParams<K>,
): Promise<OutboxRow | null> {
  // The contact email test only narrows its type: agencyMailRefusal has already refused an agency without one.
  if (agencyMailRefusal(agency) || !agency.contactEmail) return null;
  const config = { ...DEFAULT_COMMON_CONFIG, ...agency.commonConfig };
  return queueEmail(tx, {
    companyId: agency.id,
    kind,
    to: agency.contactEmail,
    language: config.emailLanguage,
    params: { ...params, platform: parent.name, name: agency.contactName ?? agency.name, code: agency.code } as unknown as EmailParams[K],
  });
}

export function toOutboxEmail(r: { mail: OutboxRow; companyCode: string | null; companyName: string | null }): OutboxEmail {
  const m = r.mail;
  return {
    id: m.id,
    companyId: m.companyId,
    companyCode: r.companyCode,
    companyName: r.companyName,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    text: m.text,
    language: m.language as Language,
    status: m.status as OutboxStatus,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  };
}

/** The platform's view of its outbox: mails about itself and its agencies. */
export async function listPlatformOutbox(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof OutboxQuery>,
): Promise<PagedResult<OutboxEmail>> {
  const { rows, total } = await listOutbox(db, auth.company.id, q);
  return { items: rows.map(toOutboxEmail), total, page: q.page, pageSize: q.pageSize };
}

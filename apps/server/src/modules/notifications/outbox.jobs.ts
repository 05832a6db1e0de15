import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import { lockPending, markAttemptFailed, markKept, markSent } from './outbox.repository.ts';

/** A mail that failed this many times is given up (status 'failed'); the platform reads it and its error in the portal. */
export const OUTBOX_MAX_ATTEMPTS = 5;
const KEEP_BATCH = 500;

export interface OutboxSender {
  /** Null when no SMTP server is configured: mails are then kept in the outbox, readable in the portal. */
  transport: Transporter | null;
  from: string;
}

/** SMTP_URL (e.g. smtps://user:pass@smtp.example.com) turns sending on; SMTP_FROM is the sender address. */
export function senderFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxSender {
  return {
    transport: env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null,
    from: env.SMTP_FROM || 'Travel Portal <no-reply@localhost>',
  };
}

export interface OutboxRun {
  sent: number;
  failed: number;
  kept: number;
}

/**
 * Delivers pending mails, one transaction per mail: the row is locked (SKIP LOCKED, so two senders never take the same
 * mail), sent, and marked in that transaction. A crash between the SMTP answer and the commit can send one mail twice;
 * that is the price of never losing one. A failure leaves the mail pending for the next run until OUTBOX_MAX_ATTEMPTS.
 */
export async function sendPendingEmails(db: Db, sender: OutboxSender, opts: { limit?: number } = {}): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, failed: 0, kept: 0 };
  const { transport } = sender;
  if (!transport) {
    for (;;) {
      const kept = await db.transaction(async (tx) => {
        const rows = await lockPending(tx, KEEP_BATCH);
        await markKept(tx, rows.map((r) => r.id));
        return rows.length;
      });
      run.kept += kept;
      if (kept < KEEP_BATCH) return run;
    }
  }
  const limit = opts.limit ?? 200;
  // Each mail is tried at most once per run: a failing one must not take all five attempts within a minute.
  const tried: string[] = [];
  while (tried.length < limit) {
    const done = await db.transaction(async (tx) => {
      const [mail] = await lockPending(tx, 1, tried);
      if (!mail) return false;
      tried.push(mail.id);
      try {
        await transport.sendMail({ from: sender.from, to: mail.to, subject: mail.subject, text: mail.text });
        await markSent(tx, mail.id);
        run.sent++;
      } catch (e) {
        await markAttemptFailed(tx, mail.id, e instanceof Error ? e.message : String(e), OUTBOX_MAX_ATTEMPTS);
        run.failed++;
      }
      return true;
    });
    if (!done) break;
  }
  return run;
}

/** The job with its sender chosen by `makeSender`, called once, on the first run (tests pass their own transport). */
export function createOutboxSendJob(makeSender: () => OutboxSender = () => senderFromEnv()): JobDefinition {
  let sender: OutboxSender | undefined;
  return {
    name: 'outbox-send',
    cron: '* * * * *',
    run: (deps) => sendPendingEmails(deps.db, (sender ??= makeSender())),
  };
}

export const outboxSendJob = createOutboxSendJob();

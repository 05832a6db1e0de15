import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { isCurrency, type Currency } from '@portal/contract/currency';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CallbackTransport } from '../transport.ts';
import { ChannelRequestError, type CancelResult, type CreatePaymentInput, type RefundInput, type RefundResult } from '../types.ts';
import type { SandboxProfile } from './profiles.ts';
import {
  claimCallback,
  closePayment,
  dueCallbackIds,
  findPayment,
  findPaymentByReference,
  insertCallbacks,
  insertPayment,
  lapsedPayments,
  lockPayment,
  OPEN_STATUSES,
  setRefunds,
  markDelivered,
  scheduleRetry,
  type SandboxPaymentRow,
  type SandboxStatus,
} from './sandbox.repository.ts';
import type { ProviderCredentials, WireEvent } from './styles/types.ts';

/**
 * The channels' side of the sandbox: what Alipay or Stripe run in their own systems. It opens payments, serves the
 * payer's choices on the hosted page, closes payments that lapse, and delivers signed callbacks on each channel's
 * retry schedule until the merchant acknowledges them. The portal talks to it only through the PaymentChannel adapters
 * and its callback route, as it would to a real provider.
 */

export interface SandboxFaults {
  /** Every callback is sent again later by the retry job, even once acknowledged: duplicates, arriving late. */
  duplicateCallbacks?: boolean;
  /** Nothing is sent right after the payer acts; only the retry job sends, so the payer is back before the callback. */
  deferCallbacks?: boolean;
}

export interface SandboxOptions {
  db: Db;
  /** Where the sandbox's hosted pages are served (this server). */
  publicUrl: string;
  profiles: readonly SandboxProfile[];
  /** What the simulated provider signs each channel's callbacks with (its keys, and the secrets it shares). */
  credentials(code: ExternalPaymentChannel): Promise<ProviderCredentials>;
  transport: CallbackTransport;
  faults?: SandboxFaults;
  /** The merchant's name the hosted page shows. */
  merchantName: string;
}

export type PayerOutcome = { ok: true; payment: SandboxPaymentRow } | { ok: false; payment: SandboxPaymentRow | null };

export interface SandboxProvider {
  readonly merchantName: string;
  profile(code: string): SandboxProfile | undefined;
  hostedPageUrl(code: string, id: string): string;
  /** The provider's side of a channel's signing: tests sign events the sandbox itself would not send. */
  providerCredentials(code: ExternalPaymentChannel): Promise<ProviderCredentials>;
  /** A signing certificate the provider publishes (PayPal's PAYPAL-CERT-URL), by its URL; null for any other URL. */
  certificate(code: string, url: string): Promise<string | null>;
  /** Merchant API: open a payment (the same merchant reference answers the payment already opened for it). */
  open(code: ExternalPaymentChannel, input: CreatePaymentInput, now: Date): Promise<SandboxPaymentRow>;
  /** Merchant API and hosted page: the payment as the channel knows it now (a lapsed one is closed on the way). */
  lookup(code: string, id: string, now: Date): Promise<SandboxPaymentRow | null>;
  /** Merchant API: close an unpaid payment. The merchant asked, so no callback is sent. */
  close(code: string, id: string, now: Date): Promise<CancelResult>;
  /** Merchant API: refund part or all of a paid payment, once per refund reference. */
  refund(code: string, id: string, input: RefundInput, now: Date): Promise<RefundResult>;
  /** The payer pays (PayPal: approves the order, which the merchant then captures). */
  payerPays(code: string, id: string, now: Date): Promise<PayerOutcome>;
  payerCancels(code: string, id: string, now: Date): Promise<PayerOutcome>;
  /** The payer's card is declined (Stripe): the payment stays open, and payment_intent.payment_failed is sent. */
  payerDeclined(code: string, id: string, now: Date): Promise<PayerOutcome>;
  /**
   * Merchant API (PayPal's POST /v2/checkout/orders/{id}/capture): captures an approved order, with its
   * PAYMENT.CAPTURE.COMPLETED. A captured order answers as it is (ok); one not approved, or closed, is not captured.
   */
  capture(code: string, id: string, now: Date): Promise<PayerOutcome>;
  /** Closes every payment whose time ran out, each with its callback; returns how many. */
  expireLapsed(now: Date): Promise<number>;
  /** Sends every callback that is due; returns how many were acknowledged and how many were not. */
  deliverDue(now: Date): Promise<{ delivered: number; failed: number }>;
  deliver(callbackId: string, now: Date): Promise<boolean>;
}

// A delivery attempt keeps its callback for this long beyond the channel's answer timeout before another may retry it.
const LEASE_MS = 60_000;
// When a channel gives up it never tries again; the row stays as the record of the failure.
const GAVE_UP = new Date('9999-12-31T00:00:00Z');
const BATCH = 50;
const MAX_PER_RUN = 1000;

export function createSandboxProvider(o: SandboxOptions): SandboxProvider {
  const { db } = o;
  const profiles = new Map(o.profiles.map((p) => [p.code as string, p]));
  const need = (code: string) => {
    const p = profiles.get(code);
    if (!p) throw new Error(`no sandbox channel ${code}`);
    return p;
  };

  function wireEvent(p: SandboxProfile, row: SandboxPaymentRow, kind: WireEvent['kind'], at: Date): WireEvent {
    return {
      eventId: p.style.newEventId(),
      kind,
      occurredAt: at,
      payment: {
        id: row.id,
        merchantReference: row.merchantReference,
        amount: row.amount,
        currency: row.currency as Currency,
        subject: row.subject,
        createdAt: row.createdAt,
        paidAt: row.paidAt,
      },
    };
  }

  /**
   * Queues the callback of one event (and its late duplicate under the fault switch); answers the first copy's id, or
   * null when the channel does not notify this kind of event (WeChat Pay a closure, Alipay a payer's cancel).
   */
  async function queueEvent(tx: DbOrTx, row: SandboxPaymentRow, kind: WireEvent['kind'], at: Date, credentials: ProviderCredentials): Promise<string | null> {
    const p = need(row.channel);
    if (!p.style.notifies.includes(kind)) return null;
    const { body, contentType } = p.style.encode(wireEvent(p, row, kind, at), credentials);
    const copy = { channel: row.channel, paymentId: row.id, event: kind, body, headers: { 'content-type': contentType }, url: row.notifyUrl, nextAttemptAt: at };
    const rows = await insertCallbacks(tx, o.faults?.duplicateCallbacks ? [copy, copy] : [copy]);
    return rows[0].id;
  }

  /** Closes the payment with its callback in one transaction; null when it was no longer open (or not payable). */
  async function closeWithEvent(
    row: SandboxPaymentRow,
    to: 'approved' | 'paid' | 'canceled' | 'expired',
    now: Date,
    cond: { payableAt?: Date; lapsedAt?: Date; from?: readonly SandboxStatus[] },
  ): Promise<{ payment: SandboxPaymentRow; callbackId: string | null } | null> {
    // The signing keys are read before the transaction: loading them (first use) must not wait on it (PGlite has one
    // connection, which the transaction holds).
    const credentials = await o.credentials(need(row.channel).code);
    return db.transaction(async (tx) => {
      const closed = await closePayment(tx, row.id, to, now, cond);
      if (!closed) return null;
      return { payment: closed, callbackId: await queueEvent(tx, closed, to, now, credentials) };
    });
  }

  async function lookup(code: string, id: string, now: Date): Promise<SandboxPaymentRow | null> {
    const row = await findPayment(db, code, id);
    if (!row || !OPEN_STATUSES.includes(row.status as SandboxStatus) || row.expiresAt > now) return row;
    // An order approved but never captured lapses like an unpaid one (PayPal voids it: CHECKOUT.ORDER.VOIDED).
    const lapsed = await closeWithEvent(row, 'expired', now, { lapsedAt: now, from: OPEN_STATUSES });
    return lapsed?.payment ?? findPayment(db, code, id);
  }

  async function afterPayer(closed: { payment: SandboxPaymentRow; callbackId: string | null } | null, code: string, id: string, now: Date): Promise<PayerOutcome> {
    if (!closed) return { ok: false, payment: await lookup(code, id, now) };
    // Sent in-process right away, as a provider notifies as soon as the payer is done; the retry job covers failures.
    if (closed.callbackId && !o.faults?.deferCallbacks) await provider.deliver(closed.callbackId, now);
    return { ok: true, payment: closed.payment };
  }

  const provider: SandboxProvider = {
    merchantName: o.merchantName,
    profile: (code) => profiles.get(code),
    hostedPageUrl: (code, id) => `${o.publicUrl}/sandbox/${code}/pay/${encodeURIComponent(id)}`,
    providerCredentials: (code) => o.credentials(need(code).code),
    async certificate(code, url) {
      const p = profiles.get(code);
      if (!p?.publishesCertificate) return null;
      const c = await o.credentials(p.code);
      return c.certificateId === url && c.certificatePem ? c.certificatePem : null;
    },

    async open(code, input, now) {
      const p = need(code);
      if (!isCurrency(input.currency) || !p.currencies.includes(input.currency)) throw new ChannelRequestError(code, 'currency_not_supported');
      if (
        !Number.isSafeInteger(input.amount) ||
        input.amount <= 0 ||
        input.expiresAt <= now ||
        !input.merchantReference ||
        (p.acceptsAmount && !p.acceptsAmount(input.amount, input.currency))
      ) {
        throw new ChannelRequestError(code, 'invalid_request');
      }
      const existing = await findPaymentByReference(db, code, input.merchantReference);
      if (existing) {
        if (existing.amount !== input.amount || existing.currency !== input.currency) throw new ChannelRequestError(code, 'invalid_request');
        return existing;
      }
      return insertPayment(db, {
        id: p.newPaymentId(now),
        channel: code,
        merchantReference: input.merchantReference,
        amount: input.amount,
        currency: input.currency,
        subject: input.subject.slice(0, 128),
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        createdAt: now,
        expiresAt: input.expiresAt,
      });
    },

    lookup,

    async close(code, id, now) {
      const row = await lookup(code, id, now);
      if (!row) return { ok: false, reason: 'not_found' };
      if (OPEN_STATUSES.includes(row.status as SandboxStatus)) {
        const closed = await closePayment(db, row.id, 'canceled', now, { from: OPEN_STATUSES });
        if (closed) return { ok: true, status: 'canceled' };
        return provider.close(code, id, now);
      }
      if (row.status === 'paid') return { ok: false, reason: 'already_paid' };
      return { ok: true, status: row.status as 'canceled' | 'expired' };
    },

    async refund(code, id, input, now) {
      need(code);
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || !input.refundReference) throw new ChannelRequestError(code, 'invalid_request');
      return db.transaction(async (tx): Promise<RefundResult> => {
        const row = await lockPayment(tx, code, id);
        if (!row) return { ok: false, reason: 'not_found' };
        const prior = row.refunds.find((r) => r.reference === input.refundReference);
        if (prior) return { ok: true, refundId: prior.id, amount: prior.amount };
        if (row.status !== 'paid') return { ok: false, reason: 'not_paid' };
        if (row.currency !== input.currency) return { ok: false, reason: 'currency_mismatch' };
        const refunded = row.refunds.reduce((n, r) => n + r.amount, 0);
        if (refunded + input.amount > row.amount) return { ok: false, reason: 'exceeds_paid' };
        const refund = { id: `${row.id}-R${row.refunds.length + 1}`, reference: input.refundReference, amount: input.amount, at: now.toISOString() };
        await setRefunds(tx, row.id, [...row.refunds, refund]);
        return { ok: true, refundId: refund.id, amount: refund.amount };
      });
    },

    async payerPays(code, id, now) {
      const row = await findPayment(db, code, id);
      if (!row) return { ok: false, payment: null };
      const to = need(code).approvesBeforeCapture ? 'approved' : 'paid';
      return afterPayer(await closeWithEvent(row, to, now, { payableAt: now }), code, id, now);
    },

    async payerDeclined(code, id, now) {
      const p = need(code);
      const row = await findPayment(db, code, id);
      if (!row) return { ok: false, payment: null };
      if (!p.declinesTestCard || row.status !== 'created' || row.expiresAt <= now) return { ok: false, payment: await lookup(code, id, now) };
      // Nothing changes on the payment: the session stays open for another card. Only the event is sent.
      const callbackId = await queueEvent(db, row, 'declined', now, await o.credentials(p.code));
      if (callbackId && !o.faults?.deferCallbacks) await provider.deliver(callbackId, now);
      return { ok: true, payment: row };
    },

    async capture(code, id, now) {
      const row = await lookup(code, id, now);
      if (!row) return { ok: false, payment: null };
      if (row.status === 'paid') return { ok: true, payment: row };
      if (row.status !== 'approved') return { ok: false, payment: row };
      const captured = await closeWithEvent(row, 'paid', now, { payableAt: now, from: ['approved'] });
      // Another capture (the webhook's and the payer's return racing) or the expiry won: answer what it left.
      if (!captured) return provider.capture(code, id, now);
      if (captured.callbackId && !o.faults?.deferCallbacks) await provider.deliver(captured.callbackId, now);
      return { ok: true, payment: captured.payment };
    },

    async payerCancels(code, id, now) {
      const row = await findPayment(db, code, id);
      if (!row) return { ok: false, payment: null };
      if (row.expiresAt <= now) return { ok: false, payment: await lookup(code, id, now) };
      return afterPayer(await closeWithEvent(row, 'canceled', now, { payableAt: now }), code, id, now);
    },

    async expireLapsed(now) {
      let count = 0;
      for (;;) {
        const rows = await lapsedPayments(db, now, BATCH);
        for (const row of rows) if (await closeWithEvent(row, 'expired', now, { lapsedAt: now })) count++;
        if (rows.length < BATCH || count >= MAX_PER_RUN) return count;
      }
    },

    async deliverDue(now) {
      let delivered = 0;
      let failed = 0;
      while (delivered + failed < MAX_PER_RUN) {
        const ids = await dueCallbackIds(db, now, BATCH);
        for (const id of ids) (await provider.deliver(id, now)) ? delivered++ : failed++;
        if (ids.length < BATCH) break;
      }
      return { delivered, failed };
    },

    async deliver(callbackId, now) {
      const row = await claimCallbackFor(callbackId, now);
      if (!row) return false;
      const { cb, p } = row;
      // Each attempt is signed when it is sent, as the channels do, so a timestamped signature is always fresh.
      const headers = { ...cb.headers, ...p.style.headersFor(cb.body, await o.credentials(p.code), new Date()) };
      let error: string;
      try {
        const answer = await o.transport({ url: cb.url, headers, body: cb.body, timeoutMs: p.ackTimeoutMs });
        if (p.style.acknowledged(answer)) {
          await markDelivered(db, cb.id, new Date());
          return true;
        }
        error = `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      // attempts counts this one; retrySeconds[n-1] is the wait before attempt n+1.
      const wait = p.retrySeconds[cb.attempts - 1];
      const next = wait === undefined ? GAVE_UP : new Date(now.getTime() + wait * 1000);
      await scheduleRetry(db, cb.id, next, wait === undefined ? `gave up after ${cb.attempts} attempts: ${error}` : error);
      return false;
    },
  };

  async function claimCallbackFor(id: string, now: Date) {
    // The lease must outlast the longest answer timeout of any channel, whichever this callback belongs to.
    const longest = Math.max(...o.profiles.map((p) => p.ackTimeoutMs));
    const cb = await claimCallback(db, id, now, new Date(now.getTime() + longest + LEASE_MS));
    if (!cb) return null;
    return { cb, p: need(cb.channel) };
  }

  return provider;
}

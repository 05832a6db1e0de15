import { randomUUID } from 'node:crypto';
import { CURRENCIES, type Currency } from '@portal/contract/currency';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from './sandbox/provider.ts';
import { toDecimal } from './sandbox/wire.ts';
import type { CallbackRequest } from './transport.ts';
import type { CallbackEvent, PaymentChannel } from './types.ts';

/** What the suite needs: the adapter, the provider behind it (to act as the payer), and the callbacks it sent. */
export interface ChannelHarness {
  channel: PaymentChannel;
  sandbox: SandboxProvider;
  /** Every callback the sandbox sent through the harness's transport, in order. */
  sent: CallbackRequest[];
  /** How the harness's transport answers: the channel's acknowledgement, a refusal, or a network failure. */
  answer: 'ack' | 'refuse' | 'fail';
}

const HOUR = 3_600_000;

/**
 * The one contract every payment channel passes, sandbox or real: create -> retrieve -> pay -> a signed callback that
 * verifies; tampered and stale callbacks refused; cancel; expiry; retries until acknowledged.
 */
export function paymentChannelContract(name: string, harness: () => ChannelHarness): void {
  describe(`payment channel contract: ${name}`, () => {
    const h = () => harness();
    const currencyOf = (c: PaymentChannel): Currency => (c.currencies.includes('CNY') ? 'CNY' : c.currencies[0]);

    async function open(over: { amount?: number; minutes?: number } = {}) {
      const { channel } = h();
      const merchantReference = randomUUID();
      const input = {
        merchantReference,
        amount: over.amount ?? 12_345,
        currency: currencyOf(channel),
        subject: 'Wallet top-up A00001',
        notifyUrl: `http://portal.test/order/v2/payments/callbacks/${channel.code}`,
        returnUrl: `http://portal.test/bills/wallet?payment=${merchantReference}`,
        expiresAt: new Date(Date.now() + (over.minutes ?? channel.paymentTimeoutMinutes) * 60_000),
      };
      const created = await channel.createPayment(input);
      return { ...input, ...created };
    }

    /** The verified events the channel sent about one payment. */
    async function eventsFor(channelPaymentId: string): Promise<{ req: CallbackRequest; event: CallbackEvent }[]> {
      const { channel, sent } = h();
      const mine = sent.filter((r) => r.url.endsWith(`/callbacks/${channel.code}`));
      const verified = await Promise.all(mine.map(async (req) => ({ req, v: await channel.verifyCallback(req.headers, req.body) })));
      return verified
        .filter((x): x is { req: CallbackRequest; v: { ok: true; event: CallbackEvent } } => x.v.ok && x.v.event?.channelPaymentId === channelPaymentId)
        .map(({ req, v }) => ({ req, event: v.event }));
    }

    /**
     * Where the payer only approves (PayPal), the merchant's adapter captures on the approval webhook or when it looks
     * the payment up; paid means captured. Each channel's paid payment is told in this many events.
     */
    const paidEvents = () => (h().sandbox.profile(h().channel.code)!.approvesBeforeCapture ? 2 : 1);

    async function paidCallback() {
      const p = await open();
      expect(await h().sandbox.payerPays(h().channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true });
      const [first] = await eventsFor(p.channelPaymentId);
      expect(first, 'a signed callback was sent when the payer paid').toBeDefined();
      return { p, ...first };
    }

    it('declares its currencies, fee and timeout', () => {
      const { channel } = h();
      expect(channel.code).toBe(name);
      expect(channel.currencies.length).toBeGreaterThan(0);
      for (const c of channel.currencies) expect(CURRENCIES).toContain(c);
      expect(Number.isInteger(channel.feeBp) && channel.feeBp >= 0 && channel.feeBp < 10_000).toBe(true);
      expect(channel.paymentTimeoutMinutes).toBeGreaterThanOrEqual(5);
      expect(channel.paymentTimeoutMinutes).toBeLessThanOrEqual(180);
    });

    it('creates a payment, answers the same one for the same merchant reference, and retrieves it', async () => {
      const { channel } = h();
      const p = await open();
      expect(p.redirectUrl).toContain(`/sandbox/${channel.code}/pay/`);
      const again = await channel.createPayment({ ...p });
      expect(again.channelPaymentId).toBe(p.channelPaymentId);
      await expect(channel.createPayment({ ...p, amount: p.amount + 1 })).rejects.toThrow();
      expect(await channel.retrievePayment(p.channelPaymentId)).toMatchObject({
        channelPaymentId: p.channelPaymentId,
        merchantReference: p.merchantReference,
        status: 'created',
        amount: p.amount,
        currency: p.currency,
        paidAt: null,
        redirectUrl: p.redirectUrl,
      });
      expect(await channel.retrievePayment('no-such-payment')).toBeNull();
    });

    it('refuses a currency it does not take', async () => {
      const { channel } = h();
      const foreign = CURRENCIES.find((c) => !channel.currencies.includes(c));
      if (!foreign) return;
      const ref = randomUUID();
      await expect(
        channel.createPayment({
          merchantReference: ref,
          amount: 100,
          currency: foreign,
          subject: 'x',
          notifyUrl: 'http://portal.test/n',
          returnUrl: 'http://portal.test/r',
          expiresAt: new Date(Date.now() + 600_000),
        }),
      ).rejects.toMatchObject({ reason: 'currency_not_supported' });
    });

    it('is paid on its page and calls back with a signed event that verifies', async () => {
      const { channel } = h();
      const { p, event, req } = await paidCallback();
      expect(event).toMatchObject({ channelPaymentId: p.channelPaymentId, merchantReference: p.merchantReference, status: 'paid', amount: p.amount, currency: p.currency });
      expect(event.eventId).toMatch(/\S{8,}/);
      expect(Math.abs(event.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(req.headers['content-type']).toBeTruthy();
      const after = await channel.retrievePayment(p.channelPaymentId);
      expect(after).toMatchObject({ status: 'paid', redirectUrl: null });
      expect(after!.paidAt).toBeInstanceOf(Date);
      // Paid is final: it cannot be canceled, paid again or canceled by the payer.
      expect(await channel.cancelPayment(p.channelPaymentId)).toEqual({ ok: false, reason: 'already_paid' });
      expect(await h().sandbox.payerPays(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: false });
      expect(await h().sandbox.payerCancels(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: false });
      // One paid event (PayPal: the approval, read as paid once captured, and the capture's own).
      const told = await eventsFor(p.channelPaymentId);
      expect(told.map((e) => e.event.status)).toEqual(Array(paidEvents()).fill('paid'));
      expect(new Set(told.map((e) => e.event.eventId)).size).toBe(paidEvents());
      const ack = channel.acknowledgement(true);
      expect(ack.status).toBeGreaterThanOrEqual(200);
      expect(ack.status).toBeLessThan(300);
      expect(channel.acknowledgement(false)).not.toEqual(ack);
    });

    it('refuses a tampered callback', async () => {
      const { channel } = h();
      const { p, req } = await paidCallback();
      const forgeries: string[] = [];
      for (const genuine of [toDecimal(p.amount, p.currency), String(p.amount), p.channelPaymentId, p.merchantReference]) {
        if (req.body.includes(genuine)) forgeries.push(req.body.replaceAll(genuine, genuine.replace(/\d/, (d) => String((Number(d) + 1) % 10))));
      }
      // Bodies that carry none of them in clear (an encrypted resource) are tampered anywhere.
      if (forgeries.length === 0) {
        const i = Math.floor(req.body.length / 2);
        forgeries.push(req.body.slice(0, i) + (req.body[i] === 'A' ? 'B' : 'A') + req.body.slice(i + 1));
      }
      for (const body of forgeries) {
        expect(body).not.toBe(req.body);
        expect(await channel.verifyCallback(req.headers, body)).toEqual({ ok: false, reason: 'bad_signature' });
      }
      // Channels that sign in headers refuse the body without them.
      const unsigned = { 'content-type': req.headers['content-type'] };
      if (Object.keys(req.headers).length > 1) expect(await channel.verifyCallback(unsigned, req.body)).toMatchObject({ ok: false });
      expect(await channel.verifyCallback(req.headers, '')).toMatchObject({ ok: false });
      expect(await channel.verifyCallback(req.headers, req.body)).toMatchObject({ ok: true });
    });

    it('refuses a callback whose signed time is too far from now', async () => {
      const { channel, sandbox } = h();
      const { req } = await paidCallback();
      if (sandbox.profile(channel.code)!.style.toleranceSeconds === null) {
        // The provider signs no time (YOP): a replay verifies, and settlement absorbs it (a paid event credits once).
        expect(await channel.verifyCallback(req.headers, req.body, new Date(Date.now() + 72 * HOUR))).toMatchObject({ ok: true });
        return;
      }
      expect(await channel.verifyCallback(req.headers, req.body, new Date(Date.now() + 72 * HOUR))).toEqual({ ok: false, reason: 'stale' });
      expect(await channel.verifyCallback(req.headers, req.body, new Date(Date.now() - 72 * HOUR))).toEqual({ ok: false, reason: 'stale' });
    });

    it('cancels an open payment, which then cannot be paid', async () => {
      const { channel, sandbox } = h();
      const p = await open();
      expect(await channel.cancelPayment(p.channelPaymentId)).toEqual({ ok: true, status: 'canceled' });
      expect(await channel.retrievePayment(p.channelPaymentId)).toMatchObject({ status: 'canceled', redirectUrl: null, paidAt: null });
      expect(await sandbox.payerPays(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: false });
      expect(await channel.cancelPayment(p.channelPaymentId)).toEqual({ ok: true, status: 'canceled' });
      expect(await channel.cancelPayment('no-such-payment')).toEqual({ ok: false, reason: 'not_found' });
      // The merchant closed it; it needs no callback to learn that.
      expect(await eventsFor(p.channelPaymentId)).toHaveLength(0);
    });

    it("calls back when the payer cancels on the channel's page", async () => {
      const { channel, sandbox } = h();
      const p = await open();
      expect(await sandbox.payerCancels(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true });
      expect(await channel.retrievePayment(p.channelPaymentId)).toMatchObject({ status: 'canceled' });
      // WeChat Pay, Alipay and PayPal notify nothing when the payer leaves their page: the merchant learns it by asking.
      if (!sandbox.profile(channel.code)!.style.notifies.includes('canceled')) {
        expect(await eventsFor(p.channelPaymentId)).toHaveLength(0);
        return;
      }
      const [e] = await eventsFor(p.channelPaymentId);
      // Some channels (Stripe Checkout) have no cancel event: an abandoned session expires.
      expect(['canceled', 'expired']).toContain(e?.event.status);
      expect(e.event).toMatchObject({ amount: p.amount, currency: p.currency, merchantReference: p.merchantReference });
    });

    it('expires a payment nobody paid in time, and calls back', async () => {
      const { channel, sandbox } = h();
      const p = await open();
      const later = new Date(p.expiresAt.getTime() + 1000);
      expect(await channel.retrievePayment(p.channelPaymentId, new Date(p.expiresAt.getTime() - 1000))).toMatchObject({ status: 'created' });
      expect(await sandbox.payerPays(channel.code, p.channelPaymentId, later)).toMatchObject({ ok: false, payment: { status: 'expired' } });
      expect(await channel.retrievePayment(p.channelPaymentId, later)).toMatchObject({ status: 'expired', redirectUrl: null });
      expect(await channel.cancelPayment(p.channelPaymentId, later)).toEqual({ ok: true, status: 'expired' });
      await sandbox.deliverDue(later);
      const events = await eventsFor(p.channelPaymentId);
      // WeChat Pay notifies successful payments only; the merchant's query (above) is how it learns of the closure.
      if (!sandbox.profile(channel.code)!.style.notifies.includes('expired')) {
        expect(events).toHaveLength(0);
        return;
      }
      expect(events.map((e) => e.event.status)).toEqual(['expired']);
      expect(events[0].event).toMatchObject({ amount: p.amount, merchantReference: p.merchantReference });
    });

    it("retries an unacknowledged callback on the channel's schedule until it is acknowledged", async () => {
      const { channel, sandbox } = h();
      const harnessOf = h();
      harnessOf.answer = 'refuse';
      try {
        const p = await open();
        const t0 = new Date();
        await sandbox.payerPays(channel.code, p.channelPaymentId, t0);
        // The deliveries of the first event (PayPal's capture, made when the approval is read, has its own).
        let firstId: string | undefined;
        const deliveries = async () => {
          const all = await eventsFor(p.channelPaymentId);
          firstId ??= all[0]?.event.eventId;
          return all.filter((e) => e.event.eventId === firstId);
        };
        expect(await deliveries()).toHaveLength(1);
        // Not due again straight away.
        await sandbox.deliverDue(new Date(t0.getTime() + 1000));
        expect(await deliveries()).toHaveLength(1);
        harnessOf.answer = 'fail';
        await sandbox.deliverDue(new Date(t0.getTime() + 3 * HOUR));
        expect(await deliveries()).toHaveLength(2);
        harnessOf.answer = 'ack';
        await sandbox.deliverDue(new Date(t0.getTime() + 30 * HOUR));
        expect(await deliveries()).toHaveLength(3);
        // Acknowledged: never sent again.
        await sandbox.deliverDue(new Date(t0.getTime() + 100 * HOUR));
        expect(await deliveries()).toHaveLength(3);
        const ids = new Set((await eventsFor(p.channelPaymentId)).map((e) => e.event.eventId));
        expect(ids.size, 'every delivery of an event carries its id').toBe(paidEvents());
      } finally {
        harnessOf.answer = 'ack';
      }
    });

    it('is captured by the merchant where the payer only approves (PayPal), on the approval webhook or on return', async () => {
      const { channel, sandbox } = h();
      if (!sandbox.profile(channel.code)!.approvesBeforeCapture) {
        // Elsewhere paying is paying: the channel's record is paid at once, and capturing has nothing to do.
        const p = await open();
        await sandbox.payerPays(channel.code, p.channelPaymentId, new Date());
        expect(await sandbox.lookup(channel.code, p.channelPaymentId, new Date())).toMatchObject({ status: 'paid' });
        return;
      }
      // The approval webhook: nothing is paid until the adapter, reading it, captures.
      const p = await open();
      expect(await sandbox.payerPays(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true, payment: { status: 'approved' } });
      expect(await sandbox.lookup(channel.code, p.channelPaymentId, new Date())).toMatchObject({ status: 'approved', paidAt: null });
      const mine = () => h().sent.filter((r) => r.url.endsWith(`/callbacks/${channel.code}`) && r.body.includes(p.channelPaymentId));
      expect(mine()).toHaveLength(1);
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r0', amount: 1, currency: p.currency })).toEqual({ ok: false, reason: 'not_paid' });
      expect(await channel.verifyCallback(mine()[0].headers, mine()[0].body)).toMatchObject({ ok: true, event: { status: 'paid', amount: p.amount } });
      expect(await sandbox.lookup(channel.code, p.channelPaymentId, new Date())).toMatchObject({ status: 'paid' });
      // The capture sent its own event; reading the approval again captures nothing more.
      expect(mine()).toHaveLength(2);
      expect(await channel.verifyCallback(mine()[0].headers, mine()[0].body)).toMatchObject({ ok: true, event: { status: 'paid' } });
      expect(mine()).toHaveLength(2);

      // The payer is back before any webhook: looking the payment up captures it.
      const q = await open();
      await sandbox.payerPays(channel.code, q.channelPaymentId, new Date());
      expect(await channel.retrievePayment(q.channelPaymentId)).toMatchObject({ status: 'paid', redirectUrl: null });
      expect((await eventsFor(q.channelPaymentId)).map((e) => e.event.status)).toEqual(['paid', 'paid']);

      // Approved and never captured: the order lapses like an unpaid one, and the approval then reads as expired.
      const r = await open();
      await sandbox.payerPays(channel.code, r.channelPaymentId, new Date());
      const approval = h().sent.filter((x) => x.body.includes(r.channelPaymentId)).at(-1)!;
      const later = new Date(r.expiresAt.getTime() + 1000);
      expect(await sandbox.expireLapsed(later)).toBeGreaterThanOrEqual(1);
      expect(await sandbox.lookup(channel.code, r.channelPaymentId, later)).toMatchObject({ status: 'expired' });
      expect(await sandbox.capture(channel.code, r.channelPaymentId, later)).toMatchObject({ ok: false, payment: { status: 'expired' } });
      expect(await channel.verifyCallback(approval.headers, approval.body)).toMatchObject({ ok: true, event: { status: 'expired' } });
    });

    it('keeps the payment open when the card is declined (Stripe), telling the merchant why', async () => {
      const { channel, sandbox } = h();
      const p = await open();
      if (!sandbox.profile(channel.code)!.declinesTestCard) {
        expect(await sandbox.payerDeclined(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: false });
        expect(h().sent.filter((r) => r.body.includes(p.merchantReference))).toHaveLength(0);
        return;
      }
      expect(await sandbox.payerDeclined(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true, payment: { status: 'created' } });
      expect(await channel.retrievePayment(p.channelPaymentId)).toMatchObject({ status: 'created', paidAt: null, redirectUrl: p.redirectUrl });
      const sent = h().sent.filter((r) => r.body.includes(p.merchantReference));
      expect(sent).toHaveLength(1);
      const v = await channel.verifyCallback(sent[0].headers, sent[0].body);
      expect(v).toMatchObject({ ok: true, event: null, notice: { merchantReference: p.merchantReference, failure: { code: 'card_declined', message: expect.any(String) } } });
      // Signed like every other event: altered, it is refused.
      expect(await channel.verifyCallback(sent[0].headers, sent[0].body.replace('card_declined', 'card_accepted'))).toEqual({ ok: false, reason: 'bad_signature' });
      // Not an outcome: no paid, canceled or expired event about the payment, and it can still be paid.
      expect(await eventsFor(p.channelPaymentId)).toHaveLength(0);
      expect(await sandbox.payerPays(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true });
      expect((await eventsFor(p.channelPaymentId)).map((e) => e.event.status)).toEqual(['paid']);
      // Once paid (or closed), a decline is no longer possible.
      expect(await sandbox.payerDeclined(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: false });
    });

    it('refunds a paid payment in parts, once per refund reference, never beyond what was paid', async () => {
      const { channel, sandbox } = h();
      const p = await open({ amount: 10_000 });
      const currency = currencyOf(channel);
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r-early', amount: 100, currency })).toEqual({ ok: false, reason: 'not_paid' });
      expect(await sandbox.payerPays(channel.code, p.channelPaymentId, new Date())).toMatchObject({ ok: true });
      // The merchant learns it is paid (PayPal: captures the approved order on looking it up).
      expect(await channel.retrievePayment(p.channelPaymentId)).toMatchObject({ status: 'paid' });
      const first = await channel.refundPayment(p.channelPaymentId, { refundReference: 'r1', amount: 6_000, currency });
      expect(first).toMatchObject({ ok: true, amount: 6_000 });
      // The same reference answers the same refund, whatever is asked the second time.
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r1', amount: 6_000, currency })).toEqual(first);
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r2', amount: 4_001, currency })).toEqual({ ok: false, reason: 'exceeds_paid' });
      const other = CURRENCIES.find((c) => c !== currency)!;
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r2', amount: 100, currency: other })).toEqual({ ok: false, reason: 'currency_mismatch' });
      expect(await channel.refundPayment(p.channelPaymentId, { refundReference: 'r2', amount: 4_000, currency })).toMatchObject({ ok: true, amount: 4_000 });
      expect(await channel.refundPayment('no-such-payment', { refundReference: 'r3', amount: 1, currency })).toEqual({ ok: false, reason: 'not_found' });
      // Concurrent refunds of the rest: the payment's lock lets exactly one through.
      const q = await open({ amount: 5_000 });
      await sandbox.payerPays(channel.code, q.channelPaymentId, new Date());
      expect(await channel.retrievePayment(q.channelPaymentId)).toMatchObject({ status: 'paid' });
      const both = await Promise.all(['a', 'b'].map((ref) => channel.refundPayment(q.channelPaymentId, { refundReference: ref, amount: 5_000, currency })));
      expect(both.filter((r) => r.ok)).toHaveLength(1);
    });
  });
}

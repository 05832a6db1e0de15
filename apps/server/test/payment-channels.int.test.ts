import { EXTERNAL_PAYMENT_CHANNELS } from '@portal/contract/api/agencies';
import { afterAll, beforeAll } from 'vitest';
import { paymentChannelContract, type ChannelHarness } from '../src/payments/contract.suite.ts';
import type { Payments } from '../src/payments/registry.ts';
import type { CallbackRequest } from '../src/payments/transport.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Every channel of the spec, against its sandbox, on the real database tables the sandbox keeps its books in.
let t: TestApp;
const sent: CallbackRequest[] = [];
const state = { answer: 'ack' as ChannelHarness['answer'] };

beforeAll(async () => {
  t = await createTestApp({
    payments: {
      // Stands for the merchant's endpoint: records what arrives and answers as the harness says.
      transport: async (req) => {
        sent.push(req);
        if (state.answer === 'fail') throw new Error('connection reset');
        const code = req.url.split('/').pop()!;
        const channel = payments().channels.get(code)!;
        const ack = channel.acknowledgement(state.answer === 'ack');
        return { status: ack.status, body: ack.body };
      },
    },
  });
});
afterAll(() => t?.close());

const payments = (): Payments => t.app.deps.payments;

for (const code of EXTERNAL_PAYMENT_CHANNELS) {
  paymentChannelContract(code, () => {
    const harness = {
      channel: payments().channels.get(code)!,
      sandbox: payments().sandbox!,
      sent,
      get answer() {
        return state.answer;
      },
      set answer(v: ChannelHarness['answer']) {
        state.answer = v;
      },
    };
    return harness;
  });
}

import { PAYMENT_CHANNELS, type PaymentConfigAnswer } from '@portal/contract/api/agencies';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentChannelRegistry } from '../../payments/registry.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { balances } from '../ledger/ledger.service.ts';
import { allowedChannels, settlementCurrencyOf } from './top-up-rules.ts';

/**
 * GET /order/v2/flight/config/payment: what the caller's agency may pay with right now. The channels its parent allows
 * (company payment settings), in the spec's order, each only if it takes the settlement currency; nothing when payment
 * is disabled. Balance and credit carry no fee.
 */
export async function paymentConfig(db: DbOrTx, channels: PaymentChannelRegistry, auth: AuthContext): Promise<PaymentConfigAnswer> {
  const company = auth.company;
  const currency = settlementCurrencyOf(company);
  const balance = await balances(db, company.id, currency);
  if (company.commonConfig.disablePayment) return { disablePayment: true, channels: [], balance };
  const allowed = new Set(allowedChannels(company));
  const offered = PAYMENT_CHANNELS.filter((code) => allowed.has(code)).flatMap((code): PaymentConfigAnswer['channels'] => {
    if (code === 'balance' || code === 'credit') return [{ channel: code, feeBp: 0, currencies: [currency] }];
    const channel = channels.get(code);
    if (!channel || !channel.currencies.includes(currency)) return [];
    return [{ channel: code, feeBp: channel.feeBp, currencies: [...channel.currencies] }];
  });
  return { disablePayment: false, channels: offered, balance };
}

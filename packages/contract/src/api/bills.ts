import { z } from 'zod';
import { MAX_AMOUNT_MINOR, positiveAmount } from '../amounts.ts';
import { CURRENCIES } from '../currency.ts';
import { Balances, CreditPeriod, PAYMENT_CHANNELS } from './agencies.ts';
import { PageQuery, Paged } from './common.ts';
import { PaymentFailure } from './payment-failure.ts';

/**
 * Wallet and invoicing (spec points 2 and 3: /bills/wallet, /bills/transactions, /bills/statements and the agency
 * manager's statements and bills). Everything here is derived from the ledger journal; amounts are integer minor units.
 */

/**
 * Wallet entry types: the spec's six plus the other movement reasons an agency's cash account sees. `hold` is money
 * reserved for an order being paid, `hold-release`/`hold-expire` its return; `reversal` corrects an earlier entry.
 */
export const WALLET_ENTRY_TYPES = [
  'top-up',
  'refund-to-channel',
  'origin-flight',
  'origin-train',
  'refund-flight',
  'change-flight',
  'void-flight',
  'refund-train',
  'change-train',
  'void-train',
  'refund-change-flight',
  'group-deposit',
  'group-final',
  'origin-hotel',
  'refund-hotel',
  'hold',
  'hold-capture',
  'hold-release',
  'hold-expire',
  'reversal',
] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
export const MonthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.month');

export const WalletEntry = z.object({
  id: z.string(),
  movementId: z.string(),
  /** When the money moved. */
  paymentTime: z.string(),
  /** The order the movement belongs to, when it belongs to one. */
  orderId: z.string().nullable(),
  /** The transaction reference (top-up or channel payment), or the movement id. */
  paymentReference: z.string(),
  /** Signed: positive into the wallet, negative out of it. */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Cash balance right after this entry. */
  balanceAfter: z.number().int(),
  description: z.string(),
  type: z.enum(WALLET_ENTRY_TYPES),
}).meta({ id: 'WalletEntry' });
export type WalletEntry = z.infer<typeof WalletEntry>;

export const WalletEntryQuery = PageQuery.extend({
  type: z.enum(WALLET_ENTRY_TYPES).optional(),
  from: DateString.optional(),
  to: DateString.optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Agency manager only: a sub-agency's wallet instead of the caller's own. */
  companyId: z.string().uuid().optional(),
});
export type WalletEntryQuery = z.input<typeof WalletEntryQuery>;
export const WalletEntryPage = Paged(WalletEntry);

/** GET /base/v2/wallet?companyId=: an agency manager may read a sub-agency's wallet. */
export const WalletSummaryQuery = z.object({ companyId: z.string().uuid().optional() });

/** GET /base/v2/wallet: balances per currency the agency holds money in (the settlement currency first). */
export const WalletSummary = z.object({
  companyId: z.string(),
  settlementCurrency: z.enum(CURRENCIES),
  creditPeriod: CreditPeriod,
  balances: z.array(Balances),
});
export type WalletSummary = z.infer<typeof WalletSummary>;

export const TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_KINDS = ['top-up', 'payment', 'refund'] as const;
/** Bank transfer: money the parent received off-line and recorded as a top-up. */
export const TRANSACTION_METHODS = [...PAYMENT_CHANNELS, 'bank-transfer'] as const;
export type TransactionMethod = (typeof TRANSACTION_METHODS)[number];

/** Spec point 3, Transaction (All Transactions). */
export const Transaction = z.object({
  /** Reference ID. */
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  /** Original ID: the order or top-up the money is for. */
  originId: z.string().nullable(),
  method: z.enum(TRANSACTION_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  /** Total Amount Paid, in the currency it was paid in. */
  gross: z.number().int(),
  grossCurrency: z.enum(CURRENCIES),
  /** Net in the agency's currency, after the handling fee. */
  net: z.number().int(),
  netCurrency: z.enum(CURRENCIES),
  /** Handling Fee, in the gross currency. */
  fee: z.number().int(),
  exchangeRate: z.string().nullable(),
  /** Bank or channel reference. */
  externalReference: z.string().nullable(),
  paymentTime: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

export const TransactionQuery = PageQuery.extend({
  method: z.enum(TRANSACTION_METHODS).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  kind: z.enum(TRANSACTION_KINDS).optional(),
  from: DateString.optional(),
  to: DateString.optional(),
  /** Reference ID, Original ID or external reference. */
  keyword: z.string().trim().max(64).optional(),
  companyId: z.string().uuid().optional(),
});
export type TransactionQuery = z.input<typeof TransactionQuery>;
export const TransactionPage = Paged(Transaction);

/** A monthly statement of one agency in one currency (spec point 3, Statement: invoice month, generated time). */
export const Statement = z.object({
  id: z.string(),
  companyId: z.string(),
  companyCode: z.string(),
  companyName: z.string(),
  /** Invoice month, YYYY-MM. */
  month: z.string(),
  currency: z.enum(CURRENCIES),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  totalIn: z.number().int(),
  totalOut: z.number().int(),
  entryCount: z.number().int(),
  creditLimit: z.number().int(),
  /** Credit used at the end of the month: the amount due. */
  amountDue: z.number().int(),
  /** When the amount due must be paid: month end plus the credit period; null when nothing is due. */
  dueDate: z.string().nullable(),
  generatedAt: z.string(),
  /**
   * false while the month is still running (or the statement was last computed before it ended): such a statement is
   * recomputed on each generation. A finished month's statement, once generated, never changes.
   */
  final: z.boolean(),
}).meta({ id: 'Statement' });
export type Statement = z.infer<typeof Statement>;

export const StatementQuery = PageQuery.extend({
  /** Agency manager: one sub-agency's statements; otherwise the caller's own. */
  companyId: z.string().uuid().optional(),
  /** Agency manager: statements of every sub-agency. */
  scope: z.enum(['own', 'subAgencies']).default('own'),
  month: MonthString.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type StatementQuery = z.input<typeof StatementQuery>;
export const StatementPage = Paged(Statement);

/** POST /base/v2/sub/statements: generate a statement now: a finished month (final) or the running month (provisional). */
export const GenerateStatementBody = z.object({
  companyId: z.string().uuid().optional(),
  month: MonthString,
  /** Defaults to the agency's settlement currency. */
  currency: z.enum(CURRENCIES, 'validation.currency').optional(),
});
export type GenerateStatementBody = z.input<typeof GenerateStatementBody>;

export const StatementDay = z.object({ date: z.string(), in: z.number().int(), out: z.number().int(), balance: z.number().int() });
export type StatementDay = z.infer<typeof StatementDay>;

/** GET /base/v2/sub/statements/{companyId}/{month}?currency=: the statement with its entries and daily series. */
export const StatementDetail = Statement.extend({
  entries: z.array(WalletEntry),
  days: z.array(StatementDay),
  showInvoiceType: z.boolean(),
});
export type StatementDetail = z.infer<typeof StatementDetail>;

export const StatementParams = z.object({ companyId: z.string().uuid(), month: MonthString });
export const StatementDetailQuery = z.object({ currency: z.enum(CURRENCIES).optional() });

/** Online wallet top-up through an external channel: create, send the user to the hosted page, poll the outcome. */
export const CreateWalletPaymentBody = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  // A tenth of the ledger's largest movement: an online payment is a card or wallet charge, never a bulk transfer.
  amount: positiveAmount(MAX_AMOUNT_MINOR / 10),
  currency: z.enum(CURRENCIES, 'validation.currency'),
});
export type CreateWalletPaymentBody = z.infer<typeof CreateWalletPaymentBody>;

export const WalletPayment = z.object({
  id: z.string(),
  channel: z.enum(PAYMENT_CHANNELS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  fee: z.number().int(),
  /** What the wallet receives: amount minus the channel's fee, in the same currency. */
  net: z.number().int(),
  /** The channel's hosted payment page; null once the payment is final. */
  redirectUrl: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  paymentTime: z.string().nullable(),
  /** Why the last attempt failed while the payment stayed open (a declined card); null once paid or never failed. */
  failure: PaymentFailure.nullable(),
}).meta({ id: 'WalletPayment' });
export type WalletPayment = z.infer<typeof WalletPayment>;

/**
 * GET /order/v2/payments/{id}: a channel payment of the caller's agency as the order pages read it when the payer comes
 * back from the channel's page (flight and group orders; the wallet's and the train orders' answers carry the same
 * `failure` themselves).
 */
export const ChannelPaymentState = z
  .object({
    id: z.string(),
    channel: z.enum(PAYMENT_CHANNELS),
    status: z.enum(TRANSACTION_STATUSES),
    failure: PaymentFailure.nullable(),
  })
  .meta({ id: 'ChannelPaymentState' });
export type ChannelPaymentState = z.infer<typeof ChannelPaymentState>;

/** POST /base/v2/wallet/entries/export: the list's filters, every matching row (at most WALLET_EXPORT_MAX_ROWS). */
export const WalletEntryExportBody = WalletEntryQuery.omit({ page: true, pageSize: true });
export type WalletEntryExportBody = z.input<typeof WalletEntryExportBody>;

/** POST /base/v2/transactions/export: the list's filters, every matching row (at most WALLET_EXPORT_MAX_ROWS). */
export const TransactionExportBody = TransactionQuery.omit({ page: true, pageSize: true });
export type TransactionExportBody = z.input<typeof TransactionExportBody>;

/** Exports refuse (400, bills.export.tooMany) rather than cut a list short. */
export const WALLET_EXPORT_MAX_ROWS = 10_000;

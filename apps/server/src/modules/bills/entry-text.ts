import { INVOICE_TYPES } from '@portal/contract/api/shopping';
import { TRANSACTION_METHODS, WALLET_ENTRY_TYPES, type Transaction, type WalletEntry, type WalletEntryType } from '@portal/contract/api/bills';
import { formatMoney, type Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { isMessageKey, translate, type MessageKey } from '@portal/contract/messages';
import type { EntryRow, TransactionRow } from './bills.repository.ts';

/** How journal rows read on screen and in workbooks: entry type, order, reference and a localized description. */

export type InvoiceType = (typeof INVOICE_TYPES)[number];

const ORDER_REFERENCE = /(^|-)order$/;
const isOrderRef = (type: string | null): boolean => type !== null && ORDER_REFERENCE.test(type);

/** The order a movement belongs to: named directly, through the hold it settles, or through its transaction. */
export function orderIdOf(r: EntryRow): string | null {
  if (isOrderRef(r.referenceType)) return r.referenceId;
  if (r.referenceType === 'hold' && isOrderRef(r.holdReferenceType)) return r.holdReferenceId;
  if (r.txId && isOrderRef(r.txOriginType)) return r.txOriginId;
  return null;
}

const label = (prefix: string, value: string, lang: Language): string => {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? translate(key as MessageKey, lang) : value;
};

export const typeLabel = (type: string, lang: Language) => label('bills.type', type, lang);
export const methodLabel = (method: string, lang: Language) => label('bills.method', method, lang);
export const kindLabel = (kind: string, lang: Language) => label('bills.kind', kind, lang);
export const statusLabel = (status: string, lang: Language) => label('bills.status', status, lang);
export const invoiceLabel = (invoice: InvoiceType, lang: Language) => label('bills.invoice', invoice, lang);

function describe(r: EntryRow, orderId: string | null, lang: Language, order: string | null): string {
  const type = typeLabel(r.reason, lang);
  if (r.reason === 'top-up' && r.txId) {
    return translate('bills.entry.topUp', lang, { method: methodLabel(r.txMethod ?? '', lang), reference: r.txExternalReference ?? r.txId });
  }
  if (r.reason === 'reversal' && r.referenceId) return translate('bills.entry.reversal', lang, { movement: r.referenceId });
  const fee = r.result?.serviceFee;
  // After-sales amounts include the agency's service fee (flight config): the statement says how much.
  if (orderId && typeof fee === 'number' && fee > 0) {
    return translate('bills.entry.orderWithFee', lang, { type, order: order ?? orderId, fee: formatMoney(fee, r.currency as Currency), currency: r.currency });
  }
  if (orderId) return translate('bills.entry.order', lang, { type, order: order ?? orderId });
  return type;
}

/**
 * Invoice type on the Excel bill: None for anything that is not an order (top-ups, corrections). An order's own
 * invoice type arrives with the orders issue, recorded on the movement (`result.invoiceType`); until then an order's
 * entry is on the agency's bill.
 */
export function invoiceTypeOf(r: EntryRow, orderId: string | null): InvoiceType {
  if (!orderId) return 'None';
  const recorded = r.result?.invoiceType;
  return typeof recorded === 'string' && (INVOICE_TYPES as readonly string[]).includes(recorded) ? (recorded as InvoiceType) : 'Bill';
}

export type DescribedEntry = WalletEntry & { invoiceType: InvoiceType };

/** `bookingNumbers`: the entries' orders by id (bookingNumbersOf), so descriptions name the booking number. */
export function toWalletEntry(r: EntryRow, lang: Language, bookingNumbers: ReadonlyMap<string, string> = new Map()): DescribedEntry {
  if (!(WALLET_ENTRY_TYPES as readonly string[]).includes(r.reason)) throw new Error(`cash entry with unexpected reason ${r.reason}`);
  const orderId = orderIdOf(r);
  return {
    id: r.id,
    movementId: r.movementId,
    paymentTime: r.createdAt.toISOString(),
    orderId,
    paymentReference: r.txId ?? r.movementId,
    amount: r.amount,
    currency: r.currency as Currency,
    balanceAfter: r.balanceAfter,
    description: describe(r, orderId, lang, orderId ? (bookingNumbers.get(orderId) ?? null) : null),
    type: r.reason as WalletEntryType,
    invoiceType: invoiceTypeOf(r, orderId),
  };
}

export function toTransaction(t: TransactionRow): Transaction {
  if (!(TRANSACTION_METHODS as readonly string[]).includes(t.method)) throw new Error(`transaction with unexpected method ${t.method}`);
  return {
    id: t.id,
    kind: t.kind,
    originId: t.originId ?? (t.kind === 'top-up' ? t.id : null),
    method: t.method,
    status: t.status,
    gross: t.grossAmount,
    grossCurrency: t.grossCurrency as Currency,
    net: t.netAmount,
    netCurrency: t.netCurrency as Currency,
    fee: t.feeAmount,
    exchangeRate: t.exchangeRate,
    externalReference: t.externalReference,
    paymentTime: t.paidAt ? t.paidAt.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
  };
}

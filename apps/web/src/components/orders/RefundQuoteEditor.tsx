import { Alert, Checkbox, Flex, Form, Select, Skeleton, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../AmountInput';
import { amountRule, moneyBounds } from '../../lib/amount-rule';
import { api } from '../../lib/api';
import { formatAmount } from '../../lib/format';

/** One passenger's fees as the desk sets them, in major units of the order currency. */
export interface QuoteLineValues {
  passengerId: string;
  name: string;
  notRefundable: boolean;
  refundFee: number | null;
  serviceFee: number | null;
}

export interface QuoteValues {
  /** 'rules': leave it to the server (the request's reason and the evidence). */
  involuntary: 'rules' | 'yes' | 'no';
  adjust: boolean;
  lines: QuoteLineValues[];
}

/** The refund order the desk is about to quote (its request names the passengers, a former quote their fees). */
export function useDeskOrder(id: string | null) {
  return useQuery({
    queryKey: ['orders-desk', 'order', id],
    queryFn: ({ signal }) => api.get<FlightOrder>(`/order/v2/flight/orders/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    // A refresh while the desk edits the fees would put the fields back to where they started.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

const major = (minor: number, currency: Currency) => minor / 10 ** minorDigits(currency);
export const toMinor = (value: number, currency: Currency) => Math.round(value * 10 ** minorDigits(currency));

/**
 * Where the fee fields start: the current quote's (a new version of it), else empty for the desk to fill in. Lines
 * name the original booking's passengers, as the request does; their names come from the quote or the order's copies.
 */
export function quoteDefaults(order: FlightOrder): QuoteValues {
  const r = order.request;
  const quote = r?.refundQuote;
  const c = order.currency;
  const lines: QuoteLineValues[] = quote
    ? quote.lines.map((l) => ({ passengerId: l.passengerId, name: l.name, notRefundable: l.refundFee === null, refundFee: l.refundFee === null ? null : major(l.refundFee, c), serviceFee: major(l.serviceFee, c) }))
    : (r?.passengerIds ?? []).map((id, i) => {
        const p = order.passengers[i];
        return { passengerId: id, name: p ? `${p.surname}/${p.givenNames}` : `#${i + 1}`, notRefundable: false, refundFee: null, serviceFee: null };
      });
  return { involuntary: 'rules', adjust: false, lines };
}

/**
 * Approving a refund request sends the quote: by default the fare rules' own (nothing extra is sent); the desk may
 * decide involuntary or not, and set the fare's refund fee (or "not refundable") and the service fee per passenger.
 */
export function RefundQuoteEditor({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<QuoteValues>();
  const adjust = Form.useWatch('adjust', form);
  // The names and passenger ids have no field of their own: watch the whole store, not only the registered fields.
  const lines = Form.useWatch('lines', { form, preserve: true }) as QuoteLineValues[] | undefined;
  const c = order.currency;
  const digits = minorDigits(c);
  const rule = amountRule(t, moneyBounds(c, { min: 0 }));
  const quote = order.request?.refundQuote;

  return (
    <Flex vertical gap={8} data-testid="quote-editor" style={{ marginBottom: 16 }}>
      {quote && (
        <Typography.Text type="secondary">
          {t('orders.desk.quote.current', { version: quote.version, total: formatAmount(quote.total, quote.currency) })}
        </Typography.Text>
      )}
      <Form.Item name="involuntary" label={t('orders.desk.quote.involuntary')} extra={t('orders.desk.quote.involuntaryHint')}>
        <Select
          options={[
            { value: 'rules', label: t('orders.desk.quote.byRules') },
            { value: 'yes', label: t('orders.desk.quote.involuntaryYes') },
            { value: 'no', label: t('orders.desk.quote.involuntaryNo') },
          ]}
        />
      </Form.Item>
      <Form.Item name="adjust" valuePropName="checked" label={t('orders.desk.quote.adjust')} extra={t('orders.desk.quote.adjustHint')}>
        <Switch />
      </Form.Item>
      {adjust && (
        <Form.List name="lines">
          {(fields) => (
            <Flex vertical gap={8}>
              {fields.length === 0 && <Alert type="warning" showIcon title={t('orders.desk.quote.noPassengers')} />}
              {fields.map((field) => {
                const line = lines?.[field.name];
                return (
                  <Flex key={field.key} vertical gap={4} style={{ padding: 8, background: '#fafafa', borderRadius: 6 }} data-testid="quote-line">
                    <Typography.Text strong>{line?.name}</Typography.Text>
                    <Flex gap={12} wrap align="flex-start">
                      <Form.Item name={[field.name, 'notRefundable']} valuePropName="checked" style={{ marginBottom: 0, flex: '1 1 100%' }}>
                        <Checkbox>{t('orders.desk.quote.notRefundable')}</Checkbox>
                      </Form.Item>
                      {!line?.notRefundable && (
                        <Form.Item
                          name={[field.name, 'refundFee']}
                          label={t('orders.desk.quote.refundFee', { currency: c })}
                          rules={[{ required: true, message: t('orders.desk.quote.required') }, rule]}
                          style={{ marginBottom: 0, flex: '1 1 160px' }}
                        >
                          <AmountInput<number> decimals={digits} />
                        </Form.Item>
                      )}
                      <Form.Item
                        name={[field.name, 'serviceFee']}
                        label={t('orders.desk.quote.serviceFee', { currency: c })}
                        rules={[{ required: true, message: t('orders.desk.quote.required') }, rule]}
                        style={{ marginBottom: 0, flex: '1 1 160px' }}
                      >
                        <AmountInput<number> decimals={digits} />
                      </Form.Item>
                    </Flex>
                  </Flex>
                );
              })}
            </Flex>
          )}
        </Form.List>
      )}
    </Flex>
  );
}

/** Shown while the order the quote is for loads, or when it cannot. */
export function QuoteEditorState({ loading, error }: { loading: boolean; error: Error | null }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <Alert type="error" showIcon title={t('orders.desk.quote.loadError')} description={error?.message} />;
}

import { useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Table, Tag, Typography, type TableProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RefundQuote, RefundQuoteLine } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { Countdown } from '../../../../components/orders/Countdown';
import { remaining, useNow } from '../../../../components/orders/countdown';
import { ApiError } from '../../../../lib/api';
import { formatAmount, formatDateTime } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { confirmRefund } from '../../api/confirm-refund';
import { useIntentKey } from '../../model/intent-key';
import { QuoteMoney, QuotePassenger } from './quote-parts';

interface Props {
  order: FlightOrder;
  quote: RefundQuote;
  dateFormat: string;
  /** The order as the server answered (confirmed), or nothing when it only needs reloading. */
  onChanged: (order?: FlightOrder) => void;
}

/**
 * The refund quote per passenger (paid, tax, the fare's refund fee or "not refundable", the service fee, the amount
 * back) and, while the order waits for it, the confirmation before the quote lapses.
 */
export function RefundQuoteCard({ order, quote, dateFormat, onChanged }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const intent = useIntentKey();
  const c = quote.currency;
  const money = (v: number) => <QuoteMoney value={v} currency={c} />;
  const canConfirm = order.actions.includes('confirmRefund');
  const lapsed = quote.expiresAt ? remaining(quote.expiresAt, now).expired : false;

  const confirm = useMutation({
    mutationFn: (key: string) => confirmRefund(order.id, quote.version, key),
    onSuccess: (next) => {
      intent.settled();
      setAsking(false);
      notify.success(t('orders.afterSales.quote.confirmed'));
      onChanged(next);
    },
    onError: (err) => {
      intent.settled(err);
      setAsking(false);
      setError(err.message || t('orders.afterSales.quote.failed'));
      // The quote moved on (a new version from the desk, lapsed): show the order as it is now.
      if (err instanceof ApiError && (err.code === Code.ORDER_STATE || err.code === Code.CONFLICT)) onChanged();
    },
  });

  const columns: TableProps<RefundQuoteLine>['columns'] = [
    {
      key: 'name',
      title: t('orders.afterSales.quote.passenger'),
      render: (_, l) => <QuotePassenger line={l} />,
    },
    { key: 'paid', title: t('orders.afterSales.quote.paid'), align: 'right', render: (_, l) => money(l.paid) },
    { key: 'tax', title: t('orders.afterSales.quote.tax'), align: 'right', render: (_, l) => money(l.tax) },
    {
      key: 'refundFee',
      title: t('orders.afterSales.quote.refundFee'),
      align: 'right',
      render: (_, l) =>
        l.refundFee === null ? (
          <Typography.Text type="warning" style={{ whiteSpace: 'nowrap' }} data-testid="not-refundable">
            {t('orders.afterSales.quote.notRefundable')}
          </Typography.Text>
        ) : (
          money(l.refundFee)
        ),
    },
    { key: 'serviceFee', title: t('orders.afterSales.quote.serviceFee'), align: 'right', render: (_, l) => money(l.serviceFee) },
    { key: 'refundAmount', title: t('orders.afterSales.quote.refundAmount'), align: 'right', render: (_, l) => <Typography.Text strong>{money(l.refundAmount)}</Typography.Text> },
  ];

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{order.type === 'void' ? t('orders.afterSales.quote.voidTitle') : t('orders.afterSales.quote.title')}</span>
          {order.type !== 'void' && <Tag style={{ marginInlineEnd: 0 }}>{t('orders.afterSales.quote.version', { version: quote.version })}</Tag>}
          {quote.involuntary && (
            <Tag color="green" style={{ marginInlineEnd: 0 }}>
              {t('orders.afterSales.request.involuntary')}
            </Tag>
          )}
        </Flex>
      }
      data-testid="refund-quote"
    >
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon title={error} />}
        {quote.lines.some((l) => l.refundFee === null) && <Alert type="warning" showIcon title={t('orders.afterSales.quote.taxesOnly')} />}
        <Table<RefundQuoteLine> rowKey="passengerId" size="small" columns={columns} dataSource={quote.lines} pagination={false} scroll={{ x: 'max-content' }} />
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={2}>
            <Typography.Text>
              {t('orders.afterSales.quote.totalBack')}{' '}
              <Typography.Text strong style={{ fontSize: 18 }} data-testid="quote-total">
                {formatAmount(quote.total, c)}
              </Typography.Text>
            </Typography.Text>
            {canConfirm && quote.expiresAt && (
              <Flex gap={8} wrap align="center">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('orders.afterSales.quote.confirmBefore', { time: formatDateTime(quote.expiresAt, dateFormat) })}
                </Typography.Text>
                {!lapsed && <Countdown deadline={quote.expiresAt} />}
              </Flex>
            )}
          </Flex>
          {canConfirm && (
            <Button type="primary" disabled={lapsed} onClick={() => setAsking(true)}>
              {lapsed ? t('orders.afterSales.quote.lapsed') : t('orders.afterSales.quote.confirm', { amount: formatAmount(quote.total, c) })}
            </Button>
          )}
        </Flex>
        {canConfirm && lapsed && <Alert type="warning" showIcon title={t('orders.afterSales.quote.lapsedHint')} />}
      </Flex>
      <Modal
        open={asking}
        title={t('orders.afterSales.quote.askTitle', { booking: order.bookingNumber })}
        okText={t('orders.afterSales.quote.askOk')}
        cancelText={t('orders.common.back')}
        confirmLoading={confirm.isPending}
        okButtonProps={{ disabled: lapsed }}
        onOk={() => {
          setError(null);
          confirm.mutate(intent.keyFor(`confirm:${quote.version}`));
        }}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph style={{ margin: 0 }}>{t('orders.afterSales.quote.askBody', { amount: formatAmount(quote.total, c) })}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainChannelPayment } from '@portal/contract/api/train-payments';
import type { TrainOrder } from '@portal/contract/api/trains';
import { PaymentFailureNotice } from '../../../components/payments/PaymentFailureNotice';
import { formatTrainPrice } from '../../../components/train/train-money';
import { useTrainChannelPayment } from '../api/train-channel-payment';

type Shown = { type: 'info' | 'success' | 'warning' | 'error'; key: string };

/** What the payer reads about the payment they came back from, by its outcome and the order as it now stands. */
export function returnMessage(p: TrainChannelPayment): Shown {
  switch (p.outcome) {
    case 'pending':
      return { type: 'info', key: 'trainPay.return.pending' };
    case 'closed':
      return { type: 'warning', key: 'trainPay.return.closed' };
    case 'credited':
      return { type: 'warning', key: 'trainPay.return.credited' };
    case 'paid':
      if (p.orderStatus === 'issued' || p.orderStatus === 'partially_refunded' || p.orderStatus === 'refunded') return { type: 'success', key: 'trainPay.return.issued' };
      if (p.orderStatus === 'manual_ticketing') return { type: 'success', key: 'trainPay.return.manual' };
      if (p.orderStatus === 'failed') return { type: 'warning', key: 'trainPay.return.failed' };
      return { type: 'info', key: 'trainPay.return.ticketing' };
  }
}

/**
 * The order page opened back from a channel's hosted page (?payment=, the return URL the server gave the channel): the
 * payment's outcome, asked again while the channel has not confirmed. Each change of what it says refreshes the
 * order (`onChanged`), whose own query then follows ticketing. Renders nothing on an ordinary visit.
 */
export function TrainPaymentReturn({ order, onChanged }: { order: Pick<TrainOrder, 'id' | 'status'>; onChanged: () => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const [since] = useState(() => Date.now());
  const payment = useTrainChannelPayment(order.id, paymentId, since);
  const seen = useRef<string | null>(null);
  const data = payment.data;
  const shown = data ? returnMessage({ ...data, orderStatus: data.outcome === 'paid' ? order.status : data.orderStatus }) : null;

  // The payment settled (or its order moved): the order on the page is stale until it is read again.
  const state = data ? `${data.outcome}:${data.orderStatus}` : null;
  useEffect(() => {
    if (!state || seen.current === state) return;
    const first = seen.current === null;
    seen.current = state;
    if (!first || !state.startsWith('pending')) onChanged();
  }, [state, onChanged]);

  if (!paymentId) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete('payment');
        return p;
      },
      { replace: true },
    );
  if (payment.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('trainPay.return.loadFailed')}
        description={payment.error.message}
        action={
          <Button size="small" onClick={() => void payment.refetch()}>
            {t('trains.orders.retry')}
          </Button>
        }
        data-testid="train-payment-return"
      />
    );
  }
  if (!data || !shown) return <Alert type="info" showIcon title={t('trainPay.return.checking')} data-testid="train-payment-return" />;
  const message = (
    <Alert
      type={shown.type}
      showIcon
      closable
      onClose={dismiss}
      title={t(shown.key, { amount: formatTrainPrice(data.amount), channel: t(`orders.channels.${data.channel}`), status: t(`trains.orders.status.${data.orderStatus}`) })}
      data-testid="train-payment-return"
    />
  );
  // A declined card leaves the payment open (or the payer gave up after it): say why beside the outcome.
  if (!data.failure || data.outcome === 'paid' || data.outcome === 'credited') return message;
  return (
    <Flex vertical gap={8}>
      {message}
      <PaymentFailureNotice failure={data.failure} />
    </Flex>
  );
}

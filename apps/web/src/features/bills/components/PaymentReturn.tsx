import { useEffect } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WalletPayment } from '@portal/contract/api/bills';
import { PaymentFailureNotice } from '../../../components/payments/PaymentFailureNotice';
import { formatAmount } from '../../../lib/format';
import { billsKeys } from '../api/bills-keys';
import { useWalletPayment } from '../api/wallet-payments';

interface Props {
  /** The payment the channel sent the user back for (?payment=). */
  paymentId: string;
  onDismiss: () => void;
}

const TONE = { succeeded: 'success', canceled: 'warning', expired: 'warning', failed: 'error' } as const;

/**
 * Back from the channel's page: the channel's confirmation may arrive a moment after the user does, so ask until the
 * payment is no longer pending, then say what happened and, when money came in, refresh every wallet figure.
 */
export function PaymentReturn({ paymentId, onDismiss }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const payment = useWalletPayment(paymentId);
  const status = payment.data?.status;

  useEffect(() => {
    if (status !== 'succeeded') return;
    void client.invalidateQueries({
      queryKey: billsKeys.all,
      predicate: (q) => q.queryKey[1] !== 'payment',
    });
  }, [status, client]);

  const close = (
    <Button size="small" onClick={onDismiss}>
      {t('bills.payment.dismiss')}
    </Button>
  );

  if (payment.isError && !payment.data) {
    return <Alert type="error" showIcon title={t('bills.payment.errors.load')} description={payment.error.message} action={close} />;
  }
  if (!payment.data || payment.data.status === 'pending') {
    return (
      <Flex vertical gap={8}>
        <Alert
          type="info"
          role="status"
          icon={<Spin size="small" />}
          showIcon
          title={t('bills.payment.pending')}
          description={payment.data ? describe(payment.data, t) : t('bills.payment.pendingHint')}
        />
        {/* A declined card leaves the payment open: the payer may try another card on the channel's page. */}
        <PaymentFailureNotice failure={payment.data?.failure} />
      </Flex>
    );
  }
  const p = payment.data;
  const tone = TONE[p.status as keyof typeof TONE];
  return (
    <Flex vertical gap={8}>
      <Alert
        type={tone}
        role="status"
        showIcon
        title={t(`bills.payment.result.${p.status}`, { channel: t(`bills.channels.${p.channel}`) })}
        description={
          <Flex vertical gap={4}>
            <span>{describe(p, t)}</span>
            {p.status === 'succeeded' && <span>{t('bills.payment.credited', { amount: formatAmount(p.net, p.currency) })}</span>}
          </Flex>
        }
        action={close}
      />
      {/* Why the last card was declined, when the payer gave up after it (a success clears it). */}
      <PaymentFailureNotice failure={p.failure} />
    </Flex>
  );
}

function describe(p: WalletPayment, t: TFunction): string {
  return t('bills.payment.describe', {
    amount: formatAmount(p.amount, p.currency),
    fee: formatAmount(p.fee, p.currency),
    channel: t(`bills.channels.${p.channel}`),
  });
}

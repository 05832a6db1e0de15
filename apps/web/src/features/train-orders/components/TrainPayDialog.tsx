import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { TrainOrder } from '@portal/contract/api/trains';
import { feePercent, payChoices } from '../../../components/payments/pay-choices';
import { redirectTo } from '../../../components/payments/redirect';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { formatTrainPrice } from '../../../components/train/train-money';
import { payTrainOrder, useTrainPaymentConfig } from '../api/train-orders';

/**
 * Trains are paid with the agency's methods: balance or credit at once (the railway issues the tickets on payment), or
 * a payment channel that takes CNY, whose hosted page the agent is sent to with the channel's fee on top; the channel
 * brings the payer back to this order, which shows the outcome (TrainPaymentReturn).
 */

interface Props {
  order: TrainOrder;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function TrainPayDialog({ order, open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const config = useTrainPaymentConfig(open);
  const [picked, setPicked] = useState<PaymentChannelCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per attempt; kept only while the last try got no answer at all (never paid twice).
  const attempt = useRef<{ key: string; method: PaymentChannelCode } | null>(null);
  const choices = payChoices(config.data, order.total, 'CNY');
  const method = picked ?? choices.find((c) => c.usable)?.channel ?? null;
  const choice = choices.find((c) => c.channel === method);
  const toPay = order.total + (choice?.fee ?? 0);

  const pay = useMutation({
    mutationFn: ({ channel, key }: { channel: PaymentChannelCode; key: string }) => payTrainOrder(order.id, { method: channel }, key),
    onSuccess: (answer) => {
      attempt.current = null;
      if (answer.redirectUrl) {
        redirectTo(answer.redirectUrl);
        return;
      }
      if (answer.paymentStatus !== 'paid') {
        // A channel that gave no page to pay on (closed meanwhile): nothing was charged; the agent may try again.
        setError(t('trainPay.noRedirect'));
        onChanged();
        return;
      }
      notify.success(t('train.order.ticketing'));
      onChanged();
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code >= 0) attempt.current = null;
      setError(err.message);
      onChanged();
    },
  });

  const submit = () => {
    if (!method) return;
    setError(null);
    if (attempt.current?.method !== method) attempt.current = { key: newIdempotencyKey(), method };
    pay.mutate({ channel: method, key: attempt.current.key });
  };

  return (
    <Modal
      open={open}
      title={t('trains.orders.pay.title', { order: order.orderNumber })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('trains.orders.refund.close')}
        </Button>,
        <Button
          key="pay"
          type="primary"
          // After the redirect starts the page is leaving; keep the button busy so it is not pressed twice.
          loading={pay.isPending || (pay.isSuccess && Boolean(pay.data?.redirectUrl))}
          disabled={!method || !choice?.usable || config.isError}
          onClick={submit}
        >
          {t('trains.orders.pay.submit', { amount: formatTrainPrice(toPay) })}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon title={error} />}
        {config.isPending ? (
          <Skeleton active />
        ) : config.isError ? (
          // Not "no payment method": the methods could not be read, and trying again may work.
          <Alert type="error" showIcon title={t('orders.pay.errors.load')} description={config.error.message} />
        ) : choices.length === 0 ? (
          <Alert type="warning" showIcon title={t('trains.orders.pay.none')} />
        ) : (
          <Flex vertical gap={16}>
            <Radio.Group value={method} aria-label={t('trains.orders.pay.method')} onChange={(e) => setPicked(e.target.value as PaymentChannelCode)}>
              <Flex vertical gap={8}>
                {choices.map((c) => (
                  <Radio key={c.channel} value={c.channel} disabled={!c.usable}>
                    <Flex gap={8} align="center" wrap>
                      <span>{t(`orders.channels.${c.channel}`)}</span>
                      {c.feeBp > 0 ? (
                        <Tag style={{ marginInlineEnd: 0 }}>{t('orders.pay.fee', { percent: feePercent(c.feeBp), amount: formatAmount(c.fee, 'CNY') })}</Tag>
                      ) : (
                        <Tag color="green" style={{ marginInlineEnd: 0 }}>
                          {t('orders.pay.noFee')}
                        </Tag>
                      )}
                      {c.available !== null && (
                        <Typography.Text type={c.available < order.total ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                          {t('trains.orders.pay.available', { amount: formatAmount(c.available, 'CNY') })}
                        </Typography.Text>
                      )}
                      {!c.usable && (
                        // Trains are sold in CNY only: a channel that does not take it cannot pay them.
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('orders.pay.currencyNotTaken', { currency: 'CNY' })}
                        </Typography.Text>
                      )}
                    </Flex>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
            {choice && choice.feeBp > 0 && (
              <>
                <Descriptions
                  size="small"
                  bordered
                  column={1}
                  items={[
                    { key: 'total', label: t('orders.pay.total'), children: formatTrainPrice(order.total) },
                    { key: 'fee', label: t('orders.pay.channelFee'), children: formatTrainPrice(choice.fee) },
                    {
                      key: 'toPay',
                      label: t('orders.pay.toPay'),
                      children: (
                        <Typography.Text strong data-testid="pay-amount">
                          {formatTrainPrice(toPay)}
                        </Typography.Text>
                      ),
                    },
                  ]}
                />
                <Typography.Text type="secondary">{t('trainPay.channelNote', { channel: t(`orders.channels.${choice.channel}`) })}</Typography.Text>
              </>
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

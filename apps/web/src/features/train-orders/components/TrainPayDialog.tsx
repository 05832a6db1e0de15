import { useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Radio, Skeleton, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { TrainOrder } from '@portal/contract/api/trains';
import { payChoices } from '../../../components/payments/pay-choices';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { formatTrainPrice } from '../../../components/train/train-money';
import { payTrainOrder, useTrainPaymentConfig } from '../api/train-orders';

/** Trains are paid from the agency's money at once (balance or credit); the railway issues the tickets on payment. */
const TRAIN_CHANNELS: readonly string[] = ['balance', 'credit'];

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
  const choices = payChoices(config.data, order.total, 'CNY').filter((c) => TRAIN_CHANNELS.includes(c.channel));
  const method = picked ?? choices.find((c) => c.usable)?.channel ?? null;

  const pay = useMutation({
    mutationFn: ({ channel, key }: { channel: PaymentChannelCode; key: string }) => payTrainOrder(order.id, { method: channel }, key),
    onSuccess: () => {
      attempt.current = null;
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
        <Button key="pay" type="primary" loading={pay.isPending} disabled={!method || config.isError} onClick={submit}>
          {t('trains.orders.pay.submit', { amount: formatTrainPrice(order.total) })}
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
          <Radio.Group value={method} aria-label={t('trains.orders.pay.method')} onChange={(e) => setPicked(e.target.value as PaymentChannelCode)}>
            <Flex vertical gap={8}>
              {choices.map((c) => (
                <Radio key={c.channel} value={c.channel} disabled={!c.usable}>
                  {t(`orders.channels.${c.channel}`)}{' '}
                  {c.available !== null && (
                    <Typography.Text type={c.available < order.total ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                      {t('trains.orders.pay.available', { amount: formatAmount(c.available, 'CNY') })}
                    </Typography.Text>
                  )}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
      </Flex>
    </Modal>
  );
}

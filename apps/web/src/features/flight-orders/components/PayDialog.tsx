import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentChannelCode } from '@portal/contract/api/agencies';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { Countdown } from '../../../components/orders/Countdown';
import { remaining, useNow } from '../../../components/orders/countdown';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { payOrder, usePaymentConfig } from '../api/pay-order';
import { feePercent, payChoices, type PayChoice } from '../../../components/payments/pay-choices';
import { redirectTo } from '../../../components/payments/redirect';

interface Props {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
  /** The server's answer changed the order (paid, or its state moved on): refresh it. */
  onChanged: () => void;
}

/** A failure of our own making (no answer reached us): the same attempt may be sent again with the same key. */
const unanswered = (err: unknown) => !(err instanceof ApiError) || err.code < 0;

/**
 * Pay a booking: the channels the agency may use with their fees, its balances, and the time left to pay. Balance and
 * credit pay at once; an external channel sends the payer to its page, which returns to this order.
 */
export function PayDialog({ order, open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const config = usePaymentConfig(open);
  const now = useNow();
  const [picked, setPicked] = useState<PaymentChannelCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  // One key per payment attempt; kept only while the last try got no answer at all.
  const attempt = useRef<{ key: string; method: PaymentChannelCode } | null>(null);

  const currency = order.currency;
  const choices = payChoices(config.data, order.total, currency);
  const method = picked ?? choices.find((c) => c.usable)?.channel ?? null;
  const choice = choices.find((c) => c.channel === method);
  const expired = order.paymentDeadline ? remaining(order.paymentDeadline, now).expired : false;
  const disabled = config.data?.disablePayment ?? false;
  const toPay = order.total + (choice?.fee ?? 0);
  // A change that costs nothing (the airline's own change): confirmed, nothing is charged whatever the method.
  const free = order.total === 0;

  const pay = useMutation({
    mutationFn: ({ channel, key }: { channel: PaymentChannelCode; key: string }) => payOrder(order.id, { method: channel }, key),
    onSuccess: (answer) => {
      attempt.current = null;
      if (answer.redirectUrl) {
        redirectTo(answer.redirectUrl);
        return;
      }
      if (answer.paymentStatus !== 'paid') {
        setError(t('orders.pay.errors.noRedirect'));
        return;
      }
      notify.success(t(order.type === 'change' ? 'orders.pay.successChange' : 'orders.pay.success'));
      onChanged();
      onClose();
    },
    onError: (err) => {
      if (!unanswered(err)) attempt.current = null;
      if (err instanceof ApiError && err.code === Code.INSUFFICIENT_BALANCE) {
        setInsufficient(true);
        return;
      }
      setError(err.message || t('orders.pay.errors.failed'));
      // The order moved on (paid elsewhere, closed by its deadline): show it as it is now.
      if (err instanceof ApiError && err.code === Code.ORDER_STATE) onChanged();
    },
  });

  const submit = () => {
    if (!method) return;
    setError(null);
    if (attempt.current?.method !== method) attempt.current = { key: newIdempotencyKey(), method };
    pay.mutate({ channel: method, key: attempt.current.key });
  };

  const others = choices.filter((c) => c.usable && c.channel !== method);
  const channelLine = (c: PayChoice) => (
    <Flex gap={8} align="center" wrap>
      <span>{t(`orders.channels.${c.channel}`)}</span>
      {c.feeBp > 0 ? (
        <Tag style={{ marginInlineEnd: 0 }}>{t('orders.pay.fee', { percent: feePercent(c.feeBp), amount: formatAmount(c.fee, currency) })}</Tag>
      ) : (
        <Tag color="green" style={{ marginInlineEnd: 0 }}>
          {t('orders.pay.noFee')}
        </Tag>
      )}
      {c.available !== null && (
        <Typography.Text type={c.available < order.total ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {t('orders.pay.available', { amount: formatAmount(c.available, currency) })}
        </Typography.Text>
      )}
      {!c.usable && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('orders.pay.currencyNotTaken', { currency })}
        </Typography.Text>
      )}
    </Flex>
  );

  let body;
  if (config.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (config.isError) body = <Alert type="error" showIcon title={t('orders.pay.errors.load')} description={config.error.message} />;
  else if (free) body = <Alert type="success" showIcon title={t('orders.pay.free')} />;
  else if (disabled) body = <Alert type="warning" showIcon title={t('orders.pay.disabled')} />;
  else if (choices.length === 0) body = <Alert type="warning" showIcon title={t('orders.pay.noChannels')} />;
  else {
    const b = config.data.balance;
    body = (
      <Flex vertical gap={16}>
        <Radio.Group value={method} onChange={(e) => setPicked(e.target.value as PaymentChannelCode)} aria-label={t('orders.pay.method')}>
          <Flex vertical gap={8}>
            {choices.map((c) => (
              <Radio key={c.channel} value={c.channel} disabled={!c.usable}>
                {channelLine(c)}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t('orders.pay.balances', { currency: b.currency })}
          items={[
            { key: 'cash', label: t('orders.pay.cash'), children: formatAmount(b.cash, b.currency) },
            { key: 'credit', label: t('orders.pay.availableCredit'), children: formatAmount(b.availableCredit, b.currency) },
            { key: 'held', label: t('orders.pay.held'), children: formatAmount(b.held, b.currency) },
            { key: 'available', label: t('orders.pay.totalAvailable'), children: <Typography.Text strong>{formatAmount(b.available, b.currency)}</Typography.Text> },
          ]}
        />
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'total', label: t('orders.pay.total'), children: formatAmount(order.total, currency) },
            { key: 'fee', label: t('orders.pay.channelFee'), children: formatAmount(choice?.fee ?? 0, currency) },
            {
              key: 'toPay',
              label: t('orders.pay.toPay'),
              children: (
                <Typography.Text strong data-testid="pay-amount">
                  {formatAmount(toPay, currency)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Flex>
    );
  }

  return (
    <>
      <Modal
        open={open}
        title={t('orders.pay.title', { booking: order.bookingNumber })}
        onCancel={onClose}
        destroyOnHidden
        afterClose={() => {
          setPicked(null);
          setError(null);
          attempt.current = null;
          pay.reset();
        }}
        footer={[
          <Button key="cancel" onClick={onClose}>
            {t('orders.common.close')}
          </Button>,
          <Button
            key="pay"
            type="primary"
            onClick={submit}
            // After the redirect starts the page is leaving; keep the button busy so it is not pressed twice.
            loading={pay.isPending || (pay.isSuccess && Boolean(pay.data?.redirectUrl))}
            disabled={!method || (!free && (!choice?.usable || disabled)) || expired || config.isPending}
          >
            {free ? t('orders.pay.confirmFree') : t('orders.pay.submit', { amount: formatAmount(toPay, currency) })}
          </Button>,
        ]}
      >
        <Flex vertical gap={16}>
          {order.paymentDeadline &&
            (expired ? (
              <Alert type="error" showIcon title={t('orders.pay.expired')} />
            ) : (
              <Alert type="info" showIcon title={<Countdown deadline={order.paymentDeadline} label={t('orders.pay.payWithin')} />} />
            ))}
          {error && <Alert type="error" showIcon title={error} />}
          {body}
        </Flex>
      </Modal>

      <Modal
        open={insufficient}
        title={t('orders.pay.insufficient.title')}
        onCancel={() => setInsufficient(false)}
        footer={[
          <Button key="close" onClick={() => setInsufficient(false)}>
            {t('orders.common.close')}
          </Button>,
        ]}
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('orders.pay.insufficient.body', { method: method ? t(`orders.channels.${method}`) : '', amount: formatAmount(toPay, currency) })}
          </Typography.Paragraph>
          {others.length > 0 ? (
            <>
              <Typography.Text strong>{t('orders.pay.insufficient.others')}</Typography.Text>
              <Flex gap={8} wrap>
                {others.map((c) => (
                  <Button
                    key={c.channel}
                    onClick={() => {
                      setPicked(c.channel);
                      setInsufficient(false);
                    }}
                  >
                    {t(`orders.channels.${c.channel}`)}
                  </Button>
                ))}
              </Flex>
            </>
          ) : (
            <Typography.Text type="secondary">{t('orders.pay.insufficient.none')}</Typography.Text>
          )}
        </Flex>
      </Modal>
    </>
  );
}

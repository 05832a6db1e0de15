import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GROUP_PAYMENT_METHODS, type GroupNextInstalment, type GroupOrder, type GroupPaymentMethod } from '@portal/contract/api/group-orders';
import type { Currency } from '@portal/contract/currency';
import { Code } from '@portal/contract/codes';
import { Countdown } from '../../../components/orders/Countdown';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { groupKeys } from '../api/group-keys';
import { payGroupInstalment } from '../api/pay-group';

interface Props {
  group: GroupOrder;
  instalment: GroupNextInstalment;
  currency: Currency;
  open: boolean;
  onClose: () => void;
  dateFormat: string;
}

/** A failure of our own making (no answer reached us): the same attempt may be sent again with the same key. */
const unanswered = (err: unknown) => !(err instanceof ApiError) || err.code < 0;

/**
 * Pays the instalment due now (spec point 9): its amount and deadline, the wallet method, and the agent's
 * acknowledgement that deposits are not refunded, without which Pay stays disabled.
 */
export function GroupPayDialog({ group, instalment, currency, open, onClose, dateFormat }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [method, setMethod] = useState<GroupPaymentMethod>('balance');
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  // One key per payment attempt; kept only while the last try got no answer at all.
  const attempt = useRef<{ key: string; method: GroupPaymentMethod; kind: string } | null>(null);

  const pay = useMutation({
    mutationFn: ({ key }: { key: string }) =>
      payGroupInstalment(group.id, { instalment: instalment.kind, method, acknowledgeNonRefundable: true, amount: instalment.amount }, key),
    retry: false,
    onSuccess: (order) => {
      attempt.current = null;
      // The answer is the group itself; anything else (an empty answer) and the page asks for it again.
      const whole = order && typeof order === 'object' && 'status' in order;
      if (whole) client.setQueryData(groupKeys.detail(group.id), order);
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate: (q) => !whole || q.queryKey[1] !== 'detail' });
      notify.success(t('groups.pay.done', { instalment: t(`groups.pay.kind.${instalment.kind}`) }));
      onClose();
    },
    onError: (err) => {
      if (!unanswered(err)) attempt.current = null;
      if (err instanceof ApiError && err.code === Code.INSUFFICIENT_BALANCE) {
        setInsufficient(true);
        return;
      }
      setError(err.message || t('groups.pay.failed'));
      // Refused for the group's own state (paid elsewhere, amount changed, deadline passed): show it as it is now.
      if (!unanswered(err)) void client.invalidateQueries({ queryKey: groupKeys.detail(group.id) });
    },
  });

  const submit = () => {
    setError(null);
    setInsufficient(false);
    const same = attempt.current && attempt.current.method === method && attempt.current.kind === instalment.kind;
    if (!same) attempt.current = { key: newIdempotencyKey(), method, kind: instalment.kind };
    pay.mutate({ key: attempt.current!.key });
  };

  const amount = formatAmount(instalment.amount, currency);
  const isDeposit = instalment.kind !== 'final';

  return (
    <Modal
      open={open}
      title={t('groups.pay.title', { instalment: t(`groups.pay.kind.${instalment.kind}`), booking: group.bookingNumber })}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setAcknowledged(false);
        setMethod('balance');
        setError(null);
        setInsufficient(false);
        attempt.current = null;
        pay.reset();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('groups.pay.back')}
        </Button>,
        <Button key="pay" type="primary" onClick={submit} loading={pay.isPending} disabled={!acknowledged}>
          {t('groups.pay.submit', { amount })}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        {error && <Alert type="error" showIcon title={error} data-testid="pay-error" />}
        {insufficient && (
          <Alert
            type="error"
            showIcon
            data-testid="pay-insufficient"
            title={t('groups.pay.insufficient.title')}
            description={t(method === 'balance' ? 'groups.pay.insufficient.balance' : 'groups.pay.insufficient.credit', { amount })}
          />
        )}
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'instalment', label: t('groups.pay.instalment'), children: t(`groups.quote.kind.${instalment.kind}`) },
            {
              key: 'amount',
              label: t('groups.pay.amount'),
              children: (
                <Typography.Text strong data-testid="pay-amount">
                  {amount}
                </Typography.Text>
              ),
            },
            {
              key: 'due',
              label: t('groups.pay.dueAt'),
              children: (
                <Flex vertical>
                  <span>{formatDateTime(instalment.dueAt, dateFormat)}</span>
                  <Countdown deadline={instalment.dueAt} />
                </Flex>
              ),
            },
          ]}
        />
        <Flex vertical gap={8}>
          <Typography.Text strong id="group-pay-method">
            {t('groups.pay.method')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="group-pay-method"
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as GroupPaymentMethod);
              setInsufficient(false);
            }}
          >
            <Flex vertical gap={8}>
              {GROUP_PAYMENT_METHODS.map((m) => (
                <Radio key={m} value={m}>
                  <Flex vertical>
                    <span>{t(`groups.pay.methods.${m}`)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`groups.pay.methodHint.${m}`)}
                    </Typography.Text>
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Flex>
        <Alert
          type="warning"
          showIcon
          title={
            <Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} data-testid="pay-acknowledge">
              {t('groups.pay.acknowledge')}
            </Checkbox>
          }
          description={isDeposit ? undefined : t('groups.pay.finalNote')}
        />
      </Flex>
    </Modal>
  );
}

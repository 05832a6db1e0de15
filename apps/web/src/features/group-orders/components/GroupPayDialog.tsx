import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupNextInstalment, GroupOrder, GroupPaymentMethod } from '@portal/contract/api/group-orders';
import type { Currency } from '@portal/contract/currency';
import { Code } from '@portal/contract/codes';
import { Countdown } from '../../../components/orders/Countdown';
import { feePercent, payChoices, type PayChoice } from '../../../components/payments/pay-choices';
import { redirectTo } from '../../../components/payments/redirect';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { groupKeys } from '../api/group-keys';
import { payGroupInstalment, useGroupPaymentConfig } from '../api/pay-group';

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
const fromWallet = (m: GroupPaymentMethod) => m === 'balance' || m === 'credit';

/**
 * Pays the instalment due now (spec point 9): its amount and deadline, the methods the agency may use (balance,
 * credit, and the external channels with their fees), and the agent's acknowledgement that deposits are not refunded,
 * without which Pay stays disabled. Balance and credit pay at once; a channel sends the payer to its hosted page,
 * which returns to the group once paid.
 */
export function GroupPayDialog({ group, instalment, currency, open, onClose, dateFormat }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useGroupPaymentConfig(open);
  const [picked, setPicked] = useState<GroupPaymentMethod | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  // One key per payment attempt; kept only while the last try got no answer at all.
  const attempt = useRef<{ key: string; method: GroupPaymentMethod; kind: string } | null>(null);

  const choices = payChoices(config.data, instalment.amount, currency);
  const method = picked ?? choices.find((c) => c.usable)?.channel ?? null;
  const choice = choices.find((c) => c.channel === method);
  const fee = choice?.fee ?? 0;
  const toPay = instalment.amount + fee;

  const pay = useMutation({
    mutationFn: ({ key, method }: { key: string; method: GroupPaymentMethod }) =>
      payGroupInstalment(group.id, { instalment: instalment.kind, method, acknowledgeNonRefundable: true, amount: instalment.amount }, key),
    retry: false,
    onSuccess: (answer) => {
      attempt.current = null;
      const whole = answer && typeof answer === 'object' && 'status' in answer;
      const channelPayment = whole ? (answer.channelPayment ?? null) : null;
      // The channel's page: the instalment is paid there, and the payer comes back to the group.
      if (channelPayment?.redirectUrl) {
        redirectTo(channelPayment.redirectUrl);
        return;
      }
      // The answer is the group itself; anything else (an empty answer) and the page asks for it again.
      if (whole) {
        const { channelPayment: _opened, ...order } = answer;
        client.setQueryData(groupKeys.detail(group.id), order);
      }
      void client.invalidateQueries({ queryKey: groupKeys.all, predicate: (q) => !whole || q.queryKey[1] !== 'detail' });
      if (channelPayment && channelPayment.status !== 'succeeded') {
        setError(t('groups.pay.noRedirect'));
        return;
      }
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
  // After the redirect starts the page is leaving; the button stays busy so it is not pressed twice.
  const leaving = pay.isSuccess && Boolean(pay.data?.channelPayment?.redirectUrl);

  const submit = () => {
    if (!method) return;
    setError(null);
    setInsufficient(false);
    const same = attempt.current && attempt.current.method === method && attempt.current.kind === instalment.kind;
    if (!same) attempt.current = { key: newIdempotencyKey(), method, kind: instalment.kind };
    pay.mutate({ key: attempt.current!.key, method });
  };

  const amount = formatAmount(instalment.amount, currency);
  const isDeposit = instalment.kind !== 'final';
  const external = method !== null && !fromWallet(method);

  const hintOf = (c: PayChoice) => {
    if (!c.usable) return t('groups.pay.currencyNotTaken', { currency });
    if (fromWallet(c.channel)) return t(`groups.pay.methodHint.${c.channel}`);
    return null;
  };
  const methodLine = (c: PayChoice) => {
    const hint = hintOf(c);
    return (
      <Flex vertical>
        <Flex gap={8} align="center" wrap>
          <span>{t(`groups.pay.methods.${c.channel}`)}</span>
          {!fromWallet(c.channel) &&
            (c.feeBp > 0 ? (
              <Tag style={{ marginInlineEnd: 0 }}>{t('groups.pay.fee', { percent: feePercent(c.feeBp), amount: formatAmount(c.fee, currency) })}</Tag>
            ) : (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                {t('groups.pay.noFee')}
              </Tag>
            ))}
        </Flex>
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  let methods;
  if (config.isPending) methods = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (config.isError) methods = <Alert type="error" showIcon title={t('groups.pay.methodsFailed')} description={config.error.message} />;
  else if (config.data.disablePayment) methods = <Alert type="warning" showIcon title={t('groups.pay.disabled')} />;
  else if (choices.length === 0) methods = <Alert type="warning" showIcon title={t('groups.pay.noMethods')} />;
  else {
    methods = (
      <Radio.Group
        aria-labelledby="group-pay-method"
        value={method}
        onChange={(e) => {
          setPicked(e.target.value as GroupPaymentMethod);
          setInsufficient(false);
        }}
      >
        <Flex vertical gap={8}>
          {choices.map((c) => (
            <Radio key={c.channel} value={c.channel} disabled={!c.usable}>
              {methodLine(c)}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    );
  }

  return (
    <Modal
      open={open}
      title={t('groups.pay.title', { instalment: t(`groups.pay.kind.${instalment.kind}`), booking: group.bookingNumber })}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setAcknowledged(false);
        setPicked(null);
        setError(null);
        setInsufficient(false);
        attempt.current = null;
        pay.reset();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('groups.pay.back')}
        </Button>,
        <Button key="pay" type="primary" onClick={submit} loading={pay.isPending || leaving} disabled={!acknowledged || !choice?.usable}>
          {t('groups.pay.submit', { amount: formatAmount(toPay, currency) })}
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
            ...(external
              ? [
                  { key: 'fee', label: t('groups.pay.channelFee'), children: <span data-testid="pay-fee">{formatAmount(fee, currency)}</span> },
                  {
                    key: 'toPay',
                    label: t('groups.pay.toPay'),
                    children: (
                      <Typography.Text strong data-testid="pay-total">
                        {formatAmount(toPay, currency)}
                      </Typography.Text>
                    ),
                  },
                ]
              : []),
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
          {methods}
        </Flex>
        {external && <Alert type="info" showIcon title={t('groups.pay.redirectNote', { channel: t(`groups.pay.methods.${method}`) })} data-testid="pay-redirect-note" />}
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

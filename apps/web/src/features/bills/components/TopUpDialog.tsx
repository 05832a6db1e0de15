import { useRef, useState } from 'react';
import { Alert, Descriptions, Flex, Form, Modal, Radio, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExternalPaymentChannel } from '@portal/contract/api/agencies';
import { CreateWalletPaymentBody } from '@portal/contract/api/bills';
import { minorDigits, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../../../components/AmountInput';
import { amountProblem, amountRule, contractMaxMajor, moneyBounds } from '../../../lib/amount-rule';
import { newIdempotencyKey } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatAmount } from '../../../lib/format';
import { createWalletPayment } from '../api/wallet-payments';
import { redirectTo } from '../../../components/payments/redirect';
import { channelFee } from '@portal/contract/top-up';
import { feePercent, netCredited, toMinor, type TopUpChannel } from '../utils/top-up';

interface Values {
  channel?: ExternalPaymentChannel;
  amount?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  channels: TopUpChannel[];
  /** The wallet's settlement currency: online top-ups are paid and credited in it. */
  currency: Currency;
}

/**
 * Online top-up: pick a channel and an amount, see the fee and what will be credited, then go to the channel's
 * hosted page. The wallet is credited only when the channel confirms; the user comes back to /bills/wallet?payment=.
 */
export function TopUpDialog({ open, onClose, channels, currency }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  // One key per payment the user means to make: the same body retried keeps it, a changed body gets a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const channel = Form.useWatch('channel', form);
  const amountText = Form.useWatch('amount', form);
  const selected = channels.find((c) => c.channel === channel);
  const amount = toMinor(amountText, currency);
  const digits = minorDigits(currency);
  const firstUsable = channels.find((c) => c.usable)?.channel;
  // The contract's bounds, checked on the form: the input never clamps or rounds what was typed.
  const bounds = moneyBounds(currency, { positive: true, max: contractMaxMajor(CreateWalletPaymentBody.shape.amount, currency) });

  const create = useMutation({
    mutationFn: ({ body, key }: { body: CreateWalletPaymentBody; key: string }) => createWalletPayment(body, key),
    onSuccess: (payment) => {
      if (payment.redirectUrl) redirectTo(payment.redirectUrl);
      else setFormError(t('bills.topUp.errors.noRedirect'));
    },
    onError: (error) => setFormError(applyServerErrors(form, error, ['channel', 'amount'], t('bills.topUp.errors.create'))),
  });

  const submit = (values: Values) => {
    const minor = toMinor(values.amount, currency);
    if (!values.channel || minor === null) return;
    setFormError(null);
    const body: CreateWalletPaymentBody = { channel: values.channel, amount: minor, currency };
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) attempt.current = { key: newIdempotencyKey(), body: signature };
    create.mutate({ body, key: attempt.current.key });
  };

  return (
    <Modal
      open={open}
      title={t('bills.topUp.title')}
      okText={t('bills.topUp.submit')}
      cancelText={t('bills.common.cancel')}
      onCancel={onClose}
      // After the redirect starts the page is leaving; keep the button busy so it is not pressed twice.
      confirmLoading={create.isPending || create.isSuccess}
      okButtonProps={{ htmlType: 'submit', disabled: !firstUsable }}
      destroyOnHidden
      afterClose={() => {
        setFormError(null);
        attempt.current = null;
        create.reset();
      }}
      modalRender={(dom) => (
        <Form<Values> form={form} layout="vertical" name="wallet-top-up" clearOnDestroy initialValues={{ channel: firstUsable }} onFinish={submit}>
          {dom}
        </Form>
      )}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form.Item name="channel" label={t('bills.topUp.channel')} rules={[{ required: true, message: t('bills.topUp.errors.channel') }]}>
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={8}>
            {channels.map((c) => (
              <Radio key={c.channel} value={c.channel} disabled={!c.usable}>
                <Flex gap={8} align="center" wrap>
                  <span>{t(`bills.channels.${c.channel}`)}</span>
                  <Tag style={{ marginInlineEnd: 0 }}>{t('bills.topUp.fee', { percent: feePercent(c.feeBp) })}</Tag>
                  {!c.usable && <Typography.Text type="secondary">{t('bills.topUp.currencyNotTaken', { currency })}</Typography.Text>}
                </Flex>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('bills.topUp.amount', { currency })}
        rules={[
          { required: true, message: t('bills.topUp.errors.amountRequired') },
          amountRule(t, bounds),
          {
            validator: (_, value: string | undefined) =>
              value === undefined || value === null || value === '' || amountProblem(value, bounds, t) || toMinor(value, currency) !== null
                ? Promise.resolve()
                : Promise.reject(new Error(t('bills.topUp.errors.amountInvalid', { digits }))),
          },
        ]}
      >
        <AmountInput<string> stringMode decimals={digits} placeholder="0" />
      </Form.Item>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'amount', label: t('bills.topUp.summary.amount'), children: amount === null ? '—' : formatAmount(amount, currency) },
          {
            key: 'fee',
            label: t('bills.topUp.summary.fee', { percent: selected ? feePercent(selected.feeBp) : '—' }),
            children: amount === null || !selected ? '—' : formatAmount(-channelFee(amount, selected.feeBp), currency),
          },
          {
            key: 'net',
            label: t('bills.topUp.summary.net'),
            children: (
              <Typography.Text strong data-testid="top-up-net">
                {amount === null || !selected ? '—' : formatAmount(netCredited(amount, selected.feeBp), currency)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('bills.topUp.notice')}
      </Typography.Paragraph>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Col, Descriptions, Flex, Form, Input, Modal, Row, Select, Statistic, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TopUpBody as TopUpSchema, type Agency, type TopUpBody } from '@portal/contract/api/agencies';
import { CURRENCIES, RATE_PATTERN, minorDigits, type Currency, type RateMap } from '@portal/contract/currency';
import { AmountInput } from '../../../components/AmountInput';
import { amountProblem, amountRule, contractMaxMajor, moneyBounds } from '../../../lib/amount-rule';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useExchangeRates } from '../api/get-exchange-rates';
import { useTopUpAgency } from '../api/top-up-agency';
import { majorToMinor, minorToMajor } from '../utils/money';
import { applyFieldErrors } from '../utils/server-errors';
import { computeTopUp, matchesComputed, suggestedRate, type TopUpCalculation } from '../utils/top-up-amount';
import { useRetained } from '../utils/use-retained';

interface Values {
  receivedCurrency: Currency;
  /** Major units of receivedCurrency. */
  receivedAmount?: number;
  exchangeRate: string;
  feePercent: number;
  /** Major units of the settlement currency. */
  amount?: number;
  referenceNumber: string;
  remark?: string;
  sendEmail: boolean;
}

const FIELDS = ['receivedCurrency', 'receivedAmount', 'exchangeRate', 'transactionFeePercent', 'amount', 'referenceNumber', 'remark', 'sendEmail'];
const ALIASES = { transactionFeePercent: 'feePercent' };
const FORM_FIELDS = FIELDS.map((f) => (f === 'transactionFeePercent' ? 'feePercent' : f));

interface Props {
  agency: Agency | null;
  onClose: () => void;
}

function calculate(values: Partial<Values>, settlement: Currency): TopUpCalculation | null {
  if (!values.receivedCurrency || values.receivedAmount === undefined || values.receivedAmount === null) return null;
  return computeTopUp({
    receivedAmount: majorToMinor(values.receivedAmount, values.receivedCurrency),
    receivedCurrency: values.receivedCurrency,
    exchangeRate: values.exchangeRate ?? '',
    feePercent: values.feePercent ?? 0,
    settlementCurrency: settlement,
  });
}

export function toTopUpBody(values: Values, settlement: Currency): TopUpBody {
  return {
    receivedCurrency: values.receivedCurrency,
    receivedAmount: majorToMinor(values.receivedAmount ?? 0, values.receivedCurrency),
    exchangeRate: values.exchangeRate.trim(),
    transactionFeePercent: values.feePercent ?? 0,
    referenceNumber: values.referenceNumber.trim(),
    amount: majorToMinor(values.amount ?? 0, settlement),
    sendEmail: values.sendEmail,
    remark: values.remark?.trim() || null,
  };
}

/**
 * Records money the parent received for an agency (spec point 3, top-up). Two steps: the form, then a summary of
 * exactly what will be credited. One Idempotency-Key per opening of the dialog, reused by every retry, so a lost
 * answer retried cannot credit twice.
 */
export function TopUpModal({ agency: selected, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const open = selected !== null;
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [body, setBody] = useState<TopUpBody | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [amountEdited, setAmountEdited] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setIdempotencyKey(newIdempotencyKey());
      setStep('form');
      setBody(null);
      setFormError(null);
      setAmountEdited(false);
    }
  }
  const rates = useExchangeRates(open);
  const rateMap = rates.data?.rateMap as RateMap | undefined;
  const topUp = useTopUpAgency();

  const settlement = agency?.settlementCurrency ?? 'CNY';
  // No contact email, no mail (issue 14): the option is off and says why instead of promising a mail nobody gets.
  const canMail = Boolean(agency?.contactEmail);
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const received = watched?.receivedCurrency ?? settlement;
  const calc = calculate(watched ?? {}, settlement);
  const suggestion = suggestedRate(rateMap, received, settlement);

  const onValuesChange = (changed: Partial<Values>, all: Values) => {
    let next = all;
    if ('receivedCurrency' in changed) {
      // A rate belongs to a pair of currencies: a new received currency needs a new rate, never the old one.
      const rate = suggestedRate(rateMap, all.receivedCurrency, settlement) ?? '';
      form.setFieldValue('exchangeRate', rate);
      next = { ...all, exchangeRate: rate };
    }
    if ('amount' in changed) {
      const c = calculate(next, settlement);
      setAmountEdited(!(c && changed.amount !== undefined && changed.amount !== null && majorToMinor(changed.amount, settlement) === c.amount));
      return;
    }
    if (!amountEdited && ['receivedCurrency', 'receivedAmount', 'exchangeRate', 'feePercent'].some((k) => k in changed)) {
      const c = calculate(next, settlement);
      form.setFieldValue('amount', c ? minorToMajor(c.amount, settlement) : undefined);
    }
  };

  const applyComputed = () => {
    if (!calc) return;
    form.setFieldValue('amount', minorToMajor(calc.amount, settlement));
    setAmountEdited(false);
    void form.validateFields(['amount']);
  };

  const review = (values: Values) => {
    setFormError(null);
    setBody(toTopUpBody(values, settlement));
    setStep('confirm');
  };

  const submit = () => {
    if (!agency || !body) return;
    setFormError(null);
    topUp.mutate(
      { id: agency.id, body, idempotencyKey },
      {
        onSuccess: (answer) => {
          const amount = formatAmount(answer.amount, answer.currency);
          notify.success(
            answer.replayed ? t('agency.topUp.replayed', { amount, name: agency.name }) : t('agency.topUp.success', { amount, name: agency.name }),
          );
          onClose();
        },
        onError: (error) => {
          // Field problems are fixed on the form; anything else (network, refusal) is retried from here with the same key.
          if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
            setStep('form');
            setFormError(applyFieldErrors(form, error, FORM_FIELDS, t('agency.topUp.failed'), { aliases: ALIASES }));
          } else {
            setFormError(error.message || t('agency.topUp.failed'));
          }
        },
      },
    );
  };

  // The contract's bounds, checked on the form: the inputs never clamp or round what was typed.
  const amountBounds = moneyBounds(settlement, { positive: true, max: contractMaxMajor(TopUpSchema.shape.amount, settlement) });
  const receivedBounds = moneyBounds(received, { positive: true, max: contractMaxMajor(TopUpSchema.shape.receivedAmount, received) });
  const percentBounds = { min: 0, max: 100, decimals: 2, format: (b: number) => `${b}%`, negativeMessage: t('common.amount.min', { min: '0%' }) };
  const amountRules = [
    { required: true, message: t('validation.required') },
    amountRule(t, amountBounds),
    {
      validator: (_: unknown, value: number | undefined) => {
        // An amount out of bounds already says so; comparing it with the computed one would only add noise.
        if (value === undefined || value === null || amountProblem(value, amountBounds, t)) return Promise.resolve();
        const c = calculate(form.getFieldsValue(), settlement);
        if (c && !matchesComputed(majorToMinor(value, settlement), c.amount)) {
          return Promise.reject(new Error(t('agency.topUp.amountMismatch', { computed: formatAmount(c.amount, settlement) })));
        }
        return Promise.resolve();
      },
    },
  ];

  const formStep = (
    <Form<Values>
      form={form}
      layout="vertical"
      name="agency-top-up"
      clearOnDestroy
      initialValues={{ receivedCurrency: settlement, exchangeRate: '1', feePercent: 0, sendEmail: canMail }}
      onValuesChange={onValuesChange}
      onFinish={review}
      style={{ display: step === 'form' ? undefined : 'none' }}
    >
      {formError && step === 'form' && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="receivedCurrency" label={t('agency.topUp.receivedCurrency')} rules={[{ required: true, message: t('validation.currency') }]}>
            <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item
            name="receivedAmount"
            label={t('agency.topUp.receivedAmount')}
            dependencies={['receivedCurrency']}
            rules={[{ required: true, message: t('validation.required') }, amountRule(t, receivedBounds)]}
          >
            <AmountInput<number> decimals={minorDigits(received)} prefix={received} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="exchangeRate"
            label={t('agency.topUp.exchangeRate', { received, settlement })}
            extra={
              received === settlement ? (
                t('agency.topUp.sameCurrency')
              ) : suggestion ? (
                <span>
                  {t('agency.topUp.suggested', { rate: suggestion })}{' '}
                  <Typography.Link onClick={() => form.setFieldValue('exchangeRate', suggestion)}>{t('agency.topUp.useSuggested')}</Typography.Link>
                </span>
              ) : rates.isLoading ? (
                t('agency.topUp.ratesLoading')
              ) : rates.isError ? (
                // Spec point 8: the rates could not be read (not "the portal has no such rate"): say so and offer a retry.
                <Typography.Text type="danger">
                  {t('agency.topUp.rateFetchFailed')}{' '}
                  <Typography.Link onClick={() => void rates.refetch()}>{t('common.retry')}</Typography.Link>
                </Typography.Text>
              ) : (
                t('agency.topUp.noRate', { received, settlement })
              )
            }
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              {
                validator: (_, value: string | undefined) =>
                  !value || (RATE_PATTERN.test(value.trim()) && Number(value) > 0) ? Promise.resolve() : Promise.reject(new Error(t('validation.rate'))),
              },
            ]}
          >
            <Input inputMode="decimal" disabled={received === settlement} maxLength={16} placeholder="7.123456" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="feePercent"
            label={t('agency.topUp.feePercent')}
            rules={[{ required: true, message: t('validation.required') }, amountRule(t, percentBounds)]}
          >
            <AmountInput<number> decimals={2} suffix="%" />
          </Form.Item>
        </Col>
      </Row>
      <div aria-live="polite" style={{ background: 'rgba(0, 0, 0, 0.02)', border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: '8px 12px', marginBottom: 16 }}>
        {calc ? (
          <Typography.Text type="secondary" data-testid="top-up-breakdown">
            {t('agency.topUp.breakdown', {
              converted: formatAmount(calc.converted, settlement),
              fee: formatAmount(calc.fee, settlement),
              amount: formatAmount(calc.amount, settlement),
            })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('agency.topUp.breakdownEmpty')}</Typography.Text>
        )}
      </div>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="amount"
            label={t('agency.topUp.amount', { currency: settlement })}
            dependencies={['receivedCurrency', 'receivedAmount', 'exchangeRate', 'feePercent']}
            rules={amountRules}
            extra={
              amountEdited && calc ? (
                <Typography.Link onClick={applyComputed}>{t('agency.topUp.useComputed', { amount: formatAmount(calc.amount, settlement) })}</Typography.Link>
              ) : (
                t('agency.topUp.amountHint')
              )
            }
          >
            <AmountInput<number> decimals={minorDigits(settlement)} prefix={settlement} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="referenceNumber"
            label={t('agency.topUp.referenceNumber')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { max: 64, message: t('validation.tooLong', { max: 64 }) },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('agency.topUp.remark')} rules={[{ max: 200, message: t('validation.tooLong', { max: 200 }) }]}>
            <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="sendEmail"
            valuePropName="checked"
            label={t('agency.topUp.sendEmail')}
            extra={canMail ? t('agency.topUp.sendEmailHint') : t('agency.common.noContactEmail')}
          >
            <Switch disabled={!canMail} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );

  const confirmStep = body && agency && (
    <Flex vertical gap={16}>
      {formError && <Alert type="error" showIcon title={formError} description={t('agency.topUp.retryHint')} />}
      <Statistic
        title={t('agency.topUp.willCredit', { name: agency.name })}
        value={formatAmount(body.amount, settlement)}
        styles={{ content: { color: '#389e0d' } }}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'agency', label: t('agency.topUp.agency'), children: `${agency.name} (${agency.code})` },
          { key: 'received', label: t('agency.topUp.receivedAmount'), children: formatAmount(body.receivedAmount, body.receivedCurrency) },
          {
            key: 'rate',
            label: t('agency.topUp.rate'),
            children: t('agency.topUp.rateText', { received: body.receivedCurrency, rate: body.exchangeRate, settlement }),
          },
          { key: 'fee', label: t('agency.topUp.feePercent'), children: `${(body.transactionFeePercent ?? 0).toFixed(2)}%` },
          { key: 'reference', label: t('agency.topUp.referenceNumber'), children: body.referenceNumber },
          ...(body.remark ? [{ key: 'remark', label: t('agency.topUp.remark'), children: body.remark }] : []),
          { key: 'email', label: t('agency.topUp.sendEmail'), children: body.sendEmail ? t('agency.common.yes') : t('agency.common.no') },
          {
            key: 'after',
            label: t('agency.topUp.balanceAfter'),
            children: formatAmount(agency.balance.cash + body.amount, settlement),
          },
        ]}
      />
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={agency ? t('agency.topUp.title', { name: agency.name }) : ''}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        step === 'form' ? (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('agency.common.cancel')}</Button>
            <Button type="primary" onClick={() => form.submit()}>
              {t('agency.topUp.review')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="end" gap={8} wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => setStep('form')} disabled={topUp.isPending}>
              {t('agency.topUp.back')}
            </Button>
            <Button type="primary" icon={<CheckOutlined />} loading={topUp.isPending} onClick={submit}>
              {formError ? t('agency.topUp.retry') : t('agency.topUp.confirm')}
            </Button>
          </Flex>
        )
      }
    >
      {formStep}
      {step === 'confirm' && confirmStep}
    </Modal>
  );
}

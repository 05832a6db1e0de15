import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Tag, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GroupPriceLine, type GroupOrder } from '@portal/contract/api/group-orders';
import { CURRENCIES, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../../../components/AmountInput';
import { FormModal } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { amountRule, contractMaxMajor, moneyBounds } from '../../../lib/amount-rule';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { minorDigits } from '@portal/contract/currency';
import { useDeskGroup, useQuoteGroup } from '../api/group-desk';
import { MAX_DEPOSITS, kindAt, planSum, quoteBody, quoteDefaults, quoteFieldName, quoteTotal, toMajor, type QuoteFormValues } from '../model/quote-form';

export interface QuoteTarget {
  id: string;
  bookingNumber: string;
}

interface Props {
  target: QuoteTarget | null;
  onClose: () => void;
}

const FALLBACK_CURRENCY: Currency = 'CNY';
const MAX_FLIGHTS = 4;

/**
 * The desk's quote of a group (POST .../quote): flights per journey, price per travelling passenger type, seats,
 * confirm-by, the payment plan (1-3 deposits then the final payment, summing to the total) and a remark.
 */
export function GroupQuoteDialog({ target, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuoteFormValues>();
  const [error, setError] = useState<string | null>(null);
  const group = useDeskGroup(target?.id ?? null);
  const quote = useQuoteGroup();

  useEffect(() => {
    if (target && group.data) form.setFieldsValue(quoteDefaults(group.data, FALLBACK_CURRENCY));
  }, [form, target, group.data]);

  const submit = () => {
    if (!target || !group.data) return;
    // The whole store: onFinish's values hold only the fields with an input, not each price line's passenger type.
    const all = form.getFieldsValue(true) as QuoteFormValues;
    const total = quoteTotal(all, group.data.request.passengers);
    if (total === null || planSum(all) !== total) {
      setError(t('groups.desk.quote.sumMismatch'));
      return;
    }
    setError(null);
    quote.mutate(
      { id: target.id, body: quoteBody(all) },
      {
        onSuccess: () => {
          notify.success(t('groups.desk.quote.done', { booking: target.bookingNumber }));
          onClose();
        },
        onError: (err) => setError(applyQuoteErrors(form, err, t('groups.desk.quote.failed'))),
      },
    );
  };

  return (
    <FormModal<QuoteFormValues>
      form={form}
      name="group-quote"
      open={target !== null}
      width={920}
      title={t('groups.desk.quote.title', { booking: target?.bookingNumber })}
      okText={t('groups.desk.quote.submit')}
      cancelText={t('groups.desk.back')}
      confirmLoading={quote.isPending}
      onCancel={onClose}
      onFinish={submit}
      error={error}
      afterClose={() => {
        setError(null);
        quote.reset();
      }}
    >
      {group.data ? (
        <QuoteFields group={group.data} form={form} />
      ) : group.isError ? (
        <Alert type="error" showIcon title={t('groups.desk.quote.loadFailed')} description={group.error.message} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </FormModal>
  );
}

/** Puts the server's field messages on the quote's fields; what belongs to no field is returned for the top. */
function applyQuoteErrors(form: FormInstance<QuoteFormValues>, err: unknown, fallback: string): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error && err.message ? err.message : fallback;
  const entries = Object.entries(err.fields ?? {});
  const placed = entries.flatMap(([path, message]) => {
    const name = quoteFieldName(path);
    return name ? [{ name, errors: [message] }] : [];
  });
  form.setFields(placed as Parameters<typeof form.setFields>[0]);
  if (entries.length > 0 && placed.length === entries.length) return null;
  const rest = entries.filter(([path]) => !quoteFieldName(path)).map(([, m]) => m);
  return rest.length ? rest.join(' ') : err.message || fallback;
}

function QuoteFields({ group, form }: { group: GroupOrder; form: FormInstance<QuoteFormValues> }) {
  const { t } = useTranslation();
  const currency = (Form.useWatch('currency', form) as Currency | undefined) ?? FALLBACK_CURRENCY;
  const prices = Form.useWatch('prices', { form, preserve: true }) as QuoteFormValues['prices'] | undefined;
  const plan = Form.useWatch('paymentPlan', { form, preserve: true }) as QuoteFormValues['paymentPlan'] | undefined;
  const passengers = group.request.passengers;
  const total = quoteTotal({ prices: prices ?? [], currency }, passengers);
  const sum = planSum({ paymentPlan: plan ?? [], currency });
  const money = (extra: { positive?: boolean }) => [
    { required: true, message: t('groups.desk.quote.required') },
    amountRule(t, moneyBounds(currency, { min: 0, max: contractMaxMajor(GroupPriceLine.shape.fare, currency), ...extra })),
  ];
  const required = [{ required: true, whitespace: true, message: t('groups.desk.quote.required') }];
  const decimals = minorDigits(currency);

  const restOnFinal = () => {
    const rows = form.getFieldValue('paymentPlan') as QuoteFormValues['paymentPlan'];
    if (total === null || rows.length === 0) return;
    const deposits = planSum({ paymentPlan: rows.slice(0, -1), currency });
    const next = rows.map((r, i) => (i === rows.length - 1 ? { ...r, amount: toMajor(total - deposits, currency) } : r));
    form.setFieldValue('paymentPlan', next);
    void form.validateFields([['paymentPlan', rows.length - 1, 'amount']]);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {t('groups.desk.quote.intro', { adult: passengers.adult, child: passengers.child, infant: passengers.infant })}
      </Typography.Text>

      <Form.List name="journeys">
        {(journeys) =>
          journeys.map((journey) => {
            const asked = group.request.journeys[journey.name];
            return (
              <Card
                key={journey.key}
                size="small"
                title={`${t('groups.booking.journeyN', { n: journey.name + 1 })}${asked ? ` · ${asked.origin} → ${asked.destination} · ${asked.date}` : ''}`}
              >
                {asked && (asked.remark || asked.isChangeDate || asked.acceptChangeFlight) && (
                  <Flex gap={8} wrap style={{ marginBottom: 8 }}>
                    {asked.isChangeDate && <Tag>{t('groups.booking.isChangeDate')}</Tag>}
                    {asked.acceptChangeFlight && <Tag>{t('groups.booking.acceptChangeFlight')}</Tag>}
                    {asked.remark && <Typography.Text type="secondary">{asked.remark}</Typography.Text>}
                  </Flex>
                )}
                <Form.List name={[journey.name, 'flights']}>
                  {(flights, { add, remove }) => (
                    <Flex vertical gap={8}>
                      {flights.map((flight) => (
                        <Row key={flight.key} gutter={8} align="top" data-testid="quote-flight-row">
                          <Col xs={12} sm={6} md={3}>
                            <Form.Item name={[flight.name, 'carrier']} label={t('groups.desk.quote.carrier')} rules={required} normalize={(v: string) => v?.toUpperCase()}>
                              <Input maxLength={2} placeholder="CA" />
                            </Form.Item>
                          </Col>
                          <Col xs={12} sm={6} md={4}>
                            <Form.Item name={[flight.name, 'flightNumber']} label={t('groups.desk.quote.flightNumber')} rules={required} normalize={(v: string) => v?.toUpperCase()}>
                              <Input maxLength={8} placeholder="CA1501" />
                            </Form.Item>
                          </Col>
                          <Col xs={12} sm={6} md={3}>
                            <Form.Item name={[flight.name, 'origin']} label={t('groups.desk.quote.origin')} rules={required} normalize={(v: string) => v?.toUpperCase()}>
                              <Input maxLength={3} placeholder="PEK" />
                            </Form.Item>
                          </Col>
                          <Col xs={12} sm={6} md={3}>
                            <Form.Item name={[flight.name, 'destination']} label={t('groups.desk.quote.destination')} rules={required} normalize={(v: string) => v?.toUpperCase()}>
                              <Input maxLength={3} placeholder="SHA" />
                            </Form.Item>
                          </Col>
                          <Col xs={24} sm={11} md={5}>
                            <Form.Item name={[flight.name, 'departure']} label={t('groups.desk.quote.departure')} rules={required}>
                              <Input type="datetime-local" />
                            </Form.Item>
                          </Col>
                          <Col xs={24} sm={11} md={5}>
                            <Form.Item name={[flight.name, 'arrival']} label={t('groups.desk.quote.arrival')} rules={required}>
                              <Input type="datetime-local" />
                            </Form.Item>
                          </Col>
                          <Col xs={24} sm={2} md={1} style={{ paddingTop: 30 }}>
                            {flights.length > 1 && (
                              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('groups.desk.quote.removeFlight')} onClick={() => remove(flight.name)} />
                            )}
                          </Col>
                        </Row>
                      ))}
                      {flights.length < MAX_FLIGHTS && (
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ alignSelf: 'flex-start' }}>
                          {t('groups.desk.quote.addFlight')}
                        </Button>
                      )}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('groups.desk.quote.localTimes')}
                      </Typography.Text>
                    </Flex>
                  )}
                </Form.List>
              </Card>
            );
          })
        }
      </Form.List>

      <Card size="small" title={t('groups.desk.quote.prices')}>
        <Row gutter={8}>
          <Col xs={24} sm={8}>
            <Form.Item name="currency" label={t('groups.desk.quote.currency')} rules={[{ required: true, message: t('groups.desk.quote.required') }]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="seats" label={t('groups.quote.seats')} rules={[{ required: true, message: t('groups.desk.quote.required') }]}>
              <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="prices">
          {(lines) =>
            lines.map((line) => {
              const type = (prices?.[line.name]?.passengerType ?? form.getFieldValue(['prices', line.name, 'passengerType'])) as keyof typeof passengers;
              return (
                <Row key={line.key} gutter={8} data-testid="quote-price-row">
                  <Col xs={24} sm={8} style={{ paddingTop: 4 }}>
                    <Typography.Text strong>{t(`groups.passengerType.${type}`)}</Typography.Text>
                    <Typography.Text type="secondary"> × {passengers[type]}</Typography.Text>
                  </Col>
                  <Col xs={12} sm={8}>
                    <Form.Item name={[line.name, 'fare']} label={t('groups.desk.quote.fareIn', { currency })} rules={money({})}>
                      <AmountInput decimals={decimals} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={8}>
                    <Form.Item name={[line.name, 'tax']} label={t('groups.desk.quote.taxIn', { currency })} rules={money({})}>
                      <AmountInput decimals={decimals} />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })
          }
        </Form.List>
        <Typography.Text>
          {t('groups.quote.total')}: <Typography.Text strong data-testid="desk-quote-total">{total === null ? '-' : formatAmount(total, currency)}</Typography.Text>
        </Typography.Text>
      </Card>

      <Card size="small" title={t('groups.quote.plan')}>
        <Row gutter={8}>
          <Col xs={24} sm={12}>
            <Form.Item name="confirmBy" label={t('groups.quote.confirmBy')} extra={t('groups.desk.quote.yourTime')} rules={required}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="paymentPlan">
          {(rows, { add, remove }) => (
            <Flex vertical gap={4}>
              {rows.map((row) => {
                const kind = kindAt(row.name, rows.length);
                return (
                  <Row key={row.key} gutter={8} align="top" data-testid="quote-plan-row">
                    <Col xs={24} sm={6} style={{ paddingTop: 30 }}>
                      <Tag color={kind === 'final' ? 'blue' : 'gold'}>{t(`groups.quote.kind.${kind}`)}</Tag>
                    </Col>
                    <Col xs={12} sm={8}>
                      <Form.Item name={[row.name, 'amount']} label={t('groups.desk.quote.amountIn', { currency })} rules={money({ positive: true })}>
                        <AmountInput decimals={decimals} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={8}>
                      <Form.Item name={[row.name, 'dueAt']} label={t('groups.desk.quote.dueAt')} rules={required}>
                        <Input type="datetime-local" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={2} style={{ paddingTop: 30 }}>
                      {kind !== 'final' && rows.length > 2 && (
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('groups.desk.quote.removeDeposit')} onClick={() => remove(row.name)} />
                      )}
                    </Col>
                  </Row>
                );
              })}
              <Flex gap={8} wrap>
                {rows.length - 1 < MAX_DEPOSITS && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({}, rows.length - 1)}>
                    {t('groups.desk.quote.addDeposit')}
                  </Button>
                )}
                <Button onClick={restOnFinal} disabled={total === null}>
                  {t('groups.desk.quote.restOnFinal')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
        <Alert
          style={{ marginTop: 12 }}
          data-testid="plan-sum"
          type={total !== null && sum === total ? 'success' : 'warning'}
          showIcon
          title={
            total === null
              ? t('groups.desk.quote.sumPending')
              : sum === total
                ? t('groups.desk.quote.sumOk', { total: formatAmount(total, currency) })
                : t('groups.desk.quote.sumOff', { sum: formatAmount(sum, currency), total: formatAmount(total, currency), diff: formatAmount(total - sum, currency, { sign: true }) })
          }
        />
      </Card>

      <Form.Item name="remark" label={t('groups.desk.quote.remark')} rules={[{ max: 500, message: t('groups.desk.remarkTooLong') }]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </Flex>
  );
}

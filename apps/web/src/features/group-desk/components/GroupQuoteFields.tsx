import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Tag, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GroupPriceLine, groupHeldPassengers, type GroupOrder } from '@portal/contract/api/group-orders';
import { CURRENCIES, minorDigits, type Currency } from '@portal/contract/currency';
import { AmountInput } from '../../../components/AmountInput';
import { ApiError } from '../../../lib/api';
import { amountRule, contractMaxMajor, moneyBounds } from '../../../lib/amount-rule';
import { formatAmount } from '../../../lib/format';
import { MAX_DEPOSITS, kindAt, planSum, quoteFieldName, quoteTotal, toMajor, type QuoteFormValues } from '../model/quote-form';

/**
 * The fields of a quote (flights per journey, prices, seats, confirm-by, payment plan, remark), shared by the desk's
 * quote and its "seats changed" answer, which is a new quote: there the seats may be fewer than asked and the total
 * is priced on the travellers those seats carry, as the server prices it.
 */

export const FALLBACK_CURRENCY: Currency = 'CNY';
const MAX_FLIGHTS = 4;

/**
 * Puts the server's field messages on the quote's fields; what belongs to no field is returned for the top. `prefix`:
 * where the quote sits in the body sent (the seats answer sends it as `quote`; its own checks name the fields bare).
 */
export function applyQuoteErrors(form: FormInstance<QuoteFormValues>, err: unknown, fallback: string, prefix = ''): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error && err.message ? err.message : fallback;
  const nameOf = (path: string) => quoteFieldName(prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path);
  const entries = Object.entries(err.fields ?? {});
  const placed = entries.flatMap(([path, message]) => {
    const name = nameOf(path);
    return name ? [{ name, errors: [message] }] : [];
  });
  form.setFields(placed as Parameters<typeof form.setFields>[0]);
  if (entries.length > 0 && placed.length === entries.length) return null;
  const rest = entries.filter(([path]) => !nameOf(path)).map(([, m]) => m);
  return rest.length ? rest.join(' ') : err.message || fallback;
}

/** The travellers a quote prices: all of the request, or (a changed offer) those the seats held carry. */
export function pricedPassengers(group: GroupOrder, changed: boolean, seats: number | null | undefined) {
  return changed ? groupHeldPassengers(group.request.passengers, seats ?? 0) : group.request.passengers;
}

export function QuoteFields({ group, form, changed = false }: { group: GroupOrder; form: FormInstance<QuoteFormValues>; changed?: boolean }) {
  const { t } = useTranslation();
  const currency = (Form.useWatch('currency', form) as Currency | undefined) ?? FALLBACK_CURRENCY;
  const prices = Form.useWatch('prices', { form, preserve: true }) as QuoteFormValues['prices'] | undefined;
  const plan = Form.useWatch('paymentPlan', { form, preserve: true }) as QuoteFormValues['paymentPlan'] | undefined;
  const seats = Form.useWatch('seats', { form, preserve: true }) as number | null | undefined;
  const asked = group.request.passengers;
  const passengers = pricedPassengers(group, changed, seats);
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
      <Typography.Text type="secondary" data-testid="quote-intro">
        {changed
          ? t('groups.desk.seats.changedIntro', { ...asked, heldAdult: passengers.adult, heldChild: passengers.child, heldInfant: passengers.infant })
          : t('groups.desk.quote.intro', { adult: asked.adult, child: asked.child, infant: asked.infant })}
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
              {/* A changed offer holds at most the seats asked for (the server refuses more). */}
              <InputNumber min={1} max={changed ? asked.adult + asked.child : 99} precision={0} style={{ width: '100%' }} />
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
            <Form.Item name="confirmBy" label={t('groups.quote.confirmBy')} extra={changed ? t('groups.desk.seats.newConfirmBy') : t('groups.desk.quote.yourTime')} rules={required}>
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

import { Card, Descriptions, Flex, List, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupInstalment, GroupNextInstalment, GroupPayment, GroupQuote, GroupRequest } from '@portal/contract/api/group-orders';
import { Countdown } from '../../../components/orders/Countdown';
import { useNow } from '../../../components/orders/countdown';
import { formatAmount, formatDateTime } from '../../../lib/format';

interface Props {
  quote: GroupQuote;
  request: Pick<GroupRequest, 'journeys' | 'passengers'>;
  /** The countdown runs only while the quote waits for the agency's confirmation. */
  awaitingConfirmation: boolean;
  dateFormat: string;
  /** Instalments paid so far; with nextInstalment, each row of the plan says paid / due next / upcoming / overdue. */
  payments?: readonly GroupPayment[];
  nextInstalment?: GroupNextInstalment | null;
}

export type InstalmentState = 'paid' | 'next' | 'overdue' | 'upcoming';

/** Where one instalment of the plan stands: paid, the one due now, past its deadline unpaid, or later. */
export function instalmentState(item: GroupInstalment, payments: readonly GroupPayment[], next: GroupNextInstalment | null | undefined, now: number): InstalmentState {
  if (payments.some((p) => p.kind === item.kind)) return 'paid';
  const due = next?.kind === item.kind ? next.dueAt : item.dueAt;
  if (Date.parse(due) < now) return 'overdue';
  return next?.kind === item.kind ? 'next' : 'upcoming';
}

const STATE_COLOR: Record<InstalmentState, string> = { paid: 'green', next: 'orange', overdue: 'red', upcoming: 'default' };

/** The desk's quote: flights per journey, price per traveller type, the total, confirm-by and the payment plan. */
export function GroupQuoteCard({ quote, request, awaitingConfirmation, dateFormat, payments = [], nextInstalment }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  // Before the first payment is due the plan is only a plan: no paid / due marks yet.
  const tracking = payments.length > 0 || Boolean(nextInstalment);
  const time = (v: string) => formatDateTime(v, dateFormat);
  return (
    <Card size="small" title={t('groups.quote.title', { version: quote.version })} data-testid="group-quote">
      <Flex vertical gap={16}>
        {quote.journeys.map((qj) => {
          const asked = request.journeys[qj.journeyIndex];
          return (
            <Flex key={qj.journeyIndex} vertical gap={4}>
              <Typography.Text strong>
                {t('groups.booking.journeyN', { n: qj.journeyIndex + 1 })}
                {asked ? ` · ${asked.origin} → ${asked.destination}` : ''}
              </Typography.Text>
              {qj.flights.map((f, i) => (
                <Typography.Text key={i} data-testid="quote-flight">
                  {f.flightNumber} · {f.origin} {time(f.departure)} → {f.destination} {time(f.arrival)}
                </Typography.Text>
              ))}
            </Flex>
          );
        })}
        <Table
          size="small"
          rowKey="passengerType"
          pagination={false}
          dataSource={quote.prices}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'type', title: t('groups.quote.passengerType'), render: (_, p) => t(`groups.passengerType.${p.passengerType}`) },
            { key: 'count', title: t('groups.quote.count'), render: (_, p) => request.passengers[p.passengerType] },
            { key: 'fare', title: t('groups.quote.fare'), align: 'right', render: (_, p) => formatAmount(p.fare, p.currency) },
            { key: 'tax', title: t('groups.quote.tax'), align: 'right', render: (_, p) => formatAmount(p.tax, p.currency) },
            { key: 'each', title: t('groups.quote.perTraveller'), align: 'right', render: (_, p) => formatAmount(p.fare + p.tax, p.currency) },
          ]}
        />
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'total', label: t('groups.quote.total'), children: <Typography.Text strong data-testid="quote-total">{formatAmount(quote.total, quote.currency)}</Typography.Text> },
            { key: 'seats', label: t('groups.quote.seats'), children: quote.seats },
            {
              key: 'confirmBy',
              label: t('groups.quote.confirmBy'),
              children: (
                <Flex vertical>
                  <span>{time(quote.confirmBy)}</span>
                  {awaitingConfirmation && <Countdown deadline={quote.confirmBy} />}
                </Flex>
              ),
            },
          ]}
        />
        {quote.remark && <Typography.Paragraph style={{ margin: 0 }}>{quote.remark}</Typography.Paragraph>}
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('groups.quote.plan')}</Typography.Text>
          <List
            size="small"
            bordered
            dataSource={quote.paymentPlan}
            renderItem={(p) => {
              const state = tracking ? instalmentState(p, payments, nextInstalment, now) : null;
              const paid = payments.find((x) => x.kind === p.kind);
              return (
                <List.Item data-testid="plan-item" data-state={state ?? undefined}>
                  <Flex justify="space-between" gap={8} wrap style={{ width: '100%' }}>
                    <Flex gap={8} align="center" wrap>
                      <Tag color={p.kind === 'final' ? 'blue' : 'gold'}>{t(`groups.quote.kind.${p.kind}`)}</Tag>
                      <Typography.Text type={state === 'overdue' ? 'danger' : undefined}>{t('groups.quote.dueBy', { time: time(nextInstalment?.kind === p.kind ? nextInstalment.dueAt : p.dueAt) })}</Typography.Text>
                      {state && <Tag color={STATE_COLOR[state]}>{t(`groups.plan.${state}`)}</Tag>}
                      {paid && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('groups.plan.paidOn', { time: time(paid.paidAt), method: t(`groups.pay.methods.${paid.method}`) })}
                        </Typography.Text>
                      )}
                    </Flex>
                    <Typography.Text strong type={state === 'overdue' ? 'danger' : undefined}>
                      {formatAmount(nextInstalment?.kind === p.kind ? nextInstalment.amount : p.amount, quote.currency)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              );
            }}
          />
        </Flex>
      </Flex>
    </Card>
  );
}

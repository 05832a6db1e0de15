import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tag, Timeline, Typography } from 'antd';
import { CheckCircleFilled, StopOutlined, TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AfterSalesOptions, AfterSalesPath } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import type { Currency } from '@portal/contract/currency';
import { RetryButton } from '../../../../components/bills/ListQueryView';
import { Countdown } from '../../../../components/orders/Countdown';
import { formatAmount, formatDateTime } from '../../../../lib/format';
import { PATH_ACTION, PATH_KINDS, pathOf, type PathKind } from '../../model/after-sales';
import './after-sales.css';

interface Props {
  order: FlightOrder;
  options: { data: AfterSalesOptions | undefined; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  dateFormat: string;
  onOpen: (kind: PathKind) => void;
}

function Steps({ path, currency, dateFormat }: { path: AfterSalesPath; currency: Currency; dateFormat: string }) {
  const { t } = useTranslation();
  if (path.steps.length === 0) return null;
  const now = Date.now();
  const current = (s: AfterSalesPath['steps'][number]) => (!s.from || Date.parse(s.from) <= now) && (!s.until || Date.parse(s.until) > now);
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('orders.afterSales.panel.steps')}
      </Typography.Text>
      <Timeline
        className="after-sales-steps"
        items={path.steps.map((s, i) => {
          const on = current(s);
          return {
            key: i,
            color: on ? 'blue' : 'gray',
            content: (
              <Flex vertical gap={0} data-testid={`step-${path.kind}`} data-current={on ? 'true' : undefined}>
                <Typography.Text style={{ fontSize: 12 }} strong={on}>
                  {s.from
                    ? s.until
                      ? t('orders.afterSales.panel.between', { from: formatDateTime(s.from, dateFormat), until: formatDateTime(s.until, dateFormat) })
                      : t('orders.afterSales.panel.fromOn', { from: formatDateTime(s.from, dateFormat) })
                    : s.until
                      ? t('orders.afterSales.panel.untilOnly', { until: formatDateTime(s.until, dateFormat) })
                      : t('orders.afterSales.panel.always')}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {path.kind === 'change'
                    ? t('orders.afterSales.panel.stepCost', { cost: formatAmount(s.cost, currency) })
                    : t('orders.afterSales.panel.stepBack', { back: formatAmount(s.back, currency), cost: formatAmount(s.cost, currency) })}
                </Typography.Text>
              </Flex>
            ),
          };
        })}
      />
    </Flex>
  );
}

function PathColumn({ path, kind, cheapest, order, currency, dateFormat, onOpen }: { path: AfterSalesPath | undefined; kind: PathKind; cheapest: boolean; order: FlightOrder; currency: Currency; dateFormat: string; onOpen: (kind: PathKind) => void }) {
  const { t } = useTranslation();
  const allowed = order.actions.includes(PATH_ACTION[kind]);
  const available = Boolean(path?.available) && allowed;
  return (
    <Card
      size="small"
      data-testid={`path-${kind}`}
      data-cheapest={cheapest ? 'true' : undefined}
      className="after-sales-path"
      style={{ borderColor: cheapest ? '#52c41a' : undefined, borderWidth: cheapest ? 2 : undefined }}
      title={
        <Flex justify="space-between" align="center" gap={8} wrap>
          <span>{t(`orders.afterSales.kinds.${kind}`)}</span>
          {cheapest && (
            <Tag color="success" icon={<TrophyOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('orders.afterSales.panel.cheapest')}
            </Tag>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12} style={{ flex: 1 }}>
        {available ? (
          <Typography.Text type="success">
            <CheckCircleFilled /> {t('orders.afterSales.panel.possible')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid={`blocker-${kind}`}>
            <StopOutlined /> {path?.blocker ? t(`orders.afterSales.blockers.${path.blocker}`) : t('orders.afterSales.blockers.unavailable')}
          </Typography.Text>
        )}
        {path?.now && (
          <Flex vertical gap={2}>
            {kind !== 'change' && (
              <Flex justify="space-between" gap={8}>
                <Typography.Text type="secondary">{t('orders.afterSales.panel.backNow')}</Typography.Text>
                <Typography.Text strong data-testid={`back-${kind}`}>
                  {formatAmount(path.now.back, currency)}
                </Typography.Text>
              </Flex>
            )}
            <Flex justify="space-between" gap={8}>
              <Typography.Text type="secondary">{t(kind === 'change' ? 'orders.afterSales.panel.feesNow' : 'orders.afterSales.panel.costNow')}</Typography.Text>
              <Typography.Text strong={kind === 'change'} data-testid={`cost-${kind}`}>
                {formatAmount(path.now.cost, currency)}
              </Typography.Text>
            </Flex>
            {kind === 'change' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('orders.afterSales.panel.plusDifference')}
              </Typography.Text>
            )}
          </Flex>
        )}
        {path?.until && (
          <Flex vertical gap={2}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('orders.afterSales.panel.until', { until: formatDateTime(path.until, dateFormat) })}
            </Typography.Text>
            {path.available && <Countdown deadline={path.until} />}
          </Flex>
        )}
        {path && <Steps path={path} currency={currency} dateFormat={dateFormat} />}
        <Button type={cheapest ? 'primary' : 'default'} block disabled={!available} onClick={() => onOpen(kind)} style={{ marginTop: 'auto' }}>
          {t(`orders.afterSales.open.${kind}`)}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * Change, refund and void side by side (issue 10): whether each is possible now or why not, what it costs or gives back
 * now, until when, the fee steps of the fare rules, and the cheapest path highlighted. Each column opens its dialog.
 */
export function AfterSalesPanel({ order, options, dateFormat, onOpen }: Props) {
  const { t } = useTranslation();
  let body;
  if (options.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (options.isError || !options.data)
    body = <Alert type="error" showIcon title={t('orders.afterSales.panel.loadError')} description={options.error?.message} action={<RetryButton onRetry={options.refetch} />} />;
  else {
    const data = options.data;
    body = (
      <Flex vertical gap={12}>
        {data.open.length === 0 && <Alert type="info" showIcon title={t('orders.afterSales.panel.nothingOpen')} />}
        <Row gutter={[12, 12]}>
          {PATH_KINDS.map((kind) => (
            <Col key={kind} xs={24} md={8}>
              <PathColumn
                path={pathOf(data, kind)}
                kind={kind}
                cheapest={data.cheapest === kind}
                order={order}
                currency={data.currency}
                dateFormat={dateFormat}
                onOpen={onOpen}
              />
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('orders.afterSales.panel.note')}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Card title={t('orders.afterSales.panel.title')} data-testid="after-sales-panel">
      {body}
    </Card>
  );
}

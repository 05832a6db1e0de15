import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Grid, Popconfirm, Result, Row, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { TrainOrder, TrainOrderPassenger } from '@portal/contract/api/trains';
import { paths } from '../../../app/paths';
import { formatDate, formatDateTime, formatDuration } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { formatTrainPrice } from '../../../components/train/train-money';
import { cancelTrainOrder, downloadETicket, trainOrderKeys, useTrainOrder } from '../api/train-orders';
import { TrainChangeDialog } from '../components/TrainChangeDialog';
import { TrainPayDialog } from '../components/TrainPayDialog';
import { TrainPaymentReturn } from '../components/TrainPaymentReturn';
import { TrainRefundDialog } from '../components/TrainRefundDialog';
import { TrainStatusTag } from '../components/TrainStatusTag';

const minutesBetween = (a: string, b: string) => (Date.parse(`${b}:00Z`) - Date.parse(`${a}:00Z`)) / 60_000;

/** /train/orders/:id: the booking, its passengers with seats and tickets, the timeline, and what may be done now. */
export default function TrainOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const wide = Boolean(Grid.useBreakpoint().md);
  const queryClient = useQueryClient();
  const query = useTrainOrder(id);
  const [dialog, setDialog] = useState<'pay' | 'refund' | 'change' | null>(null);
  const [working, setWorking] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trainOrderKeys.all });

  if (query.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={t('trains.orders.detail.loadFailed')}
        subTitle={query.error.message}
        extra={[
          <Button key="retry" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('trains.orders.retry')}
          </Button>,
          <Link key="back" to={paths.trainOrders}>
            <Button>{t('trains.orders.detail.back')}</Button>
          </Link>,
        ]}
      />
    );
  }
  const order: TrainOrder = query.data;
  const can = (a: TrainOrder['actions'][number]) => order.actions.includes(a);

  const run = async (job: () => Promise<unknown>) => {
    setWorking(true);
    try {
      await job();
    } catch (err) {
      notify.error((err as Error).message);
    } finally {
      setWorking(false);
      refresh();
    }
  };

  const placeText = (seat: TrainOrderPassenger['seat']) => {
    if (!seat) return '-';
    const where = seat.seat ? t('trains.orders.detail.carSeat', { car: seat.car, seat: seat.seat }) : t('trains.orders.detail.carOnly', { car: seat.car });
    return seat.berth ? `${where} ${t(`trains.book.berths.${seat.berth}`)}` : where;
  };
  // A changed ticket's current ticket is the new one (number, seat, fare); the old one is shown as history.
  const seatText = (p: TrainOrderPassenger) => placeText(p.change ? p.change.seat : p.seat);
  const fareOf = (p: TrainOrderPassenger) => p.change?.fare ?? p.price;
  const ticketCell = (p: TrainOrderPassenger) => (
    <Flex vertical>
      <span>
        <Tag style={{ marginInlineEnd: 4 }}>{t(`trains.orders.ticketStatus.${p.ticketStatus}`)}</Tag>
        <span data-testid="ticket-number">{p.change ? p.change.ticketNumber : p.ticketNumber}</span>
      </span>
      {p.refund && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="refund-line">
          {t('trains.orders.detail.refundLine', { amount: formatTrainPrice(p.refund.amount), fee: formatTrainPrice(p.refund.fee) })}
        </Typography.Text>
      )}
      {p.change && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="change-line">
          {t('trains.orders.detail.changeLine', {
            train: p.change.trainNumber,
            date: formatDate(p.change.departureAt.slice(0, 10), dateFormat),
            time: p.change.departureAt.slice(11, 16),
            seatClass: t(`trains.seatClass.${p.change.seatClass}`),
          })}
        </Typography.Text>
      )}
      {p.change && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="previous-ticket">
          {t('trains.orders.detail.previousTicket', {
            train: order.trainNumber,
            date: formatDate(order.departureAt.slice(0, 10), dateFormat),
            time: order.departureAt.slice(11, 16),
            ticket: p.ticketNumber ?? '-',
            seat: placeText(p.seat),
          })}
        </Typography.Text>
      )}
    </Flex>
  );

  const actions = (
    <Flex gap={8} wrap>
      {can('pay') && (
        <Button type="primary" onClick={() => setDialog('pay')}>
          {t('trains.orders.detail.pay')}
        </Button>
      )}
      {can('downloadTicket') && (
        <Button icon={<DownloadOutlined />} loading={working} onClick={() => void run(() => downloadETicket(order))}>
          {t('trains.orders.detail.eTicket')}
        </Button>
      )}
      {can('change') && <Button onClick={() => setDialog('change')}>{t('trains.orders.detail.change')}</Button>}
      {can('refund') && <Button onClick={() => setDialog('refund')}>{t('trains.orders.detail.refund')}</Button>}
      {can('cancel') && (
        <Popconfirm title={t('trains.orders.detail.cancelConfirm')} onConfirm={() => void run(() => cancelTrainOrder(order.id))}>
          <Button danger loading={working}>
            {t('trains.orders.detail.cancel')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <Link to={paths.trainOrders}>
          <Button icon={<ArrowLeftOutlined />} aria-label={t('trains.orders.detail.back')} />
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {order.orderNumber}
        </Typography.Title>
        <TrainStatusTag status={order.status} />
      </Flex>
      {/* Back from a payment channel's page (?payment=): what became of that payment. */}
      <TrainPaymentReturn order={order} onChanged={refresh} />

      {order.status === 'to_be_paid' && order.paymentDeadline && (
        <Alert type="warning" showIcon title={t('trains.orders.detail.payWithin', { time: formatDateTime(order.paymentDeadline, dateFormat) })} action={actions} />
      )}
      {order.status !== 'to_be_paid' && order.actions.length > 0 && <Card size="small">{actions}</Card>}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={16}>
            <Card size="small" title={t('trains.orders.detail.ride')} data-testid="order-ride">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'train', label: t('trains.orders.col.train'), children: `${order.trainNumber} · ${t(`trains.types.${order.trainType}`)}` },
                  { key: 'date', label: t('trains.search.date'), children: formatDate(order.departureAt.slice(0, 10), dateFormat) },
                  { key: 'from', label: t('trains.search.from'), children: `${order.from.name} ${order.from.time}` },
                  { key: 'to', label: t('trains.search.to'), children: `${order.to.name} ${order.to.time}` },
                  { key: 'duration', label: t('trains.results.duration'), children: formatDuration(minutesBetween(order.departureAt, order.arrivalAt)) },
                  {
                    key: 'class',
                    label: t('trains.book.seatClass'),
                    children: `${t(`trains.seatClass.${order.seatClass}`)}${order.berth ? ` · ${t(`trains.book.berths.${order.berth}`)}` : ''}`,
                  },
                  { key: 'railway', label: t('trains.orders.detail.railwayOrder'), children: order.supplierOrderNumber ?? '-' },
                  { key: 'created', label: t('trains.orders.col.createdAt'), children: formatDateTime(order.createdAt, dateFormat) },
                ]}
              />
            </Card>

            <Card size="small" title={t('trains.orders.detail.passengers')}>
              {wide ? (
                <Table<TrainOrderPassenger>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={order.passengers}
                  columns={[
                    { key: 'name', title: t('trains.orders.detail.name'), render: (_, p) => p.name },
                    { key: 'type', title: t('trains.orders.detail.ticketType'), render: (_, p) => t(`trains.book.ticketTypes.${p.ticketType}`) },
                    { key: 'doc', title: t('trains.orders.detail.document'), render: (_, p) => `${t(`flight.documents.${p.document.type}`, { defaultValue: p.document.type })} ${p.document.number}` },
                    { key: 'seat', title: t('trains.orders.detail.seat'), render: (_, p) => <span data-testid="seat">{seatText(p)}</span> },
                    { key: 'price', title: t('trains.orders.detail.price'), align: 'right', render: (_, p) => formatTrainPrice(fareOf(p)) },
                    { key: 'ticket', title: t('trains.orders.detail.ticket'), render: (_, p) => ticketCell(p) },
                  ]}
                />
              ) : (
                <Flex vertical gap={8}>
                  {order.passengers.map((p) => (
                    <Card key={p.id} size="small" data-testid="passenger-card">
                      <Flex justify="space-between">
                        <Typography.Text strong>{p.name}</Typography.Text>
                        <span>{formatTrainPrice(fareOf(p))}</span>
                      </Flex>
                      <div>
                        {t(`trains.book.ticketTypes.${p.ticketType}`)} · <span data-testid="seat">{seatText(p)}</span>
                      </div>
                      {ticketCell(p)}
                    </Card>
                  ))}
                </Flex>
              )}
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={16}>
            <Card size="small">
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'total', label: t('trains.orders.detail.total'), children: <Typography.Text strong data-testid="order-total">{formatTrainPrice(order.total)}</Typography.Text> },
                  ...(order.refundedTotal > 0 || order.refundFeeTotal > 0
                    ? [
                        { key: 'refunded', label: t('trains.orders.detail.refunded'), children: <span data-testid="refunded-total">{formatTrainPrice(order.refundedTotal)}</span> },
                        { key: 'fees', label: t('trains.orders.detail.fees'), children: <span data-testid="refund-fees">{formatTrainPrice(order.refundFeeTotal)}</span> },
                      ]
                    : []),
                ]}
              />
            </Card>
            <Card size="small" title={t('trains.orders.detail.timeline')}>
              {order.events.length === 0 ? (
                <Empty description={t('trains.orders.detail.noEvents')} />
              ) : (
                <Timeline
                  items={[...order.events]
                    .sort((a, b) => a.at.localeCompare(b.at))
                    .map((e, i) => ({
                      key: `${e.at}-${i}`,
                      content: (
                        <Flex vertical data-testid="order-event">
                          <Typography.Text strong>{t(`trains.orders.event.${e.event}`, { defaultValue: e.event })}</Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {formatDateTime(e.at, dateFormat)}
                            {e.actor.name ? ` · ${e.actor.name}` : ''}
                          </Typography.Text>
                          {e.remark && <Typography.Text italic>{e.remark}</Typography.Text>}
                        </Flex>
                      ),
                    }))}
                />
              )}
            </Card>
          </Flex>
        </Col>
      </Row>

      <TrainPayDialog order={order} open={dialog === 'pay'} onClose={() => setDialog(null)} onChanged={refresh} />
      <TrainRefundDialog order={order} open={dialog === 'refund'} onClose={() => setDialog(null)} onChanged={refresh} />
      <TrainChangeDialog order={order} open={dialog === 'change'} onClose={() => setDialog(null)} onChanged={refresh} />
    </Flex>
  );
}

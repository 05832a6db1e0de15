import { useState } from 'react';
import { Button, Card, Empty, Flex, Grid, Input, List, Result, Table, Tabs, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { TRAIN_ORDER_STATUSES, TrainOrderListQuery, type TrainOrderListItem, type TrainOrderStatus } from '@portal/contract/api/trains';
import { paths } from '../../../app/paths';
import { ACCESS } from '../../../app/access';
import { useCanOpen } from '../../../app/use-can-open';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useUrlQuery } from '../../../lib/use-url-query';
import { formatTrainPrice } from '../../../components/train/train-money';
import { useTrainOrders, useTrainStatusCounts } from '../api/train-orders';
import { TrainStatusTag } from '../components/TrainStatusTag';

const TEXT_FILTERS = ['orderNumber', 'passengerName', 'trainNumber'] as const;
type TextFilters = Record<(typeof TEXT_FILTERS)[number], string>;
const NO_TEXT: TextFilters = { orderNumber: '', passengerName: '', trainNumber: '' };

/** /train/orders (issue 13, no role required): the agency's train bookings by status, searchable, newest first. */
export default function TrainOrdersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const wide = Boolean(Grid.useBreakpoint().md);
  const canBook = useCanOpen(ACCESS.trainBooking);
  // The contract's list query kept in the URL (a bad parameter is dropped on its own); a filter change returns to page 1.
  const { query, setQuery } = useUrlQuery(TrainOrderListQuery);
  const { page, pageSize } = query;
  const status = query.status?.length === 1 ? query.status[0] : null;
  const list = useTrainOrders({ ...query, status: query.status?.join(',') });
  const counts = useTrainStatusCounts();
  const [draft, setDraft] = useState<TextFilters>(() => ({ ...NO_TEXT, ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, query[k] ?? ''])) }));
  const countOf = (s: TrainOrderStatus) => counts.data?.find((c) => c.status === s)?.cnt ?? 0;
  const all = counts.data?.reduce((n, c) => n + c.cnt, 0) ?? 0;

  const train = (o: TrainOrderListItem) => (
    <Flex vertical>
      <Typography.Text strong>{o.trainNumber}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {o.from.name} → {o.to.name}
      </Typography.Text>
    </Flex>
  );
  const departure = (o: TrainOrderListItem) => `${formatDate(o.departureAt.slice(0, 10), dateFormat)} ${o.departureAt.slice(11, 16)}`;
  const link = (o: TrainOrderListItem) => <Link to={paths.trainOrder(o.id)}>{o.orderNumber}</Link>;

  const items = list.data?.items ?? [];
  const body =
    list.isError && !list.data ? (
      <Result
        status="error"
        title={t('trains.orders.loadFailed')}
        subTitle={list.error.message}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('trains.orders.retry')}
          </Button>
        }
      />
    ) : !list.isPending && items.length === 0 ? (
      <Empty description={t('train.order.noOrders')} data-testid="no-orders">
        {canBook && (
          <Link to={paths.trainBooking}>
            <Button type="primary">{t('trains.orders.newBooking')}</Button>
          </Link>
        )}
      </Empty>
    ) : wide ? (
      <Table<TrainOrderListItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={items}
        size="middle"
        pagination={{ current: page, pageSize, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setQuery({ page: p }) }}
        columns={[
          { key: 'orderNumber', title: t('trains.orders.col.orderNumber'), render: (_, o) => link(o) },
          { key: 'train', title: t('trains.orders.col.train'), render: (_, o) => train(o) },
          { key: 'departure', title: t('trains.orders.col.departure'), render: (_, o) => departure(o) },
          { key: 'seatClass', title: t('trains.orders.col.seatClass'), render: (_, o) => t(`trains.seatClass.${o.seatClass}`) },
          { key: 'passengers', title: t('trains.orders.col.passengers'), render: (_, o) => o.passengers.join(', ') },
          { key: 'total', title: t('trains.orders.col.total'), align: 'right', render: (_, o) => formatTrainPrice(o.total) },
          { key: 'status', title: t('trains.orders.col.status'), render: (_, o) => <TrainStatusTag status={o.status} /> },
          { key: 'createdAt', title: t('trains.orders.col.createdAt'), render: (_, o) => formatDateTime(o.createdAt, dateFormat) },
        ]}
      />
    ) : (
      <List
        loading={list.isFetching}
        dataSource={items}
        pagination={{ current: page, pageSize, total: list.data?.total ?? 0, size: 'small', onChange: (p) => setQuery({ page: p }) }}
        renderItem={(o) => (
          <Card size="small" style={{ marginBottom: 8 }} data-testid="train-order-card">
            <Flex justify="space-between" align="start" gap={8}>
              {train(o)}
              <TrainStatusTag status={o.status} />
            </Flex>
            <Typography.Paragraph style={{ margin: '8px 0 0' }}>
              {departure(o)} · {t(`trains.seatClass.${o.seatClass}`)}
              <br />
              {o.passengers.join(', ')}
            </Typography.Paragraph>
            <Flex justify="space-between" align="center">
              {link(o)}
              <Typography.Text strong>{formatTrainPrice(o.total)}</Typography.Text>
            </Flex>
          </Card>
        )}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('trains.title.orders')}
      </Typography.Title>
      <Card size="small">
        <Tabs
          activeKey={status ?? 'all'}
          onChange={(k) => setQuery({ status: k === 'all' ? undefined : [k as TrainOrderStatus] })}
          items={[
            { key: 'all', label: `${t('trains.orders.all')} (${all})` },
            ...TRAIN_ORDER_STATUSES.map((s) => ({ key: s, label: `${t(`trains.orders.status.${s}`)} (${countOf(s)})` })),
          ]}
        />
        <Flex gap={8} wrap>
          {TEXT_FILTERS.map((k) => (
            <Input
              key={k}
              aria-label={t(`trains.orders.filters.${k}`)}
              placeholder={t(`trains.orders.filters.${k}`)}
              value={draft[k]}
              allowClear
              style={{ width: wide ? 200 : '100%' }}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
              onPressEnter={() => setQuery(draft)}
            />
          ))}
          <Button type="primary" icon={<SearchOutlined />} onClick={() => setQuery(draft)}>
            {t('trains.orders.filters.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft(NO_TEXT);
              setQuery(NO_TEXT);
            }}
          >
            {t('trains.orders.filters.reset')}
          </Button>
        </Flex>
      </Card>
      <Card size="small">{body}</Card>
    </Flex>
  );
}

import { useState } from 'react';
import { Button, Card, Flex, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRAIN_DESK_VIEWS, TrainDeskQuery, type TrainDeskItem } from '@portal/contract/api/train-payments';
import { DeskHeader, DeskTable } from '../../../components/desk/DeskQueue';
import { useNow } from '../../../components/orders/countdown';
import { formatTrainPrice } from '../../../components/train/train-money';
import { paths } from '../../../app/paths';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { TrainDeskActionDialog, type TrainDeskTarget } from '../components/TrainDeskActionDialog';
import { trainDeskKeys, useTrainDesk, type TrainDeskParams } from '../api/train-desk';

/**
 * /platform/train-desk: the platform's operators issue the train tickets of agencies under a manual train config, and
 * retry (or give up) the ones the railway has not answered. Each row: who, which train, how much was paid, how long
 * it has waited.
 */
export default function TrainDeskPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const client = useQueryClient();
  const now = useNow();
  const { query, setQuery } = useUrlQuery(TrainDeskQuery);
  const params: TrainDeskParams = query;
  const list = useTrainDesk(params);
  const [target, setTarget] = useState<TrainDeskTarget | null>(null);
  const open = (o: TrainDeskItem, action: TrainDeskTarget['action']) => setTarget({ id: o.id, orderNumber: o.orderNumber, status: o.status, total: o.total, action });

  const columns: TableProps<TrainDeskItem>['columns'] = [
    {
      key: 'agency',
      title: t('trainDesk.columns.agency'),
      fixed: 'left',
      render: (_, o) => (
        <Flex vertical>
          <Typography.Text strong>{o.companyName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.companyCode}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'order',
      title: t('trainDesk.columns.order'),
      render: (_, o) => (
        <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
          <Link to={paths.trainOrder(o.id)}>{o.orderNumber}</Link>
          <Tag color="processing" style={{ marginInlineEnd: 0, width: 'fit-content' }}>
            {t(`trains.orders.status.${o.status}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      key: 'train',
      title: t('trainDesk.columns.train'),
      render: (_, o) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>{o.trainNumber}</Typography.Text>
          <span>
            {o.from.name} → {o.to.name}
          </span>
        </Flex>
      ),
    },
    {
      key: 'departure',
      title: t('trainDesk.columns.departure'),
      // China wall-clock time, as the railway prints it on the ticket.
      render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{`${o.departureAt.slice(0, 10)} ${o.departureAt.slice(11, 16)}`}</span>,
    },
    { key: 'passengers', title: t('trainDesk.columns.passengers'), render: (_, o) => o.passengers.join(', ') },
    { key: 'paid', title: t('trainDesk.columns.paid'), align: 'right', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatTrainPrice(o.total)}</span> },
    {
      key: 'age',
      title: t('trainDesk.columns.waiting'),
      render: (_, o) =>
        o.paidAt ? (
          <Flex vertical style={{ whiteSpace: 'nowrap' }}>
            <span data-testid="waiting">{formatDuration(Math.max(0, (now - Date.parse(o.paidAt)) / 60_000))}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('trainDesk.paidAt', { time: formatDateTime(o.paidAt, dateFormat) })}
            </Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      key: 'actions',
      title: t('trainDesk.columns.actions'),
      // The decisions are the point of this page: they stay in view while the rest scrolls.
      fixed: 'right',
      render: (_, o) => (
        <Flex gap={4} wrap>
          <Button size="small" type="primary" onClick={() => open(o, 'issue')}>
            {o.status === 'ticketing' ? t('trainDesk.actions.retry') : t('trainDesk.actions.issue')}
          </Button>
          {o.status === 'manual_ticketing' && (
            <Button size="small" danger onClick={() => open(o, 'mark-failed')}>
              {t('trainDesk.actions.markFailed')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <DeskHeader title={t('trainDesk.title')} subtitle={t('trainDesk.subtitle')} />
      <Card styles={{ body: { paddingTop: 0 } }}>
        <Tabs activeKey={query.view} onChange={(view) => setQuery({ view: view as TrainDeskParams['view'] })} items={TRAIN_DESK_VIEWS.map((v) => ({ key: v, label: t(`trainDesk.views.${v}`) }))} />
        <DeskTable<TrainDeskItem>
          list={list}
          columns={columns}
          errorTitle={t('trainDesk.loadFailed')}
          emptyText={t('trainDesk.empty')}
          showTotal={(total) => t('trainDesk.total', { count: total })}
          page={query.page}
          pageSize={query.pageSize}
          onPage={(page, pageSize) => setQuery({ page, pageSize })}
        />
      </Card>
      <TrainDeskActionDialog target={target} onClose={() => setTarget(null)} onDone={() => void client.invalidateQueries({ queryKey: trainDeskKeys.all })} />
    </Flex>
  );
}

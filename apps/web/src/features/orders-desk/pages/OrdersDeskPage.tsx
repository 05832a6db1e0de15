import { useState } from 'react';
import { Button, Card, Flex, Tabs, Typography, type TableProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeskQuery, isOrderStatus, type DeskItem } from '@portal/contract/api/flight-orders';
import { DeskHeader, DeskTable } from '../../../components/desk/DeskQueue';
import { Countdown } from '../../../components/orders/Countdown';
import { DeskActionDialog, type DeskTarget } from '../../../components/orders/DeskActionDialog';
import { OrderStatusTag } from '../../../components/orders/OrderStatusTag';
import { paths } from '../../../app/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { deskKeys, useDeskOrders, type DeskParams } from '../api/get-desk-orders';

const VIEWS = DeskQuery.shape.view.unwrap().options;

/** /platform/orders-desk: the platform's operators work through the orders of its agencies that need a person. */
export default function OrdersDeskPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const client = useQueryClient();
  const { query, setQuery } = useUrlQuery(DeskQuery);
  const params: DeskParams = query;
  const list = useDeskOrders(params);
  const [target, setTarget] = useState<DeskTarget | null>(null);

  const columns: TableProps<DeskItem>['columns'] = [
    {
      key: 'agency',
      title: t('orders.desk.columns.agency'),
      fixed: 'left',
      render: (_, o) => (
        <span style={{ display: 'flex', flexDirection: 'column' }}>
          <Typography.Text strong>{o.companyName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.companyCode}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'reason',
      title: t('orders.desk.columns.reason'),
      // The server names a reason (stuck, dueSoon) or the status itself that calls for a person.
      render: (_, o) => t(`orders.desk.reasons.${o.reason}`, { defaultValue: isOrderStatus(o.reason) ? t(`orders.status.${o.reason}`) : o.reason }),
    },
    {
      key: 'booking',
      title: t('orders.desk.columns.bookingNumber'),
      render: (_, o) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <Link to={paths.flightOrder(o.id)}>{o.bookingNumber}</Link>
          {o.type !== 'origin' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`orders.type.${o.type}`)}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'status', title: t('orders.desk.columns.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
    {
      key: 'flight',
      title: t('orders.desk.columns.flight'),
      render: (_, o) => (
        <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
          <span>{o.route}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(o.departure, dateFormat)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'total', title: t('orders.desk.columns.total'), align: 'right', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(o.total, o.currency)}</span> },
    {
      key: 'deadline',
      title: t('orders.desk.columns.deadline'),
      render: (_, o) =>
        o.paymentDeadline ? (
          <span style={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
            <span>{formatDateTime(o.paymentDeadline, dateFormat)}</span>
            <Countdown deadline={o.paymentDeadline} />
          </span>
        ) : (
          '-'
        ),
    },
    { key: 'created', title: t('orders.desk.columns.created'), render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.createdAt, dateFormat)}</span> },
    {
      key: 'actions',
      title: t('orders.desk.columns.actions'),
      // The moves are the point of this page: they stay in view while the rest scrolls.
      fixed: 'right',
      render: (_, o) => {
        const actions = o.deskActions;
        return actions.length ? (
          <Flex gap={4} wrap>
            {actions.map((a) => (
              <Button
                key={a}
                size="small"
                type={a === 'approve' ? 'primary' : 'default'}
                danger={a === 'reject' || a === 'markFailed'}
                onClick={() => setTarget({ id: o.id, bookingNumber: o.bookingNumber, action: a, type: o.type })}
              >
                {t(`orders.desk.actions.${a}`)}
              </Button>
            ))}
          </Flex>
        ) : (
          <Link to={paths.flightOrder(o.id)}>{t('orders.desk.open')}</Link>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <DeskHeader title={t('orders.desk.title')} subtitle={t('orders.desk.subtitle')} />
      <Card styles={{ body: { paddingTop: 0 } }}>
        <Tabs activeKey={query.view} onChange={(view) => setQuery({ view: view as DeskParams['view'] })} items={VIEWS.map((v) => ({ key: v, label: t(`orders.desk.views.${v}`) }))} />
        <DeskTable<DeskItem>
          list={list}
          columns={columns}
          errorTitle={t('orders.desk.errors.load')}
          emptyText={t('orders.desk.empty')}
          showTotal={(total) => t('orders.desk.total', { count: total })}
          page={query.page}
          pageSize={query.pageSize}
          onPage={(page, pageSize) => setQuery({ page, pageSize })}
        />
      </Card>
      <DeskActionDialog target={target} onClose={() => setTarget(null)} onDone={() => void client.invalidateQueries({ queryKey: deskKeys.all })} />
    </Flex>
  );
}

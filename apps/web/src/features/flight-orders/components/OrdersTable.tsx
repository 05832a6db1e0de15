import type { ReactNode } from 'react';
import { Flex, Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '@portal/contract/api/flight-orders';
import { Countdown } from '../../../components/orders/Countdown';
import { OrderStatusTag } from '../../../components/orders/OrderStatusTag';
import { paths } from '../../../app/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import type { OrderListUrlQuery } from '../model/order-menu';
import { PaymentStatusTag } from './PaymentStatusTag';

type Sort = Pick<OrderListUrlQuery, 'sort' | 'order'>;

interface Props {
  items: OrderListItem[];
  loading: boolean;
  dateFormat: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  pagination: TablePaginationConfig;
  empty: ReactNode;
}

const lines = (values: string[]) =>
  values.length ? (
    <span className="orders-cell-lines">
      {values.map((v, i) => (
        <span key={`${v}-${i}`}>{v}</span>
      ))}
    </span>
  ) : (
    '-'
  );

/** Unpaid bookings count down to their payment deadline. */
export function PayCountdown({ order }: { order: OrderListItem }) {
  return (order.status === 'to_be_paid' || order.status === 'chg_to_be_paid') && order.paymentDeadline ? <Countdown deadline={order.paymentDeadline} /> : null;
}

/** The order list: one row per order, the booking number opening its detail. */
export function OrdersTable({ items, loading, dateFormat, sort, onSort, pagination, empty }: Props) {
  const { t } = useTranslation();
  const sortOrder = (key: Sort['sort']) => (sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableProps<OrderListItem>['columns'] = [
    {
      key: 'bookingNumber',
      title: t('orders.columns.bookingNumber'),
      fixed: 'left',
      render: (_, o) => (
        <Flex vertical gap={2}>
          <Link to={paths.flightOrder(o.id)}>{o.bookingNumber}</Link>
          {o.type !== 'origin' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`orders.type.${o.type}`)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'pnr', title: t('orders.columns.pnr'), render: (_, o) => o.recordLocator ?? '-' },
    {
      key: 'route',
      title: t('orders.columns.route'),
      render: (_, o) => (
        <span className="orders-cell-lines">
          <span>{o.route}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.flightNumbers.join(' · ')}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'departure',
      title: t('orders.columns.departure'),
      sorter: true,
      sortOrder: sortOrder('departure'),
      render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.departure, dateFormat)}</span>,
    },
    { key: 'passengers', title: t('orders.columns.passengers'), render: (_, o) => lines(o.passengers) },
    { key: 'tickets', title: t('orders.columns.ticketNumbers'), render: (_, o) => lines(o.ticketNumbers) },
    {
      key: 'total',
      title: t('orders.columns.total'),
      align: 'right',
      render: (_, o) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(o.total, o.currency)}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('orders.columns.status'),
      render: (_, o) => (
        <Flex vertical gap={4} align="flex-start">
          <OrderStatusTag status={o.status} />
          <PaymentStatusTag status={o.paymentStatus} />
          <PayCountdown order={o} />
        </Flex>
      ),
    },
    {
      key: 'createdAt',
      title: t('orders.columns.created'),
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (_, o) => (
        <span className="orders-cell-lines">
          <span>{formatDateTime(o.createdAt, dateFormat)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.createdBy ?? '-'}
          </Typography.Text>
        </span>
      ),
    },
  ];

  return (
    <Table<OrderListItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      locale={{ emptyText: empty }}
      sortDirections={['descend', 'ascend']}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        const key = sorter.columnKey === 'departure' ? 'departure' : 'createdAt';
        // Clearing a sort goes back to the list's default (newest first).
        onSort(sorter.order ? { sort: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : { sort: 'createdAt', order: 'desc' });
      }}
    />
  );
}

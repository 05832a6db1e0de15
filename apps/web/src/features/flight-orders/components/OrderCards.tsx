import type { ReactNode } from 'react';
import { Flex, Typography, type TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '@portal/contract/api/flight-orders';
import { CardList } from '../../../components/orders/CardList';
import { OrderStatusTag } from '../../../components/orders/OrderStatusTag';
import { paths } from '../../../app/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { PayCountdown } from './OrdersTable';
import { PaymentStatusTag } from './PaymentStatusTag';

interface Props {
  items: OrderListItem[];
  loading: boolean;
  dateFormat: string;
  pagination: TablePaginationConfig;
  empty: ReactNode;
}

/** The order list on a phone: one card per order with what matters at a glance; the table is for wider screens. */
export function OrderCards({ items, loading, dateFormat, pagination, empty }: Props) {
  const { t } = useTranslation();
  return (
    <CardList
      items={items}
      loading={loading}
      empty={empty}
      pagination={pagination}
      rowKey={(o) => o.id}
      renderCard={(o) => (
        <Flex vertical gap={6} className="orders-card" data-testid="order-card">
          <Flex justify="space-between" align="center" gap={8}>
            <Link to={paths.flightOrder(o.id)} style={{ fontWeight: 600 }}>
              {o.bookingNumber}
            </Link>
            <OrderStatusTag status={o.status} />
          </Flex>
          <Flex justify="space-between" gap={8}>
            <Typography.Text>
              {o.route} · {o.flightNumbers.join(' · ')}
            </Typography.Text>
            <Typography.Text type="secondary">{o.recordLocator ?? ''}</Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(o.departure, dateFormat)} · {o.passengers.join(', ')}
          </Typography.Text>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Flex gap={6} align="center" wrap>
              <PaymentStatusTag status={o.paymentStatus} />
              {o.type !== 'origin' && <Typography.Text type="secondary">{t(`orders.type.${o.type}`)}</Typography.Text>}
              <PayCountdown order={o} />
            </Flex>
            <Typography.Text strong>{formatAmount(o.total, o.currency)}</Typography.Text>
          </Flex>
        </Flex>
      )}
    />
  );
}

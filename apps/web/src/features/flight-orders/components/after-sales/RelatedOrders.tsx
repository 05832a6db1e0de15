import { Card, Table, Tag, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOrderStatus } from '@portal/contract/api/flight-orders';
import type { RelatedOrder } from '@portal/contract/api/after-sales';
import type { Currency } from '@portal/contract/currency';
import { OrderStatusTag } from '../../../../components/orders/OrderStatusTag';
import { paths } from '../../../../app/paths';
import { formatAmount, formatDateTime } from '../../../../lib/format';

/** The other orders of the same booking: the original and its change, refund and void orders, each with a link. */
export function RelatedOrders({ related, currency, dateFormat }: { related: RelatedOrder[]; currency: Currency; dateFormat: string }) {
  const { t } = useTranslation();
  const columns: TableProps<RelatedOrder>['columns'] = [
    { key: 'booking', title: t('orders.columns.bookingNumber'), render: (_, o) => <Link to={paths.flightOrder(o.id)}>{o.bookingNumber}</Link> },
    { key: 'type', title: t('orders.afterSales.related.type'), render: (_, o) => <Tag style={{ marginInlineEnd: 0 }}>{t(`orders.type.${o.type}`)}</Tag> },
    { key: 'status', title: t('orders.columns.status'), render: (_, o) => (isOrderStatus(o.status) ? <OrderStatusTag status={o.status} /> : o.status) },
    { key: 'total', title: t('orders.columns.total'), align: 'right', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(o.total, currency)}</span> },
    { key: 'created', title: t('orders.columns.created'), render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.createdAt, dateFormat)}</span> },
  ];
  return (
    <Card title={t('orders.afterSales.related.title')} styles={{ body: { padding: 0 } }} data-testid="related-orders">
      <Table<RelatedOrder>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...related].sort((a, b) => a.createdAt.localeCompare(b.createdAt))}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

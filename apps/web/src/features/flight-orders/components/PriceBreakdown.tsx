import { Flex, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder, OrderPriceLine } from '@portal/contract/api/flight-orders';
import { formatAmount } from '../../../lib/format';

const FIELDS = ['ticketPrice', 'faceValue', 'tax', 'airportTax', 'fuelSurcharge', 'discount', 'serviceFee', 'sellingPrice'] as const;

/**
 * Spec point 3, price: each field per passenger of each type, the order total, the channel's transaction fee and what
 * was charged. The cost price (what the supplier is paid) appears only when the server sends it (the platform).
 */
export function PriceBreakdown({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const c = order.currency;
  const money = (v: number) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatAmount(v, c, { code: false })}</span>;
  const withCost = order.priceLines.some((l) => l.costPrice !== null);

  const columns: TableProps<OrderPriceLine>['columns'] = [
    {
      key: 'passenger',
      title: t('orders.detail.price.passenger'),
      fixed: 'left',
      render: (_, l) => `${t(`flight.passengerType.${l.passengerType}`)} × ${l.count}`,
    },
    ...FIELDS.map((field) => ({
      key: field,
      title: t(`orders.detail.price.${field}`),
      align: 'right' as const,
      render: (_: unknown, l: OrderPriceLine) => (field === 'discount' && l.discount !== 0 ? money(-Math.abs(l.discount)) : money(l[field])),
    })),
    ...(withCost
      ? [
          {
            key: 'costPrice',
            title: t('orders.detail.price.costPrice'),
            align: 'right' as const,
            render: (_: unknown, l: OrderPriceLine) => (l.costPrice === null ? '-' : money(l.costPrice)),
          },
        ]
      : []),
    { key: 'subtotal', title: t('orders.detail.price.subtotal'), align: 'right', render: (_, l) => money(l.sellingPrice * l.count) },
  ];
  const total = (key: string, label: string, value: number, strong = false) => (
    <Flex key={key} justify="space-between" gap={24}>
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong} data-testid={`price-${key}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(value, c)}
      </Typography.Text>
    </Flex>
  );

  return (
    <>
      <Table<OrderPriceLine> rowKey="passengerType" size="small" columns={columns} dataSource={order.priceLines} pagination={false} scroll={{ x: 'max-content' }} />
      {/* The totals stay in view on a phone, outside the table's horizontal scroll. */}
      <Flex vertical gap={4} style={{ padding: '12px 16px', marginInlineStart: 'auto', maxWidth: 360 }}>
        {total('total', t('orders.detail.price.total'), order.total)}
        {total('transactionFee', t('orders.detail.price.transactionFee'), order.transactionFee)}
        {total('charged', t('orders.detail.price.charged'), order.total + order.transactionFee, true)}
        {order.costTotal !== null && total('costTotal', t('orders.detail.price.costTotal'), order.costTotal)}
      </Flex>
    </>
  );
}

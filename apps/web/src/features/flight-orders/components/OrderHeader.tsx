import type { ReactNode } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Countdown } from '../../../components/orders/Countdown';
import { OrderStatusTag } from '../../../components/orders/OrderStatusTag';
import { paths } from '../../../app/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PaymentStatusTag } from './PaymentStatusTag';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <span className="order-header__figure-label">{label}</span>
      <span>{children}</span>
    </Flex>
  );
}

interface Props {
  order: FlightOrder;
  dateFormat: string;
  /** The buttons of what the order allows now. */
  actions: ReactNode;
}

/** Who, what and where the order stands: booking number, PNR, status and payment status first, then the key facts. */
export function OrderHeader({ order: o, dateFormat, actions }: Props) {
  const { t } = useTranslation();
  const copyable = { onCopy: () => notify.success(t('message.success.copy')) };
  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <Flex vertical gap={6} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('orders.detail.header.bookingNumber')}</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }} copyable={copyable}>
              {o.bookingNumber}
            </Typography.Title>
            <Flex gap={8} wrap align="center">
              <OrderStatusTag status={o.status} />
              <PaymentStatusTag status={o.paymentStatus} />
              <Tag style={{ marginInlineEnd: 0 }}>{t(`orders.type.${o.type}`)}</Tag>
              {(o.status === 'to_be_paid' || o.status === 'chg_to_be_paid') && o.paymentDeadline && <Countdown deadline={o.paymentDeadline} label={t('orders.pay.payWithin')} />}
            </Flex>
          </Flex>
          <Flex gap={8} wrap justify="flex-end">
            {actions}
          </Flex>
        </Flex>
        <div className="order-header__figures">
          <Figure label={t('orders.detail.header.pnr')}>
            {o.recordLocator ? (
              <Typography.Text strong copyable={copyable}>
                {o.recordLocator}
              </Typography.Text>
            ) : (
              '-'
            )}
          </Figure>
          <Figure label={t('orders.detail.header.total')}>
            <Typography.Text strong style={{ color: '#d4380d' }}>
              {formatAmount(o.total, o.currency)}
            </Typography.Text>
          </Figure>
          <Figure label={t('orders.detail.header.createdAt')}>{formatDateTime(o.createdAt, dateFormat)}</Figure>
          <Figure label={t('orders.detail.header.createdBy')}>{o.createdBy.name ?? '-'}</Figure>
          <Figure label={t('orders.detail.header.agency')}>{o.companyName}</Figure>
          <Figure label={t('orders.detail.header.paymentDeadline')}>{formatDateTime(o.paymentDeadline, dateFormat)}</Figure>
          {o.paymentMethod && <Figure label={t('orders.detail.header.paymentMethod')}>{t(`orders.channels.${o.paymentMethod}`)}</Figure>}
          {o.paidAt && <Figure label={t('orders.detail.header.paidAt')}>{formatDateTime(o.paidAt, dateFormat)}</Figure>}
          {o.issuedAt && <Figure label={t('orders.detail.header.issuedAt')}>{formatDateTime(o.issuedAt, dateFormat)}</Figure>}
          {o.supplier && <Figure label={t('orders.detail.header.supplier')}>{o.supplier}</Figure>}
          {o.originalOrderId && (
            <Figure label={t('orders.detail.header.original')}>
              <Link to={paths.flightOrder(o.originalOrderId)}>{t('orders.detail.header.openOriginal')}</Link>
            </Figure>
          )}
        </div>
      </Flex>
    </Card>
  );
}

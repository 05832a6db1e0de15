import { Alert, Flex, Progress, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { useNow } from '../../../components/orders/countdown';

/**
 * Shown while the order is being booked (holding) or ticketed (proceeding): what is happening, the ticketing promise of
 * the product type, and how much of it has gone by since payment. The page refreshes the order meanwhile.
 */
export function TicketingProgress({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  if (order.status === 'holding') {
    return <Alert type="warning" showIcon icon={<Spin size="small" />} title={t('orders.detail.progress.holding')} description={t('orders.detail.progress.refreshing')} />;
  }
  return order.status === 'proceeding' ? <Ticketing order={order} /> : null;
}

function Ticketing({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const now = useNow();
  const minutes = order.ticketingPromiseMinutes;
  const started = order.paidAt ? Date.parse(order.paidAt) : null;
  const percent = minutes && started ? Math.min(99, Math.max(1, Math.round(((now - started) / (minutes * 60_000)) * 100))) : null;
  return (
    <Alert
      type="info"
      showIcon
      icon={<Spin size="small" />}
      title={minutes ? t('orders.detail.progress.proceeding', { count: minutes }) : t('orders.detail.progress.proceedingBefore')}
      description={
        <Flex vertical gap={4}>
          {percent !== null && <Progress percent={percent} status="active" showInfo={false} size="small" aria-label={t('orders.detail.progress.elapsed')} />}
          <span>{t('orders.detail.progress.refreshing')}</span>
        </Flex>
      }
    />
  );
}

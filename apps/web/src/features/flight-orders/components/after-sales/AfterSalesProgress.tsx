import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlightOrder, OrderStatus } from '@portal/contract/api/flight-orders';
import { POLLED_STATUSES } from '../../api/get-order';

/** Where a change, refund or void order stands and what comes next, in one line (statuses with nothing to say: none). */
const EXPLAINED: Partial<Record<OrderStatus, 'info' | 'warning' | 'success'>> = {
  chg_reviewing: 'info',
  chg_to_be_paid: 'warning',
  chg_proceeding: 'info',
  change_holding: 'warning',
  rfd_reviewing: 'info',
  rfd_to_be_confirm: 'warning',
  rfd_proceeding: 'info',
  refund_holding: 'warning',
  refunded: 'success',
  refunded_reimbursing: 'success',
  void_proceeding: 'info',
  void_holding: 'warning',
  voided: 'success',
  voided_reimbursing: 'success',
};

export function AfterSalesProgress({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const type = EXPLAINED[order.status];
  if (order.type === 'origin' || !type) return null;
  const moving = POLLED_STATUSES.includes(order.status);
  return (
    <Alert
      type={type}
      showIcon
      icon={moving ? <Spin size="small" /> : undefined}
      title={t(`orders.afterSales.progress.${order.status}`)}
      description={moving ? t('orders.detail.progress.refreshing') : undefined}
      data-testid="after-sales-progress"
    />
  );
}

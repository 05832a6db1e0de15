import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTone, type OrderStatus, type StatusTone } from '@portal/contract/api/flight-orders';

/**
 * Spec point 4, status tags: the contract's display class of a status as antd's status colours. `info` is the quiet
 * grey of closed and canceled orders; `primary` the blue of orders waiting for the agency (to be paid, proceeding).
 */
export const TONE_COLORS: Record<StatusTone, 'success' | 'warning' | 'error' | 'default' | 'processing'> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'default',
  primary: 'processing',
};

/** A flight order status as a coloured tag with its label in the user's language. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const tone = statusTone(status);
  return (
    <Tag color={TONE_COLORS[tone]} data-tone={tone} style={{ marginInlineEnd: 0 }}>
      {t(`orders.status.${status}`)}
    </Tag>
  );
}

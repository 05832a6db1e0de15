import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainOrderStatus } from '@portal/contract/api/trains';

const COLOR: Record<TrainOrderStatus, string> = {
  to_be_paid: 'orange',
  ticketing: 'processing',
  manual_ticketing: 'processing',
  issued: 'green',
  partially_refunded: 'gold',
  refunded: 'default',
  failed: 'red',
  canceled: 'default',
};

export function TrainStatusTag({ status }: { status: TrainOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid="order-status" style={{ marginInlineEnd: 0 }}>
      {t(`trains.orders.status.${status}`)}
    </Tag>
  );
}

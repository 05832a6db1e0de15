import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@portal/contract/api/flight-orders';

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'paid' ? 'green' : 'orange'} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {t(`orders.paymentStatus.${status}`)}
    </Tag>
  );
}

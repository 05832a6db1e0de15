import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionStatus } from '@portal/contract/api/bills';

const COLORS: Record<TransactionStatus, string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
  canceled: 'default',
  expired: 'warning',
};

export function TransactionStatusTag({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`bills.statuses.${status}`)}
    </Tag>
  );
}

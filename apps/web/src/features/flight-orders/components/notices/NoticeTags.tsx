import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisruptionKind, NoticeStatus } from '@portal/contract/api/after-sales';

const KIND_COLORS: Record<DisruptionKind, string> = { change: 'orange', cancel_save: 'volcano', cancel_no_save: 'red', restore: 'green' };
const STATUS_COLORS: Record<NoticeStatus, string> = { open: 'processing', accepted: 'success', refused: 'error', refunding: 'warning', changing: 'warning', closed: 'default' };

export function NoticeKindTag({ kind }: { kind: DisruptionKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 0 }}>
      {t(`orders.notices.kinds.${kind}`)}
    </Tag>
  );
}

export function NoticeStatusTag({ status }: { status: NoticeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`orders.notices.statuses.${status}`)}
    </Tag>
  );
}

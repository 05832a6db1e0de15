import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupOrderStatus } from '@portal/contract/api/group-orders';
import { TONE_COLORS } from '../../../components/orders/OrderStatusTag';
import { groupStatusTone } from '../model/group-menu';

/** A group status as a coloured tag (the flight orders' colours for the same display class). */
export function GroupStatusTag({ status }: { status: GroupOrderStatus }) {
  const { t } = useTranslation();
  const tone = groupStatusTone(status);
  return (
    <Tag color={TONE_COLORS[tone]} data-tone={tone} style={{ marginInlineEnd: 0 }}>
      {t(`groups.status.${status}`)}
    </Tag>
  );
}

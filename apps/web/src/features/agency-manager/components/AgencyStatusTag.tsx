import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgencyStatus } from '@portal/contract/api/agencies';

export function AgencyStatusTag({ status }: { status: AgencyStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'success' : 'default'}>{t(`agency.statuses.${status}`)}</Tag>;
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@portal/contract/roles';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'success', disabled: 'default', testing: 'processing' };

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`users.statuses.${status}`)}</Tag>;
}

import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserListQuery } from '@portal/contract/api/users';
import { ROLES, USER_STATUSES } from '@portal/contract/roles';
import { KeywordSearch } from '../../../components/KeywordSearch';

interface Props {
  query: UserListQuery;
  onChange: (patch: Partial<UserListQuery>) => void;
}

export function UserFilters({ query, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap size={[8, 8]}>
      <KeywordSearch
        value={query.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        label={t('users.filters.keyword')}
        maxLength={64}
        style={{ width: 260 }}
      />
      <Select
        value={query.role}
        onChange={(role) => onChange({ role })}
        placeholder={t('users.filters.allRoles')}
        aria-label={t('users.filters.role')}
        allowClear
        style={{ width: 160 }}
        options={ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) }))}
      />
      <Select
        value={query.status}
        onChange={(status) => onChange({ status })}
        placeholder={t('users.filters.allStatuses')}
        aria-label={t('users.filters.status')}
        allowClear
        style={{ width: 160 }}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
      />
    </Space>
  );
}

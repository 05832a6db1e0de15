import { useState } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserListQuery } from '@portal/contract/api/users';
import { ROLES, USER_STATUSES } from '@portal/contract/roles';

interface Props {
  query: UserListQuery;
  onChange: (patch: Partial<UserListQuery>) => void;
}

export function UserFilters({ query, onChange }: Props) {
  const { t } = useTranslation();
  // The box is edited locally and searched on Enter or the button, not on every keystroke.
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  // Follow the URL when it changes from outside (back button, "clear filters").
  const [seen, setSeen] = useState(query.keyword);
  if (seen !== query.keyword) {
    setSeen(query.keyword);
    setKeyword(query.keyword ?? '');
  }

  return (
    <Space wrap size={[8, 8]}>
      <Input.Search
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
        placeholder={t('users.filters.keyword')}
        aria-label={t('users.filters.keyword')}
        allowClear
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

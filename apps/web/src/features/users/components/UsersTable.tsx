import type { ReactNode } from 'react';
import { Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import { formatDateTime } from '../../../lib/format';
import { PermissionTags } from './PermissionTags';
import { RoleTags } from './RoleTags';
import { UserRowActions, type UserRowHandlers } from './UserRowActions';
import { UserStatusTag } from './UserStatusTag';

interface Props extends UserRowHandlers {
  users: UserItem[];
  loading: boolean;
  pagination: TableProps<UserItem>['pagination'];
  /** Write actions are for SuperUsers; everyone else sees the list without an actions column. */
  canManage: boolean;
  meId: string | undefined;
  dateFormat: string;
  empty: ReactNode;
}

export function formatMobile(user: Pick<UserItem, 'areaCode' | 'mobile'>): string {
  if (!user.mobile) return '—';
  return user.areaCode ? `+${user.areaCode} ${user.mobile}` : user.mobile;
}

export function UsersTable({ users, loading, pagination, canManage, meId, dateFormat, empty, ...handlers }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserItem> = [
    {
      title: t('users.columns.username'),
      dataIndex: 'username',
      fixed: 'left',
      width: 160,
      render: (username: string, user) => (
        <Typography.Text strong>
          {username}
          {user.id === meId && <Typography.Text type="secondary"> ({t('users.you')})</Typography.Text>}
        </Typography.Text>
      ),
    },
    { title: t('users.columns.nickname'), dataIndex: 'nickname', width: 140, render: (v: string | null) => v || '—' },
    {
      title: t('users.columns.email'),
      dataIndex: 'email',
      width: 220,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v || '—',
    },
    { title: t('users.columns.mobile'), key: 'mobile', width: 160, render: (_, user) => formatMobile(user) },
    { title: t('users.columns.roles'), dataIndex: 'roles', width: 200, render: (_, user) => <RoleTags roles={user.roles} /> },
    {
      title: t('users.columns.permissions'),
      dataIndex: 'permissions',
      width: 160,
      render: (_, user) => <PermissionTags permissions={user.permissions ?? []} />,
    },
    { title: t('users.columns.status'), dataIndex: 'status', width: 100, render: (_, user) => <UserStatusTag status={user.status} /> },
    { title: t('users.columns.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, dateFormat) },
    {
      title: t('users.columns.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 150,
      render: (v: string | null) => (v ? formatDateTime(v, dateFormat) : <Typography.Text type="secondary">{t('users.neverLoggedIn')}</Typography.Text>),
    },
  ];
  if (canManage) {
    columns.push({
      title: t('users.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, user) => <UserRowActions user={user} isSelf={user.id === meId} {...handlers} />,
    });
  }

  return (
    <Table<UserItem>
      rowKey="id"
      size="medium"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={pagination}
      // Wider than a phone on purpose: the table scrolls sideways while the username column stays pinned.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

import type { ReactNode } from 'react';
import { Flex, Grid, Table, Typography, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import { CARD_STYLE, CardList } from '../../../components/orders/CardList';
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

/**
 * The user list: a table from tablet width up, one card per user on a phone (issue 14: the table showed two columns
 * there). At 1280 px the columns fit without sideways scrolling: the nickname sits under the username, permissions
 * under the roles, and the creation time joins in from 1600 px (antd's xxl).
 */
export function UsersTable({ users, loading, pagination, canManage, meId, dateFormat, empty, ...handlers }: Props) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().xs === true;
  const name = (user: UserItem) => (
    <Typography.Text strong>
      {user.username}
      {user.id === meId && <Typography.Text type="secondary"> ({t('users.you')})</Typography.Text>}
    </Typography.Text>
  );
  const lastLogin = (user: UserItem) =>
    user.lastLoginAt ? formatDateTime(user.lastLoginAt, dateFormat) : <Typography.Text type="secondary">{t('users.neverLoggedIn')}</Typography.Text>;
  const access = (user: UserItem) => (
    <Flex vertical gap={4} align="flex-start">
      <RoleTags roles={user.roles} />
      <PermissionTags permissions={user.permissions ?? []} />
    </Flex>
  );

  if (phone) {
    return (
      <CardList
        items={users}
        loading={loading}
        empty={empty}
        pagination={(pagination || {}) as TablePaginationConfig}
        rowKey={(user) => user.id}
        renderCard={(user) => (
          <Flex vertical gap={6} style={CARD_STYLE} data-testid="user-card">
            <Flex justify="space-between" align="center" gap={8}>
              <Flex vertical>
                {name(user)}
                {user.nickname && <Typography.Text type="secondary">{user.nickname}</Typography.Text>}
              </Flex>
              <UserStatusTag status={user.status} />
            </Flex>
            {access(user)}
            {(user.email || user.mobile) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[user.email, user.mobile ? formatMobile(user) : null].filter(Boolean).join(' · ')}
              </Typography.Text>
            )}
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('users.columns.lastLoginAt')}: {lastLogin(user)}
              </Typography.Text>
              {canManage && <UserRowActions user={user} isSelf={user.id === meId} {...handlers} />}
            </Flex>
          </Flex>
        )}
      />
    );
  }

  const columns: TableColumnsType<UserItem> = [
    {
      title: t('users.columns.user'),
      dataIndex: 'username',
      fixed: 'left',
      width: 180,
      render: (_, user) => (
        <Flex vertical>
          {name(user)}
          {user.nickname && <Typography.Text type="secondary">{user.nickname}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('users.columns.email'),
      dataIndex: 'email',
      width: 200,
      // The table sizes to its content (scroll x: max-content): a long address is cut to the column, whole on hover.
      render: (v: string | null) =>
        v ? (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 168 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: t('users.columns.mobile'), key: 'mobile', width: 150, render: (_, user) => formatMobile(user) },
    { title: t('users.columns.rolesAndPermissions'), dataIndex: 'roles', width: 200, render: (_, user) => access(user) },
    { title: t('users.columns.status'), dataIndex: 'status', width: 100, render: (_, user) => <UserStatusTag status={user.status} /> },
    {
      title: t('users.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      responsive: ['xxl'],
      render: (v: string) => formatDateTime(v, dateFormat),
    },
    { title: t('users.columns.lastLoginAt'), dataIndex: 'lastLoginAt', width: 150, render: (_, user) => lastLogin(user) },
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
      // Below 1280 px (a tablet) the table scrolls sideways while the username column stays pinned.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

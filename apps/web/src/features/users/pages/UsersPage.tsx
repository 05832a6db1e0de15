import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Result, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import { DEFAULT_DATE_FORMAT, DEFAULT_REGION } from '@portal/contract/api/auth';
import { hasRole } from '@portal/contract/roles';
import { useSession } from '../../../lib/session';
import { useUsers } from '../api/get-users';
import { CreateUserModal } from '../components/CreateUserModal';
import { EditUserModal } from '../components/EditUserModal';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFilters } from '../components/UserFilters';
import { UserRolesModal } from '../components/UserRolesModal';
import { UsersTable } from '../components/UsersTable';
import { useStatusChange } from '../components/use-status-change';
import { useUserListQuery } from '../utils/use-user-list-query';

/** Which dialog is open, and for whom; one at a time. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: UserItem }
  | { kind: 'roles'; user: UserItem }
  | { kind: 'password'; user: UserItem }
  | null;

export default function UsersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { query, setQuery, hasFilters } = useUserListQuery();
  const users = useUsers(query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { changeStatus, holder } = useStatusChange();

  // Everyone may read the list; only a SuperUser gets the write actions (the server enforces the same).
  const canManage = hasRole(me?.userInfo.roles ?? [], 'SuperUser');
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const defaultAreaCode = me?.userInfo.config.defaultRegion ?? DEFAULT_REGION;
  const close = () => setDialog(null);
  const userOf = (kind: 'edit' | 'roles' | 'password') => (dialog?.kind === kind ? dialog.user : null);

  const empty = hasFilters ? (
    <Empty description={t('users.empty.filtered')}>
      <Button onClick={() => setQuery({ keyword: undefined, role: undefined, status: undefined })}>
        {t('users.actions.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('users.empty.none')} />
  );

  return (
    <Flex vertical gap={16}>
      {holder}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('users.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{canManage ? t('users.subtitle') : t('users.readOnlyNotice')}</Typography.Text>
        </div>
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            {t('users.actions.create')}
          </Button>
        )}
      </Flex>

      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <UserFilters query={query} onChange={setQuery} />
          {users.isError ? (
            users.data ? (
              // A refetch failed but the last good page is still useful: keep it and say it may be stale.
              <Alert
                type="warning"
                showIcon
                title={users.error.message || t('users.errors.load')}
                action={
                  <Button size="small" icon={<ReloadOutlined />} onClick={() => void users.refetch()}>
                    {t('users.actions.retry')}
                  </Button>
                }
              />
            ) : (
              <Result
                status="error"
                title={t('users.errors.load')}
                subTitle={users.error.message}
                extra={
                  <Button icon={<ReloadOutlined />} onClick={() => void users.refetch()}>
                    {t('users.actions.retry')}
                  </Button>
                }
              />
            )
          ) : null}
          {!(users.isError && !users.data) && (
            <UsersTable
              users={users.data?.items ?? []}
              loading={users.isFetching}
              canManage={canManage}
              meId={me?.userInfo.id}
              dateFormat={dateFormat}
              empty={empty}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: users.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('users.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onRoles={(user) => setDialog({ kind: 'roles', user })}
              onResetPassword={(user) => setDialog({ kind: 'password', user })}
              onStatus={changeStatus}
            />
          )}
        </Flex>
      </Card>

      {canManage && (
        <>
          <CreateUserModal open={dialog?.kind === 'create'} onClose={close} defaultAreaCode={defaultAreaCode} />
          <EditUserModal user={userOf('edit')} onClose={close} defaultAreaCode={defaultAreaCode} />
          <UserRolesModal user={userOf('roles')} isSelf={userOf('roles')?.id === me?.userInfo.id} onClose={close} />
          <ResetPasswordModal user={userOf('password')} onClose={close} />
        </>
      )}
    </Flex>
  );
}

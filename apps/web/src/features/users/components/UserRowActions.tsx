import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@portal/contract/api/users';
import { USER_STATUSES, type UserStatus } from '@portal/contract/roles';

export interface UserRowHandlers {
  onEdit: (user: UserItem) => void;
  onRoles: (user: UserItem) => void;
  onStatus: (user: UserItem, status: UserStatus) => void;
  onResetPassword: (user: UserItem) => void;
}

interface Props extends UserRowHandlers {
  user: UserItem;
  /** The row is the signed-in user: disabling oneself is refused by the server, so it is not offered. */
  isSelf: boolean;
}

export function UserRowActions({ user, isSelf, onEdit, onRoles, onStatus, onResetPassword }: Props) {
  const { t } = useTranslation();
  // Only statuses the user can move to; the current one would be a button that does nothing.
  const statusItems = USER_STATUSES.filter((s) => s !== user.status && !(isSelf && s === 'disabled')).map((s) => ({
    key: `status:${s}`,
    label: t(`users.status.setTo.${s}`),
    danger: s === 'disabled',
  }));
  const items: MenuProps['items'] = [
    { key: 'roles', label: t('users.actions.roles') },
    ...(statusItems.length > 0 ? [{ key: 'status', label: t('users.actions.status'), children: statusItems }] : []),
    { type: 'divider' as const },
    { key: 'password', label: t('users.actions.resetPassword'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'roles') onRoles(user);
    else if (key === 'password') onResetPassword(user);
    else if (key.startsWith('status:')) onStatus(user, key.slice('status:'.length) as UserStatus);
  };

  return (
    <Space size={4}>
      <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(user)}>
        {t('users.actions.edit')}
      </Button>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button
          size="small"
          type="link"
          icon={<DownOutlined />}
          iconPlacement="end"
          aria-label={t('users.actions.moreFor', { username: user.username })}
        >
          {t('users.actions.more')}
        </Button>
      </Dropdown>
    </Space>
  );
}

import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeAnswer } from '@portal/contract/api/auth';
import { userDisplayName } from './user-display-name';

export { userDisplayName };

export interface NavEntry {
  path: string;
  labelKey: string;
}

interface Props {
  me: MeAnswer;
  entries: NavEntry[];
  onLogout(): void;
}


export function UserMenu({ me, entries, onLogout }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = [
    ...entries.map((e) => ({ key: e.path, label: t(e.labelKey) })),
    { type: 'divider' as const },
    { key: 'logout', label: t('layout.menu.logout'), icon: <LogoutOutlined />, danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => (key === 'logout' ? onLogout() : void navigate(key)),
      }}
    >
      <button type="button" className="portal-user-button" aria-label={userDisplayName(me)}>
        <Flex align="center" gap={8}>
          <Avatar size={32} src={me.userInfo.avatar || undefined} icon={<UserOutlined />} />
          <Flex vertical align="flex-start" style={{ lineHeight: 1.2, maxWidth: 180 }}>
            <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
              {userDisplayName(me)}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 180 }}>
              {me.company.alias || me.company.name}
            </Typography.Text>
          </Flex>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </button>
    </Dropdown>
  );
}

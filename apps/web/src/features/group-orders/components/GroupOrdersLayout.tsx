import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Menu, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BADGE_MAX } from '@portal/contract/api/flight-orders';
import { GROUP_ORDER_STATUSES } from '@portal/contract/api/group-orders';
import { useGroupStatusCounts } from '../api/get-group-orders';
import { badgeText, menuCount, type GroupMenuKey } from '../model/group-menu';
import './groups.css';

interface Props {
  header: ReactNode;
  selected: GroupMenuKey;
  onSelect: (key: GroupMenuKey) => void;
  children: ReactNode;
}

function Label({ text, count, testId }: { text: string; count: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="groups-menu__label">
      <span>{text}</span>
      {count > 0 && <Badge count={count} overflowCount={BADGE_MAX} data-testid={testId} aria-label={t('groups.menu.badge', { count: badgeText(count) })} />}
    </span>
  );
}

const labelKey = (key: GroupMenuKey) => (key === 'all' ? 'groups.menu.all' : `groups.status.${key}`);

/**
 * The group order menu (spec point 2): every group, then one entry per group status with its count. On phones it
 * folds into a button that opens it in a drawer.
 */
export function GroupOrdersLayout({ header, selected, onSelect, children }: Props) {
  const { t } = useTranslation();
  const counts = useGroupStatusCounts();
  const [open, setOpen] = useState(false);
  const entry = (key: GroupMenuKey) => ({ key, label: <Label text={t(labelKey(key))} count={menuCount(counts.data, key)} testId={`badge-${key}`} /> });
  const items: MenuProps['items'] = [
    entry('all'),
    { type: 'group', key: 'statuses', label: t('groups.menu.byStatus'), children: GROUP_ORDER_STATUSES.map(entry) },
  ];
  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      onClick={({ key }) => {
        setOpen(false);
        onSelect(key as GroupMenuKey);
      }}
    />
  );

  return (
    <div className="groups-layout">
      <nav className="groups-layout__side" aria-label={t('groups.menu.label')}>
        {menu}
      </nav>
      <div className="groups-layout__main">
        {header}
        <div className="groups-layout__phone-bar">
          <Button icon={<MenuOutlined />} onClick={() => setOpen(true)} block aria-label={t('groups.menu.open', { current: t(labelKey(selected)) })}>
            {t(labelKey(selected))}
          </Button>
        </div>
        {children}
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title={t('groups.menu.label')} destroyOnHidden styles={{ body: { padding: 0 } }}>
        {menu}
      </Drawer>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Menu, type MenuProps } from 'antd';
import { CalendarOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BADGE_MAX } from '@portal/contract/api/flight-orders';
import { useStatusCounts } from '../api/get-status-counts';
import { LIST_KEYS, PENDING_KEYS, badgeText, groupCount, isPendingGroup, type MenuKey } from '../model/order-menu';
import './orders.css';

export type OrdersMenuKey = MenuKey | 'voyage';

interface Props {
  /** The page's title block, above the menu button on phones. */
  header: ReactNode;
  selected: OrdersMenuKey;
  onSelect: (key: OrdersMenuKey) => void;
  children: ReactNode;
}

function Label({ text, count, testId }: { text: string; count?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="orders-menu__label">
      <span>{text}</span>
      {count !== undefined && count > 0 && (
        <Badge count={count} overflowCount={BADGE_MAX} title={t('orders.menu.badge', { count })} data-testid={testId} aria-label={t('orders.menu.badge', { count: badgeText(count) })} />
      )}
    </span>
  );
}

/**
 * The flight order menu (spec point 2) beside the page: pending groups with their counts, then the lists by order
 * type and the travel view. On phones it folds into a button that opens it in a drawer.
 */
export function OrdersLayout({ header, selected, onSelect, children }: Props) {
  const { t } = useTranslation();
  const counts = useStatusCounts();
  const [open, setOpen] = useState(false);

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'pending',
      label: t('orders.menu.pending'),
      children: PENDING_KEYS.map((key) => ({
        key,
        label: <Label text={t(`orders.menu.${key}`)} count={groupCount(counts.data, key)} testId={`badge-${key}`} />,
      })),
    },
    {
      type: 'group',
      key: 'lists',
      label: t('orders.menu.lists'),
      children: LIST_KEYS.map((key) => ({ key, label: <Label text={t(`orders.menu.${key}`)} /> })),
    },
    { type: 'divider' },
    { key: 'voyage', icon: <CalendarOutlined />, label: t('orders.menu.voyage') },
  ];

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      onClick={({ key }) => {
        setOpen(false);
        onSelect(key as OrdersMenuKey);
      }}
    />
  );
  const current = selected !== 'voyage' && isPendingGroup(selected) ? groupCount(counts.data, selected) : 0;

  return (
    <div className="orders-layout">
      <nav className="orders-layout__side" aria-label={t('orders.menu.label')}>
        {menu}
      </nav>
      <div className="orders-layout__main">
        {header}
        <div className="orders-layout__phone-bar">
          <Button icon={<MenuOutlined />} onClick={() => setOpen(true)} block aria-label={t('orders.menu.open', { current: t(`orders.menu.${selected}`) })}>
            <Label text={t(`orders.menu.${selected}`)} count={current} />
          </Button>
        </div>
        {children}
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} placement="left" size={280} title={t('orders.menu.label')} destroyOnHidden styles={{ body: { padding: 0 } }}>
        {menu}
      </Drawer>
    </div>
  );
}

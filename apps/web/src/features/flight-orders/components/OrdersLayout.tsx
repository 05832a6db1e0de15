import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Menu, type MenuProps } from 'antd';
import { AlertOutlined, CalendarOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BADGE_MAX } from '@portal/contract/api/flight-orders';
import { paths } from '../../../app/paths';
import { useStatusCounts } from '../api/get-status-counts';
import { useOpenNoticeCount } from '../api/schedule-changes';
import { LIST_KEYS, PENDING_KEYS, badgeText, groupCount, isPendingGroup, type MenuKey } from '../model/order-menu';
import './orders.css';

export type OrdersMenuKey = MenuKey | 'voyage' | 'disruptions';

/** Where a menu entry leads from a page that is not the order list itself. */
export function menuUrl(key: OrdersMenuKey): string {
  if (key === 'voyage') return paths.flightOrdersVoyage;
  if (key === 'disruptions') return paths.flightOrdersDisruptions;
  return key === 'all' ? paths.flightOrders : `${paths.flightOrders}?menu=${key}`;
}

/** The pages of the menu that are not a list of orders. */
export const isPageKey = (key: OrdersMenuKey): key is 'voyage' | 'disruptions' => key === 'voyage' || key === 'disruptions';

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
 * type, the travel view and the airline schedule changes waiting for an answer. On phones it folds into a button that opens it in a drawer.
 */
export function OrdersLayout({ header, selected, onSelect, children }: Props) {
  const { t } = useTranslation();
  const counts = useStatusCounts();
  const notices = useOpenNoticeCount();
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
    { key: 'disruptions', icon: <AlertOutlined />, label: <Label text={t('orders.menu.disruptions')} count={notices.data} testId="badge-disruptions" /> },
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
  const current = selected === 'disruptions' ? (notices.data ?? 0) : !isPageKey(selected) && isPendingGroup(selected) ? groupCount(counts.data, selected) : 0;

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

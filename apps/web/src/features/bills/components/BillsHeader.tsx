import type { ReactNode } from 'react';
import { Button, Flex, Tabs, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCESS } from '../../../app/access';
import { paths } from '../../../app/paths';
import { useCanOpen } from '../../../app/use-can-open';

const TABS = [
  { path: paths.billsWallet, labelKey: 'bills.nav.wallet' },
  { path: paths.billsTransactions, labelKey: 'bills.nav.transactions' },
  { path: paths.billsStatements, labelKey: 'bills.nav.statements' },
] as const;

interface Props {
  subtitle: string;
  actions?: ReactNode;
}

/** Wallet & Invoicing: one heading and the tabs that move between its three pages. */
export function BillsHeader({ subtitle, actions }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const managesAgencies = useCanOpen(ACCESS.agencyManager);

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('bills.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          {managesAgencies && (
            <Button icon={<TeamOutlined />} onClick={() => void navigate(paths.agencyStatements)}>
              {t('bills.nav.agencyStatements')}
            </Button>
          )}
          {actions}
        </Flex>
      </Flex>
      <Tabs
        activeKey={pathname}
        onChange={(key) => void navigate(key)}
        items={TABS.map((tab) => ({ key: tab.path, label: t(tab.labelKey) }))}
        style={{ marginBottom: -8 }}
      />
    </Flex>
  );
}

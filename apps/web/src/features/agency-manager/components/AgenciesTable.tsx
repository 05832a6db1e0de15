import type { ReactNode } from 'react';
import { Avatar, Flex, Grid, Table, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { AgencyRowActions, type AgencyAction } from './AgencyRowActions';
import { AgencyStatusTag } from './AgencyStatusTag';

interface Props {
  agencies: Agency[];
  loading: boolean;
  pagination: TableProps<Agency>['pagination'];
  dateFormat: string;
  empty: ReactNode;
  onAction: (action: AgencyAction, agency: Agency) => void;
  /** Offer the "Bills" row action (the user may open the agency bill page). */
  showBills: boolean;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export function AgenciesTable({ agencies, loading, pagination, dateFormat, empty, onAction, showBills }: Props) {
  const { t } = useTranslation();
  // On a phone two pinned columns leave little room to scroll the rest: only the actions stay pinned there.
  const pin = Grid.useBreakpoint().md ?? false;
  // The currency has its own column; amounts carry only the number and the currency's own decimals.
  const money = (a: Agency, minor: number) => formatAmount(minor, a.balance.currency, { code: false });

  const columns: TableColumnsType<Agency> = [
    {
      title: t('agency.columns.code'),
      dataIndex: 'code',
      fixed: pin ? 'left' : undefined,
      width: 100,
      render: (code: string) => <Typography.Text strong copyable={{ text: code }}>{code}</Typography.Text>,
    },
    {
      title: t('agency.columns.name'),
      dataIndex: 'name',
      width: 200,
      render: (_, a) => (
        <Flex align="center" gap={8}>
          {a.logo && (
            <Avatar
              shape="square"
              size={32}
              src={a.logo}
              alt={t('agency.logo.alt', { name: a.name })}
              style={{ background: 'transparent', flex: 'none' }}
            />
          )}
          <Flex vertical>
            <Typography.Text>{a.name}</Typography.Text>
            {a.alias && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.alias}</Typography.Text>}
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('agency.columns.contact'),
      key: 'contact',
      width: 210,
      render: (_, a) =>
        a.contactName || a.contactEmail || a.contactPhone ? (
          <Flex vertical>
            <Typography.Text>{a.contactName ?? '—'}</Typography.Text>
            {a.contactEmail && (
              <Typography.Link href={`mailto:${a.contactEmail}`} style={{ fontSize: 12 }}>
                {a.contactEmail}
              </Typography.Link>
            )}
            {a.contactPhone && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.contactPhone}</Typography.Text>}
          </Flex>
        ) : (
          dash
        ),
    },
    { title: t('agency.columns.currency'), dataIndex: 'settlementCurrency', width: 90 },
    {
      title: t('agency.columns.balance'),
      key: 'cash',
      align: 'right',
      width: 140,
      render: (_, a) => <Typography.Text type={a.balance.cash < 0 ? 'danger' : undefined}>{money(a, a.balance.cash)}</Typography.Text>,
    },
    { title: t('agency.columns.creditLimit'), key: 'creditLimit', align: 'right', width: 130, render: (_, a) => money(a, a.balance.creditLimit) },
    {
      title: t('agency.columns.credit'),
      key: 'credit',
      align: 'right',
      width: 170,
      render: (_, a) =>
        a.balance.creditLimit === 0 && a.balance.usedCredit === 0 ? (
          dash
        ) : (
          <Flex vertical align="end">
            <Typography.Text type={a.balance.usedCredit > 0 ? 'warning' : undefined}>{money(a, a.balance.usedCredit)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('agency.columns.availableShort', { amount: money(a, a.balance.availableCredit) })}
            </Typography.Text>
          </Flex>
        ),
    },
    { title: t('agency.columns.held'), key: 'held', align: 'right', width: 120, render: (_, a) => money(a, a.balance.held) },
    { title: t('agency.columns.status'), dataIndex: 'status', width: 100, render: (_, a) => <AgencyStatusTag status={a.status} /> },
    {
      title: t('agency.columns.apiKey'),
      key: 'apiKey',
      width: 130,
      render: (_, a) =>
        a.apiKey ? (
          <Tooltip title={t('agency.columns.apiKeyCreated', { date: formatDateTime(a.apiKey.createdAt, dateFormat) })}>
            <Typography.Text code>{a.apiKey.prefix}…</Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('agency.columns.noApiKey')}</Typography.Text>
        ),
    },
    { title: t('agency.columns.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, dateFormat) },
    {
      title: t('agency.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, a) => <AgencyRowActions agency={a} onAction={onAction} showBills={showBills} />,
    },
  ];

  return (
    <Table<Agency>
      rowKey="id"
      columns={columns}
      dataSource={agencies}
      loading={loading}
      pagination={pagination}
      // Wider than a phone on purpose: the table scrolls sideways (actions pinned; the code too from tablet width).
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

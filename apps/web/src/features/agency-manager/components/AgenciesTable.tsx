import type { ReactNode } from 'react';
import { Avatar, Flex, Grid, Table, Tooltip, Typography, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { CARD_STYLE, CardList } from '../../../components/orders/CardList';
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

/**
 * The agency list: a table from tablet width up, one card per agency on a phone (issue 14). At 1280 px the columns
 * fit beside the pinned actions (issue 14: they slid behind them); contact, held amount and creation time join in
 * from 1600 px (antd's xxl).
 */
export function AgenciesTable({ agencies, loading, pagination, dateFormat, empty, onAction, showBills }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // On a tablet two pinned columns leave little room to scroll the rest: only the actions stay pinned there.
  const pin = screens.md ?? false;
  // The currency has its own column; amounts carry only the number and the currency's own decimals.
  const money = (a: Agency, minor: number) => formatAmount(minor, a.balance.currency, { code: false });

  if (screens.xs === true) {
    return (
      <CardList
        items={agencies}
        loading={loading}
        empty={empty}
        pagination={(pagination || {}) as TablePaginationConfig}
        rowKey={(a) => a.id}
        renderCard={(a) => (
          <Flex vertical gap={6} style={CARD_STYLE} data-testid="agency-card">
            <Flex justify="space-between" align="center" gap={8}>
              <Flex vertical>
                <Typography.Text strong>{a.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.code}
                  {a.contactName ? ` · ${a.contactName}` : ''}
                </Typography.Text>
              </Flex>
              <AgencyStatusTag status={a.status} />
            </Flex>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary">{t('agency.columns.balance')}</Typography.Text>
              <Typography.Text strong type={a.balance.cash < 0 ? 'danger' : undefined}>
                {formatAmount(a.balance.cash, a.balance.currency)}
              </Typography.Text>
            </Flex>
            {a.balance.creditLimit > 0 && (
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text type="secondary">{t('agency.columns.creditLimit')}</Typography.Text>
                <Typography.Text>
                  {formatAmount(a.balance.creditLimit, a.balance.currency)} · {t('agency.columns.availableShort', { amount: money(a, a.balance.availableCredit) })}
                </Typography.Text>
              </Flex>
            )}
            <Flex justify="flex-end">
              <AgencyRowActions agency={a} onAction={onAction} showBills={showBills} />
            </Flex>
          </Flex>
        )}
      />
    );
  }

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
      width: 180,
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
      responsive: ['xxl'],
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
    { title: t('agency.columns.currency'), dataIndex: 'settlementCurrency', width: 80 },
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
    { title: t('agency.columns.held'), key: 'held', align: 'right', width: 120, responsive: ['xxl'], render: (_, a) => money(a, a.balance.held) },
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
    {
      title: t('agency.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      responsive: ['xxl'],
      render: (v: string) => formatDateTime(v, dateFormat),
    },
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
      // Below 1280 px the table scrolls sideways (actions pinned; the code too from tablet width).
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

import type { ReactNode } from 'react';
import { Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '@portal/contract/api/bills';
import { formatDateTime } from '../../lib/format';
import { AmountText } from './AmountText';
import { EntryTypeTag } from './EntryTypeTag';

interface Props {
  entries: WalletEntry[];
  loading?: boolean;
  pagination: TableProps<WalletEntry>['pagination'];
  dateFormat: string;
  empty?: ReactNode;
}

/** Every movement of a wallet with the balance right after it, newest first as the server sends them. */
export function WalletEntriesTable({ entries, loading = false, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: TableColumnsType<WalletEntry> = [
    {
      title: t('bills.entries.columns.paymentTime'),
      dataIndex: 'paymentTime',
      width: 150,
      fixed: 'left',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v, dateFormat)}</span>,
    },
    { title: t('bills.entries.columns.type'), dataIndex: 'type', width: 150, render: (_, e) => <EntryTypeTag type={e.type} /> },
    {
      title: t('bills.entries.columns.orderId'),
      dataIndex: 'orderId',
      width: 170,
      render: (v: string | null) => (v ? <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> : dash),
    },
    {
      title: t('bills.entries.columns.reference'),
      dataIndex: 'paymentReference',
      width: 200,
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: 180 }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('bills.entries.columns.description'), dataIndex: 'description', width: 260, render: (v: string) => v || dash },
    {
      title: t('bills.entries.columns.amount'),
      dataIndex: 'amount',
      width: 160,
      align: 'right',
      render: (_, e) => <AmountText amount={e.amount} currency={e.currency} signed strong />,
    },
    {
      title: t('bills.entries.columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      width: 160,
      align: 'right',
      render: (_, e) => <AmountText amount={e.balanceAfter} currency={e.currency} />,
    },
  ];

  return (
    <Table<WalletEntry>
      rowKey="id"
      size="medium"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={pagination}
      // Wider than a phone on purpose: the table scrolls sideways while the time column stays pinned.
      scroll={{ x: 'max-content' }}
      locale={empty ? { emptyText: empty } : undefined}
    />
  );
}

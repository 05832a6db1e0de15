import type { ReactNode } from 'react';
import type { TableColumnsType, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '@portal/contract/api/bills';
import { AmountText } from './AmountText';
import { BillsTable, CopyableCell, Dash, DateTimeCell } from './BillsTable';
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
  // Widths add up to fit the 1280 px layout's content column without sideways scrolling; narrower screens scroll.
  const columns: TableColumnsType<WalletEntry> = [
    {
      title: t('bills.entries.columns.paymentTime'),
      dataIndex: 'paymentTime',
      width: 150,
      fixed: 'left',
      render: (v: string) => <DateTimeCell value={v} dateFormat={dateFormat} />,
    },
    { title: t('bills.entries.columns.type'), dataIndex: 'type', width: 120, render: (_, e) => <EntryTypeTag type={e.type} /> },
    {
      title: t('bills.entries.columns.orderId'),
      dataIndex: 'orderId',
      width: 150,
      render: (v: string | null) => <CopyableCell value={v} />,
    },
    {
      title: t('bills.entries.columns.reference'),
      dataIndex: 'paymentReference',
      width: 180,
      render: (v: string) => <CopyableCell value={v} ellipsis />,
    },
    { title: t('bills.entries.columns.description'), dataIndex: 'description', width: 230, render: (v: string) => v || <Dash /> },
    {
      title: t('bills.entries.columns.amount'),
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      render: (_, e) => <AmountText amount={e.amount} currency={e.currency} signed strong />,
    },
    {
      title: t('bills.entries.columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      width: 150,
      align: 'right',
      render: (_, e) => <AmountText amount={e.balanceAfter} currency={e.currency} />,
    },
  ];

  return <BillsTable<WalletEntry> columns={columns} dataSource={entries} loading={loading} pagination={pagination} empty={empty} />;
}

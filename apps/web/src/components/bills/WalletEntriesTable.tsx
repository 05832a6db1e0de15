import type { ReactNode } from 'react';
import { ListTable } from '../ListTable';
import { Flex, Grid, Typography, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '@portal/contract/api/bills';
import { AmountText } from './AmountText';
import { CopyableCell, Dash, DateTimeCell } from './BillsTable';
import { EntryTypeTag } from './EntryTypeTag';
import { CARD_STYLE, CardList } from '../orders/CardList';

interface Props {
  entries: WalletEntry[];
  loading?: boolean;
  pagination: TableProps<WalletEntry>['pagination'];
  dateFormat: string;
  empty?: ReactNode;
}

/**
 * Every movement of a wallet with the balance right after it, newest first as the server sends them: a table from
 * tablet width up, one card per movement on a phone (issue 14).
 */
export function WalletEntriesTable({ entries, loading = false, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().xs === true;

  if (phone) {
    return (
      <CardList
        items={entries}
        loading={loading}
        empty={empty}
        pagination={(pagination || {}) as TablePaginationConfig}
        rowKey={(e) => e.id}
        renderCard={(e) => (
          <Flex vertical gap={6} style={CARD_STYLE} data-testid="wallet-entry-card">
            <Flex justify="space-between" align="center" gap={8}>
              <EntryTypeTag type={e.type} />
              <AmountText amount={e.amount} currency={e.currency} signed strong />
            </Flex>
            {e.description && <Typography.Text>{e.description}</Typography.Text>}
            <Flex justify="space-between" align="center" gap={8} wrap>
              <CopyableCell value={e.orderId ?? e.paymentReference} ellipsis />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('bills.entries.columns.balanceAfter')}: <AmountText amount={e.balanceAfter} currency={e.currency} />
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <DateTimeCell value={e.paymentTime} dateFormat={dateFormat} />
            </Typography.Text>
          </Flex>
        )}
      />
    );
  }

  // Widths add up to fit the 1280 px layout's content column (in a card) without sideways scrolling, with room for a
  // scrollbar; narrower screens scroll.
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
    { title: t('bills.entries.columns.description'), dataIndex: 'description', width: 200, render: (v: string) => v || <Dash /> },
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

  return <ListTable<WalletEntry> columns={columns} dataSource={entries} loading={loading} pagination={pagination} empty={empty} />;
}

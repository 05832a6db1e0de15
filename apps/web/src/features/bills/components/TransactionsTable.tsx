import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { Flex, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@portal/contract/api/bills';
import { AmountText } from '../../../components/bills/AmountText';
import { CopyableCell, Dash, DateTimeCell } from '../../../components/bills/BillsTable';
import { TransactionStatusTag } from './TransactionStatusTag';

interface Props {
  transactions: Transaction[];
  loading: boolean;
  pagination: TableProps<Transaction>['pagination'];
  dateFormat: string;
  empty: ReactNode;
}

/** Spec point 3, All Transactions: what was paid, how, what reached the wallet after the fee, and when. */
export function TransactionsTable({ transactions, loading, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const time = (v: string | null) => (v ? <DateTimeCell value={v} dateFormat={dateFormat} /> : <Dash />);
  const columns: TableColumnsType<Transaction> = [
    {
      title: t('bills.transactions.columns.originId'),
      dataIndex: 'originId',
      width: 200,
      fixed: 'left',
      render: (v: string | null) => <CopyableCell value={v} ellipsis />,
    },
    {
      title: t('bills.transactions.columns.referenceId'),
      dataIndex: 'id',
      width: 200,
      render: (v: string) => <CopyableCell value={v} ellipsis />,
    },
    {
      title: t('bills.transactions.columns.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: Transaction['kind']) => <Tag style={{ marginInlineEnd: 0 }}>{t(`bills.kinds.${v}`)}</Tag>,
    },
    { title: t('bills.transactions.columns.method'), dataIndex: 'method', width: 170, render: (v: Transaction['method']) => t(`bills.channels.${v}`) },
    {
      title: t('bills.transactions.columns.gross'),
      dataIndex: 'gross',
      width: 160,
      align: 'right',
      render: (_, tx) => <AmountText amount={tx.gross} currency={tx.grossCurrency} strong />,
    },
    {
      title: t('bills.transactions.columns.net'),
      dataIndex: 'net',
      width: 160,
      align: 'right',
      render: (_, tx) => (
        <Flex vertical align="flex-end">
          <AmountText amount={tx.net} currency={tx.netCurrency} />
          {tx.exchangeRate && tx.grossCurrency !== tx.netCurrency && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('bills.transactions.rate', { rate: tx.exchangeRate })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('bills.transactions.columns.fee'),
      dataIndex: 'fee',
      width: 140,
      align: 'right',
      render: (_, tx) => (tx.fee ? <AmountText amount={tx.fee} currency={tx.grossCurrency} /> : <Dash />),
    },
    { title: t('bills.transactions.columns.status'), dataIndex: 'status', width: 110, render: (_, tx) => <TransactionStatusTag status={tx.status} /> },
    {
      title: t('bills.transactions.columns.externalReference'),
      dataIndex: 'externalReference',
      width: 170,
      render: (v: string | null) => <CopyableCell value={v} />,
    },
    { title: t('bills.transactions.columns.paymentTime'), dataIndex: 'paymentTime', width: 150, render: time },
    { title: t('bills.transactions.columns.createdAt'), dataIndex: 'createdAt', width: 150, render: time },
  ];

  return <ListTable<Transaction> columns={columns} dataSource={transactions} loading={loading} pagination={pagination} empty={empty} />;
}

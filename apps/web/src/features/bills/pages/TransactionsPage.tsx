import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { useFileAction } from '../../../components/bills/use-file-action';
import { ExportButton } from '../../../components/bills/ExportButton';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { exportTransactions, useTransactions } from '../api/get-transactions';
import { BillsHeader } from '../components/BillsHeader';
import { TransactionFilters } from '../components/TransactionFilters';
import { TransactionsTable } from '../components/TransactionsTable';
import { exportFilename, transactionUrlQuery } from '../utils/queries';

/** /bills/transactions: every top-up and payment of the agency, whatever its outcome. */
export default function TransactionsPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(transactionUrlQuery);
  const transactions = useTransactions(query);
  const exporting = useFileAction<boolean>('bills.errors.export');
  const hasFilters = Boolean(query.method || query.status || query.kind || query.from || query.to || query.keyword);

  const runExport = () => {
    const { method, status, kind, from, to, keyword } = query;
    return exporting.run(true, () => exportTransactions({ method, status, kind, from, to, keyword }, exportFilename('transactions')));
  };

  return (
    <Flex vertical gap={16}>
      <BillsHeader subtitle={t('bills.transactions.subtitle')} />
      <Card title={t('bills.transactions.title')} styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <TransactionFilters
            value={query}
            onChange={setQuery}
            actions={
              <ExportButton busy={exporting.busy !== null} onExport={runExport} />
            }
          />
          <ListQueryView query={transactions} errorTitle={t('bills.transactions.errors.load')}>
            <TransactionsTable
              transactions={transactions.data?.items ?? []}
              loading={transactions.isFetching}
              dateFormat={dateFormat}
              empty={
                <ListEmpty
                  filtered={hasFilters}
                  filteredText={t('bills.transactions.emptyFiltered')}
                  emptyText={t('bills.transactions.empty')}
                  onClear={() => setQuery({ method: undefined, status: undefined, kind: undefined, from: undefined, to: undefined, keyword: undefined })}
                />
              }
              pagination={listPagination({
                page: query.page,
                pageSize: query.pageSize,
                total: transactions.data?.total,
                showTotal: (total) => t('bills.transactions.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              })}
            />
          </ListQueryView>
        </Flex>
      </Card>
    </Flex>
  );
}

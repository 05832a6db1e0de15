import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Result } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUrlQuery } from '../../../lib/use-url-query';
import { exportTransactions, useTransactions } from '../api/get-transactions';
import { BillsHeader } from '../components/BillsHeader';
import { TransactionFilters } from '../components/TransactionFilters';
import { TransactionsTable } from '../components/TransactionsTable';
import { exportFilename, transactionUrlQuery } from '../utils/queries';

/** /bills/transactions: every top-up and payment of the agency, whatever its outcome. */
export default function TransactionsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const { query, setQuery } = useUrlQuery(transactionUrlQuery);
  const transactions = useTransactions(query);
  const [exporting, setExporting] = useState(false);
  const hasFilters = Boolean(query.method || query.status || query.kind || query.from || query.to || query.keyword);

  const runExport = async () => {
    setExporting(true);
    try {
      const { method, status, kind, from, to, keyword } = query;
      await exportTransactions({ method, status, kind, from, to, keyword }, exportFilename('transactions'));
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('bills.errors.export'));
    } finally {
      setExporting(false);
    }
  };

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void transactions.refetch()}>
      {t('bills.common.retry')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <BillsHeader subtitle={t('bills.transactions.subtitle')} />
      <Card title={t('bills.transactions.title')} styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <TransactionFilters
            value={query}
            onChange={setQuery}
            actions={
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
                {t('bills.actions.export')}
              </Button>
            }
          />
          {transactions.isError && transactions.data && (
            <Alert type="warning" showIcon title={transactions.error.message || t('bills.transactions.errors.load')} action={retry} />
          )}
          {transactions.isError && !transactions.data ? (
            <Result status="error" title={t('bills.transactions.errors.load')} subTitle={transactions.error.message} extra={retry} />
          ) : (
            <TransactionsTable
              transactions={transactions.data?.items ?? []}
              loading={transactions.isFetching}
              dateFormat={dateFormat}
              empty={
                hasFilters ? (
                  <Empty description={t('bills.transactions.emptyFiltered')}>
                    <Button
                      onClick={() =>
                        setQuery({ method: undefined, status: undefined, kind: undefined, from: undefined, to: undefined, keyword: undefined })
                      }
                    >
                      {t('bills.actions.clearFilters')}
                    </Button>
                  </Empty>
                ) : (
                  <Empty description={t('bills.transactions.empty')} />
                )
              }
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: transactions.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('bills.transactions.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

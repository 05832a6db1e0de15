import { useState } from 'react';
import { Breadcrumb, Button, Card, Empty, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransactionQuery } from '@portal/contract/api/bills';
import { paths } from '../../../app/paths';
import { BalanceCard } from '../../../components/bills/BalanceCard';
import { ListQueryView, RetryButton, listPagination } from '../../../components/bills/ListQueryView';
import { StatementsTable } from '../../../components/bills/StatementsTable';
import { WalletEntriesTable } from '../../../components/bills/WalletEntriesTable';
import { WalletEntryFilters } from '../../../components/bills/WalletEntryFilters';
import { currentMonth } from '../../../components/bills/statement-month';
import { useFileAction } from '../../../components/bills/use-file-action';
import { GenerateStatementButton, useStatementViewer } from '../../../components/bills/use-statement-viewer';
import { ExportButton } from '../../../components/bills/ExportButton';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
// The agency's own All Transactions list, reused for a sub-agency (the server scopes companyId to the caller's children).
import { exportTransactions, useTransactions } from '../../bills/api/get-transactions';
import { TransactionFilters } from '../../bills/components/TransactionFilters';
import { TransactionsTable } from '../../bills/components/TransactionsTable';
import { subStatementSource, useGenerateSubStatement, useSubStatements } from '../api/get-sub-statements';
import { exportSubEntries, useAgencyName, useSubBalance, useSubEntries } from '../api/get-sub-wallet';
import { isUuid, subEntryUrlQuery } from '../utils/queries';

const TABS = ['statements', 'entries', 'transactions'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

type TransactionFilterValues = Omit<TransactionQuery, 'page' | 'pageSize' | 'companyId'>;

/** /agency-manager/bills/{id}: one sub-agency's balance, monthly statements, wallet entries and All Transactions. */
export default function AgencyBillPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!isUuid(id)) {
    return (
      <Result
        status="404"
        title={t('bills.agency.notFound')}
        extra={
          <Link to={paths.agencyStatements}>
            <Button>{t('bills.agency.backToStatements')}</Button>
          </Link>
        }
      />
    );
  }
  // Keyed by the agency so moving between agencies starts each one afresh.
  return <AgencyBill key={id} companyId={id} />;
}

function AgencyBill({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'statements';
  const { query: entryQuery, setQuery: setEntryQuery } = useUrlQuery(subEntryUrlQuery);
  const [statementPage, setStatementPage] = useState({ page: 1, pageSize: 10 });
  // Kept on the page, not in the URL: the entries tab's filters use the same parameter names (page, from, to).
  const [txFilters, setTxFilters] = useState<TransactionFilterValues>({});
  const [txPage, setTxPage] = useState({ page: 1, pageSize: 20 });

  const agency = useAgencyName(companyId);
  const balance = useSubBalance(companyId);
  const statements = useSubStatements({ ...statementPage, companyId });
  const entries = useSubEntries({ ...entryQuery, companyId });
  const transactions = useTransactions({ ...txFilters, ...txPage, companyId }, tab === 'transactions');
  const viewer = useStatementViewer(subStatementSource, dateFormat);
  const generate = useGenerateSubStatement();
  const exporting = useFileAction<boolean>('bills.errors.export');

  const first = statements.data?.items[0];
  const name = agency.data?.name ?? first?.companyName;
  const code = agency.data?.code ?? first?.companyCode;
  const hasEntryFilters = Boolean(entryQuery.type || entryQuery.from || entryQuery.to || entryQuery.currency);
  const hasTxFilters = Object.values(txFilters).some(Boolean);

  const setTab = (next: string) =>
    setParams((prev) => {
      const search = new URLSearchParams(prev);
      if (next === 'statements') search.delete('tab');
      else search.set('tab', next);
      return search;
    });

  const exportEntries = () => {
    const { type, from, to, currency } = entryQuery;
    const filename = `wallet-entries-${code ?? companyId}-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return exporting.run(true, () => exportSubEntries({ type, from, to, currency, companyId }, filename));
  };

  const exportSubTransactions = () => {
    const filename = `transactions-${code ?? companyId}-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return exporting.run(true, () => exportTransactions({ ...txFilters, companyId }, filename));
  };

  let balanceView;
  if (balance.isError && !balance.data) {
    balanceView = (
      <Card>
        <Result status="error" title={t('bills.agency.errors.balance')} subTitle={balance.error.message} extra={<RetryButton onRetry={balance.refetch} />} />
      </Card>
    );
  } else if (!balance.data) {
    balanceView = (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  } else {
    balanceView = <BalanceCard balance={balance.data} settlement />;
  }

  // This tab never showed the stale-list warning the other lists show; kept so (staleWarning off) to keep behaviour.
  const statementsView = (
    <ListQueryView query={statements} errorTitle={t('bills.statements.errors.load')} staleWarning={false}>
      <StatementsTable
        statements={statements.data?.items ?? []}
        loading={statements.isFetching}
        dateFormat={dateFormat}
        {...viewer.tableProps}
        empty={<Empty description={t('bills.agency.noStatements')} />}
        pagination={listPagination({
          page: statementPage.page,
          pageSize: statementPage.pageSize,
          total: statements.data?.total,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => t('bills.statements.total', { count: total }),
          onChange: (page, pageSize) => setStatementPage({ page: pageSize === statementPage.pageSize ? page : 1, pageSize }),
        })}
      />
    </ListQueryView>
  );

  const entriesView = (
    <Flex vertical gap={16}>
      <WalletEntryFilters
        value={entryQuery}
        onChange={setEntryQuery}
        currencies={balance.data ? [balance.data.currency] : []}
        actions={
          <ExportButton busy={exporting.busy !== null} onExport={exportEntries} />
        }
      />
      <ListQueryView query={entries} errorTitle={t('bills.entries.errors.load')}>
        <WalletEntriesTable
          entries={entries.data?.items ?? []}
          loading={entries.isFetching}
          dateFormat={dateFormat}
          empty={<Empty description={hasEntryFilters ? t('bills.entries.emptyFiltered') : t('bills.entries.empty')} />}
          pagination={listPagination({
            page: entryQuery.page,
            pageSize: entryQuery.pageSize,
            total: entries.data?.total,
            showTotal: (total) => t('bills.entries.total', { count: total }),
            onChange: (page, pageSize) => setEntryQuery({ page, pageSize }),
          })}
        />
      </ListQueryView>
    </Flex>
  );

  const transactionsView = (
    <Flex vertical gap={16}>
      <TransactionFilters
        value={txFilters}
        onChange={(patch) => {
          setTxFilters((prev) => ({ ...prev, ...patch }));
          setTxPage((prev) => ({ ...prev, page: 1 }));
        }}
        actions={
          <ExportButton busy={exporting.busy !== null} onExport={exportSubTransactions} />
        }
      />
      <ListQueryView query={transactions} errorTitle={t('bills.transactions.errors.load')}>
        <TransactionsTable
          transactions={transactions.data?.items ?? []}
          loading={transactions.isFetching}
          dateFormat={dateFormat}
          empty={<Empty description={hasTxFilters ? t('bills.transactions.emptyFiltered') : t('bills.transactions.empty')} />}
          pagination={listPagination({
            page: txPage.page,
            pageSize: txPage.pageSize,
            total: transactions.data?.total,
            showTotal: (total) => t('bills.transactions.total', { count: total }),
            onChange: (page, pageSize) => setTxPage({ page: pageSize === txPage.pageSize ? page : 1, pageSize }),
          })}
        />
      </ListQueryView>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={paths.agencyManager}>{t('bills.agency.breadcrumb')}</Link> },
          { title: <Link to={paths.agencyStatements}>{t('bills.agency.statementsTitle')}</Link> },
          { title: name ?? t('bills.agency.billTitle') },
        ]}
      />
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {name ? t('bills.agency.billOf', { name }) : t('bills.agency.billTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{code ? t('bills.agency.billSubtitleCode', { code }) : t('bills.agency.billSubtitle')}</Typography.Text>
        </div>
        <GenerateStatementButton
          loading={generate.isPending}
          onClick={() => generate.mutate({ companyId, month: currentMonth() }, viewer.generated)}
        />
      </Flex>
      {balanceView}
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'statements', label: t('bills.nav.statements'), children: statementsView },
            { key: 'entries', label: t('bills.entries.title'), children: entriesView },
            { key: 'transactions', label: t('bills.nav.transactions'), children: transactionsView },
          ]}
        />
      </Card>
      {viewer.drawer}
    </Flex>
  );
}

import { useState } from 'react';
import { Breadcrumb, Button, Card, Empty, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { BalanceCard } from '../../../components/bills/BalanceCard';
import { ListQueryView, RetryButton, listPagination } from '../../../components/bills/ListQueryView';
import { StatementsTable } from '../../../components/bills/StatementsTable';
import { WalletEntriesTable } from '../../../components/bills/WalletEntriesTable';
import { WalletEntryFilters } from '../../../components/bills/WalletEntryFilters';
import { currentMonth } from '../../../components/bills/statement-month';
import { useFileAction } from '../../../components/bills/use-file-action';
import { GenerateStatementButton, useStatementViewer } from '../../../components/bills/use-statement-viewer';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { subStatementSource, useGenerateSubStatement, useSubStatements } from '../api/get-sub-statements';
import { exportSubEntries, useAgencyName, useSubBalance, useSubEntries } from '../api/get-sub-wallet';
import { isUuid, subEntryUrlQuery } from '../utils/queries';

const TABS = ['statements', 'entries'] as const;
type Tab = (typeof TABS)[number];

/** /agency-manager/bills/{id}: one sub-agency's balance, monthly statements and wallet entries. */
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
  const tab: Tab = params.get('tab') === 'entries' ? 'entries' : 'statements';
  const { query: entryQuery, setQuery: setEntryQuery } = useUrlQuery(subEntryUrlQuery);
  const [statementPage, setStatementPage] = useState({ page: 1, pageSize: 10 });

  const agency = useAgencyName(companyId);
  const balance = useSubBalance(companyId);
  const statements = useSubStatements({ ...statementPage, companyId });
  const entries = useSubEntries({ ...entryQuery, companyId });
  const viewer = useStatementViewer(subStatementSource, dateFormat);
  const generate = useGenerateSubStatement();
  const exporting = useFileAction<boolean>('bills.errors.export');

  const first = statements.data?.items[0];
  const name = agency.data?.name ?? first?.companyName;
  const code = agency.data?.code ?? first?.companyCode;
  const hasEntryFilters = Boolean(entryQuery.type || entryQuery.from || entryQuery.to || entryQuery.currency);

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
          <Button icon={<DownloadOutlined />} loading={exporting.busy !== null} onClick={() => void exportEntries()}>
            {t('bills.actions.export')}
          </Button>
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
          ]}
        />
      </Card>
      {viewer.drawer}
    </Flex>
  );
}

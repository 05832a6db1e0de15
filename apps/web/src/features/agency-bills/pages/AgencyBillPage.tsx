import { useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Empty, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { DownloadOutlined, FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { Statement } from '@portal/contract/api/bills';
import { paths } from '../../../app/paths';
import { BalanceCard } from '../../../components/bills/BalanceCard';
import { StatementDetailDrawer } from '../../../components/bills/StatementDetailDrawer';
import { StatementsTable, statementKey } from '../../../components/bills/StatementsTable';
import { WalletEntriesTable } from '../../../components/bills/WalletEntriesTable';
import { WalletEntryFilters } from '../../../components/bills/WalletEntryFilters';
import { currentMonth } from '../../../components/bills/statement-month';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUrlQuery } from '../../../lib/use-url-query';
import { downloadSubWorkbook, useGenerateSubStatement, useSubStatementDetail, useSubStatements } from '../api/get-sub-statements';
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
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'entries' ? 'entries' : 'statements';
  const { query: entryQuery, setQuery: setEntryQuery } = useUrlQuery(subEntryUrlQuery);
  const [statementPage, setStatementPage] = useState({ page: 1, pageSize: 10 });

  const agency = useAgencyName(companyId);
  const balance = useSubBalance(companyId);
  const statements = useSubStatements({ ...statementPage, companyId });
  const entries = useSubEntries({ ...entryQuery, companyId });
  const [open, setOpen] = useState<Statement | null>(null);
  const detail = useSubStatementDetail(open);
  const generate = useGenerateSubStatement();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

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

  const download = async (statement: Statement) => {
    setDownloading(statementKey(statement));
    try {
      await downloadSubWorkbook(statement);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('bills.errors.download'));
    } finally {
      setDownloading(null);
    }
  };

  const exportEntries = async () => {
    setExporting(true);
    try {
      const { type, from, to, currency } = entryQuery;
      await exportSubEntries({ type, from, to, currency, companyId }, `wallet-entries-${code ?? companyId}-${new Date().toISOString().slice(0, 10)}.xlsx`);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('bills.errors.export'));
    } finally {
      setExporting(false);
    }
  };

  const generateNow = () =>
    generate.mutate(
      { companyId, month: currentMonth() },
      {
        onSuccess: (statement) => {
          notify.success(t('bills.statements.generated', { month: statement.month }));
          setOpen(statement);
        },
        onError: (err) => notify.error(err.message || t('bills.statements.errors.generate')),
      },
    );

  const retry = (refetch: () => unknown) => (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
      {t('bills.common.retry')}
    </Button>
  );

  let balanceView;
  if (balance.isError && !balance.data) {
    balanceView = (
      <Card>
        <Result status="error" title={t('bills.agency.errors.balance')} subTitle={balance.error.message} extra={retry(balance.refetch)} />
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

  const statementsView =
    statements.isError && !statements.data ? (
      <Result status="error" title={t('bills.statements.errors.load')} subTitle={statements.error.message} extra={retry(statements.refetch)} />
    ) : (
      <StatementsTable
        statements={statements.data?.items ?? []}
        loading={statements.isFetching}
        dateFormat={dateFormat}
        onView={setOpen}
        onDownload={(s) => void download(s)}
        downloading={downloading}
        empty={<Empty description={t('bills.agency.noStatements')} />}
        pagination={{
          current: statementPage.page,
          pageSize: statementPage.pageSize,
          total: statements.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => t('bills.statements.total', { count: total }),
          onChange: (page, pageSize) => setStatementPage({ page: pageSize === statementPage.pageSize ? page : 1, pageSize }),
        }}
      />
    );

  const entriesView = (
    <Flex vertical gap={16}>
      <WalletEntryFilters
        value={entryQuery}
        onChange={setEntryQuery}
        currencies={balance.data ? [balance.data.currency] : []}
        actions={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportEntries()}>
            {t('bills.actions.export')}
          </Button>
        }
      />
      {entries.isError && entries.data && <Alert type="warning" showIcon title={entries.error.message} action={retry(entries.refetch)} />}
      {entries.isError && !entries.data ? (
        <Result status="error" title={t('bills.entries.errors.load')} subTitle={entries.error.message} extra={retry(entries.refetch)} />
      ) : (
        <WalletEntriesTable
          entries={entries.data?.items ?? []}
          loading={entries.isFetching}
          dateFormat={dateFormat}
          empty={<Empty description={hasEntryFilters ? t('bills.entries.emptyFiltered') : t('bills.entries.empty')} />}
          pagination={{
            current: entryQuery.page,
            pageSize: entryQuery.pageSize,
            total: entries.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('bills.entries.total', { count: total }),
            onChange: (page, pageSize) => setEntryQuery({ page, pageSize }),
          }}
        />
      )}
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
        <Button icon={<FileAddOutlined />} loading={generate.isPending} onClick={generateNow}>
          {t('bills.statements.generate')}
        </Button>
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
      <StatementDetailDrawer
        statement={open}
        detail={detail}
        dateFormat={dateFormat}
        onClose={() => setOpen(null)}
        onDownload={(s) => void download(s)}
        downloading={open !== null && downloading === statementKey(open)}
      />
    </Flex>
  );
}

import { useState } from 'react';
import { Alert, Breadcrumb, Button, Card, DatePicker, Empty, Flex, Input, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { Statement } from '@portal/contract/api/bills';
import { paths } from '../../../app/paths';
import { StatementDetailDrawer } from '../../../components/bills/StatementDetailDrawer';
import { StatementsTable, statementKey } from '../../../components/bills/StatementsTable';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUrlQuery } from '../../../lib/use-url-query';
import { downloadSubWorkbook, useSubStatementDetail, useSubStatements } from '../api/get-sub-statements';
import { subStatementUrlQuery } from '../utils/queries';

/** /agency-manager/statements: the monthly statements of every sub-agency, each linking to that agency's bills. */
export default function AgencyStatementsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const { query, setQuery } = useUrlQuery(subStatementUrlQuery);
  const statements = useSubStatements({ ...query, scope: 'subAgencies' });
  const [open, setOpen] = useState<Statement | null>(null);
  const detail = useSubStatementDetail(open);
  const [downloading, setDownloading] = useState<string | null>(null);
  // The box is edited locally and searched on Enter; it follows the URL when that changes from outside.
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [seen, setSeen] = useState(query.keyword);
  if (seen !== query.keyword) {
    setSeen(query.keyword);
    setKeyword(query.keyword ?? '');
  }
  const hasFilters = Boolean(query.month || query.keyword);

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

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void statements.refetch()}>
      {t('bills.common.retry')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[{ title: <Link to={paths.agencyManager}>{t('bills.agency.breadcrumb')}</Link> }, { title: t('bills.agency.statementsTitle') }]}
      />
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('bills.agency.statementsTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('bills.agency.statementsSubtitle')}</Typography.Text>
      </div>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Flex wrap gap={8}>
            <Input.Search
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setQuery({ keyword: v.trim() || undefined })}
              placeholder={t('bills.agency.keyword')}
              aria-label={t('bills.agency.keyword')}
              allowClear
              maxLength={100}
              style={{ width: 260 }}
            />
            <DatePicker
              picker="month"
              value={query.month ? dayjs(`${query.month}-01`) : null}
              onChange={(d) => setQuery({ month: d ? d.format('YYYY-MM') : undefined })}
              placeholder={t('bills.filters.month')}
              aria-label={t('bills.filters.month')}
              allowClear
              style={{ width: 180 }}
            />
          </Flex>
          {statements.isError && statements.data && (
            <Alert type="warning" showIcon title={statements.error.message || t('bills.statements.errors.load')} action={retry} />
          )}
          {statements.isError && !statements.data ? (
            <Result status="error" title={t('bills.statements.errors.load')} subTitle={statements.error.message} extra={retry} />
          ) : (
            <StatementsTable
              statements={statements.data?.items ?? []}
              loading={statements.isFetching}
              dateFormat={dateFormat}
              companyLink={(s) => paths.agencyBill(s.companyId)}
              onView={setOpen}
              onDownload={(s) => void download(s)}
              downloading={downloading}
              empty={
                hasFilters ? (
                  <Empty description={t('bills.agency.emptyFiltered')}>
                    <Button onClick={() => setQuery({ month: undefined, keyword: undefined })}>{t('bills.actions.clearFilters')}</Button>
                  </Empty>
                ) : (
                  <Empty description={t('bills.agency.empty')} />
                )
              }
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: statements.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('bills.statements.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
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

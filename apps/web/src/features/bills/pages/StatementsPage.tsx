import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Flex, Result } from 'antd';
import { FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { Statement } from '@portal/contract/api/bills';
import { StatementDetailDrawer } from '../../../components/bills/StatementDetailDrawer';
import { StatementsTable, statementKey } from '../../../components/bills/StatementsTable';
import { currentMonth } from '../../../components/bills/statement-month';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUrlQuery } from '../../../lib/use-url-query';
import { downloadStatementWorkbook, useGenerateStatement, useStatementDetail, useStatements } from '../api/get-statements';
import { BillsHeader } from '../components/BillsHeader';
import { statementUrlQuery } from '../utils/queries';

/** /bills/statements: the agency's monthly statements (the finance user's landing page), each with its detail and Excel bill. */
export default function StatementsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const { query, setQuery } = useUrlQuery(statementUrlQuery);
  const statements = useStatements(query);
  const [open, setOpen] = useState<Statement | null>(null);
  const detail = useStatementDetail(open);
  const generate = useGenerateStatement();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (statement: Statement) => {
    setDownloading(statementKey(statement));
    try {
      await downloadStatementWorkbook(statement);
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : t('bills.errors.download'));
    } finally {
      setDownloading(null);
    }
  };

  const generateNow = () =>
    generate.mutate(currentMonth(), {
      onSuccess: (statement) => {
        notify.success(t('bills.statements.generated', { month: statement.month }));
        setOpen(statement);
      },
      onError: (err) => notify.error(err.message || t('bills.statements.errors.generate')),
    });

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void statements.refetch()}>
      {t('bills.common.retry')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <BillsHeader
        subtitle={t('bills.statements.subtitle')}
        actions={
          <Button type="primary" icon={<FileAddOutlined />} loading={generate.isPending} onClick={generateNow}>
            {t('bills.statements.generate')}
          </Button>
        }
      />
      <Card title={t('bills.statements.title')} styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Flex wrap gap={8}>
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
              onView={setOpen}
              onDownload={(s) => void download(s)}
              downloading={downloading}
              empty={
                query.month ? (
                  <Empty description={t('bills.statements.emptyMonth', { month: query.month })}>
                    <Button onClick={() => setQuery({ month: undefined })}>{t('bills.actions.clearFilters')}</Button>
                  </Empty>
                ) : (
                  <Empty description={t('bills.statements.empty')} />
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

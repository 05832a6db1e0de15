import { Alert, Button, Card, Empty, Flex, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { useSession } from '../../../lib/session';
import { useUserLogs } from '../api/get-user-logs';
import { UserLogFilters } from '../components/UserLogFilters';
import { UserLogTable } from '../components/UserLogTable';
import { useUserLogQuery } from '../utils/use-user-log-query';

/** Audit trail of sign-ins and account changes in the own company (SuperUser only; the route guard checks). */
export default function UserLogPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { query, setQuery, hasFilters } = useUserLogQuery();
  const logs = useUserLogs(query);
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void logs.refetch()}>
      {t('userLog.buttons.retry')}
    </Button>
  );
  const empty = hasFilters ? (
    <Empty description={t('userLog.empty.filtered')}>
      <Button onClick={() => setQuery({ action: undefined, keyword: undefined, from: undefined, to: undefined })}>
        {t('userLog.buttons.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('userLog.empty.none')} />
  );

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('userLog.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('userLog.subtitle')}</Typography.Text>
      </div>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <UserLogFilters query={query} onChange={setQuery} dateFormat={dateFormat} />
          {logs.isError && logs.data && (
            // A refetch failed; the last good page stays on screen with a warning.
            <Alert type="warning" showIcon title={logs.error.message || t('userLog.errors.load')} action={retry} />
          )}
          {logs.isError && !logs.data ? (
            <Result status="error" title={t('userLog.errors.load')} subTitle={logs.error.message} extra={retry} />
          ) : (
            <UserLogTable
              logs={logs.data?.items ?? []}
              loading={logs.isFetching}
              dateFormat={dateFormat}
              empty={empty}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: logs.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('userLog.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

import { Alert, Button, Card, Empty, Flex, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { useSession } from '../../../lib/session';
import { useApplications } from '../api/get-applications';
import { EnquiriesTable } from '../components/EnquiriesTable';
import { usePageQuery } from '../utils/use-page-query';

/** Partnership forms sent from the landing page, for the platform administrator (the route guard checks). */
export default function EnquiriesPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { query, setQuery } = usePageQuery();
  const enquiries = useApplications(query);
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void enquiries.refetch()}>
      {t('platform.common.retry')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('platform.enquiries.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('platform.enquiries.subtitle')}</Typography.Text>
      </div>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          {enquiries.isError && enquiries.data && (
            // A refetch failed; the last good page stays on screen with a warning.
            <Alert type="warning" showIcon title={enquiries.error.message || t('platform.enquiries.errors.load')} action={retry} />
          )}
          {enquiries.isError && !enquiries.data ? (
            <Result status="error" title={t('platform.enquiries.errors.load')} subTitle={enquiries.error.message} extra={retry} />
          ) : (
            <EnquiriesTable
              items={enquiries.data?.items ?? []}
              loading={enquiries.isFetching}
              dateFormat={dateFormat}
              empty={<Empty description={t('platform.enquiries.empty')} />}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: enquiries.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('platform.enquiries.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Result, Select, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { EMAIL_KINDS, OUTBOX_STATUSES } from '@portal/contract/api/outbox';
import { useSession } from '../../../lib/session';
import { useOutbox } from '../api/get-outbox';
import { OutboxTable } from '../components/OutboxTable';
import { useOutboxQuery } from '../utils/use-outbox-query';

/** The emails the portal wrote (top-up, credit, notices), for the platform administrator (the route guard checks). */
export default function OutboxPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { query, setQuery, hasFilters } = useOutboxQuery();
  const outbox = useOutbox(query);
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [seen, setSeen] = useState(query.keyword);
  if (seen !== query.keyword) {
    setSeen(query.keyword);
    setKeyword(query.keyword ?? '');
  }

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void outbox.refetch()}>
      {t('platform.common.retry')}
    </Button>
  );
  const clear = () => setQuery({ status: undefined, kind: undefined, keyword: undefined });

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('platform.outbox.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('platform.outbox.subtitle')}</Typography.Text>
      </div>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Space wrap size={[8, 8]}>
            <Input.Search
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => setQuery({ keyword: value.trim() || undefined })}
              placeholder={t('platform.outbox.filters.keyword')}
              aria-label={t('platform.outbox.filters.keyword')}
              allowClear
              maxLength={100}
              style={{ width: 280, maxWidth: '100%' }}
            />
            <Select
              value={query.status}
              onChange={(status) => setQuery({ status })}
              placeholder={t('platform.outbox.filters.allStatuses')}
              aria-label={t('platform.outbox.filters.status')}
              allowClear
              style={{ width: 160 }}
              options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`platform.outbox.statuses.${s}`) }))}
            />
            <Select
              value={query.kind}
              onChange={(kind) => setQuery({ kind })}
              placeholder={t('platform.outbox.filters.allKinds')}
              aria-label={t('platform.outbox.filters.kind')}
              allowClear
              style={{ width: 180 }}
              options={EMAIL_KINDS.map((k) => ({ value: k, label: t(`platform.outbox.kinds.${k}`) }))}
            />
            {hasFilters && <Button onClick={clear}>{t('platform.outbox.filters.clear')}</Button>}
          </Space>
          {outbox.isError && outbox.data && (
            // A refetch failed; the last good page stays on screen with a warning.
            <Alert type="warning" showIcon title={outbox.error.message || t('platform.outbox.errors.load')} action={retry} />
          )}
          {outbox.isError && !outbox.data ? (
            <Result status="error" title={t('platform.outbox.errors.load')} subTitle={outbox.error.message} extra={retry} />
          ) : (
            <OutboxTable
              items={outbox.data?.items ?? []}
              loading={outbox.isFetching}
              dateFormat={dateFormat}
              empty={<Empty description={hasFilters ? t('platform.outbox.emptyFiltered') : t('platform.outbox.empty')} />}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: outbox.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('platform.outbox.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

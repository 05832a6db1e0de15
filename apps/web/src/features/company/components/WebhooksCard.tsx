import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_HEADERS, type WebhookDeliveryStatus } from '@portal/contract/api/webhooks';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useWebhookDeliveries, useWebhookStatus } from '../api/webhooks';
import { WebhookDeliveriesTable } from './WebhookDeliveriesTable';
import { WebhookSecretModal } from './WebhookSecretModal';

/**
 * Booking notifications (issue 8): where the agency's signed webhooks go (set by the parent agency), its signing
 * secret (generated here, shown once) and the delivery log. SuperUser only (the page and the routes check).
 */
export function WebhooksCard() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = me?.userInfo.config?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const status = useWebhookStatus();
  const [query, setQuery] = useState<{ page: number; pageSize: number; status?: WebhookDeliveryStatus }>({ page: 1, pageSize: 10 });
  const deliveries = useWebhookDeliveries(query);
  const [generating, setGenerating] = useState(false);

  const configured = status.data?.configured === true;
  const url = status.data?.url ?? null;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const retry = (refetch: () => unknown) => (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
      {t('company.common.retry')}
    </Button>
  );

  return (
    <Card
      title={t('company.webhooks.title')}
      extra={
        <Button icon={<KeyOutlined />} onClick={() => setGenerating(true)} disabled={!status.isSuccess}>
          {t('company.webhooks.generate')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('company.webhooks.intro')}</Typography.Text>
        {status.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : status.isError ? (
          <Alert type="error" showIcon title={t('company.webhooks.errors.status')} description={status.error.message} action={retry(status.refetch)} />
        ) : (
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'url',
                label: t('company.webhooks.url'),
                children: url ? (
                  <Typography.Text copyable code>
                    {url}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('company.webhooks.noUrl')}</Typography.Text>
                ),
              },
              {
                key: 'secret',
                label: t('company.webhooks.secretLabel'),
                children: configured ? (
                  <Flex gap={8} wrap align="center">
                    <Tag color="success">{t('company.webhooks.secretConfigured')}</Tag>
                    <Typography.Text type="secondary">
                      {t('company.webhooks.secretCreatedAt', { date: formatDateTime(status.data.createdAt, dateFormat) })}
                    </Typography.Text>
                  </Flex>
                ) : (
                  <Tag>{t('company.webhooks.secretMissing')}</Tag>
                ),
              },
              {
                key: 'signature',
                label: t('company.webhooks.signature'),
                children: url || configured ? t('company.webhooks.signatureNote', { header: WEBHOOK_HEADERS.signature }) : dash,
              },
            ]}
          />
        )}

        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('company.webhooks.log')}
          </Typography.Title>
          <Flex gap={8}>
            <Select
              value={query.status}
              onChange={(s?: WebhookDeliveryStatus) => setQuery((q) => ({ ...q, status: s, page: 1 }))}
              placeholder={t('company.webhooks.allStatuses')}
              aria-label={t('company.webhooks.columns.status')}
              allowClear
              style={{ width: 160 }}
              options={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`company.webhooks.statuses.${s}`) }))}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void deliveries.refetch()} aria-label={t('company.webhooks.refresh')} />
          </Flex>
        </Flex>
        {deliveries.isError && (
          <Alert type="error" showIcon title={t('company.webhooks.errors.deliveries')} description={deliveries.error.message} action={retry(deliveries.refetch)} />
        )}
        <WebhookDeliveriesTable
          items={deliveries.data?.items ?? []}
          loading={deliveries.isFetching}
          dateFormat={dateFormat}
          empty={<Empty description={query.status ? t('company.webhooks.emptyFiltered') : t('company.webhooks.empty')} />}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: deliveries.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('company.webhooks.total', { count: total }),
            onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize !== q.pageSize ? 1 : page, pageSize })),
          }}
        />
      </Flex>
      <WebhookSecretModal open={generating} configured={configured} dateFormat={dateFormat} onClose={() => setGenerating(false)} />
    </Card>
  );
}

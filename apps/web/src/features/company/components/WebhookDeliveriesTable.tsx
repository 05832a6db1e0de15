import type { ReactNode } from 'react';
import { Flex, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { ListTable } from '../../../components/ListTable';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@portal/contract/api/webhooks';
import { formatDateTime } from '../../../lib/format';

interface Props {
  items: WebhookDelivery[];
  loading: boolean;
  pagination: TableProps<WebhookDelivery>['pagination'];
  dateFormat: string;
  empty: ReactNode;
}

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'processing', delivered: 'success', failed: 'error' };

/** The agency's webhook delivery log: one row per message, with its last attempt's outcome. */
export function WebhookDeliveriesTable({ items, loading, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  // Events are open-ended: a known one is translated, any other is shown as sent.
  const eventLabel = (event: string) => t(`company.webhooks.events.${event}`, { defaultValue: event });

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('company.webhooks.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, dateFormat),
    },
    {
      title: t('company.webhooks.columns.event'),
      dataIndex: 'event',
      width: 180,
      render: (v: string) => (
        <Flex vertical>
          <Typography.Text>{eventLabel(v)}</Typography.Text>
          {eventLabel(v) !== v && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {v}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('company.webhooks.columns.bookingNumber'), dataIndex: 'bookingNumber', width: 140, render: (v: string | null) => v ?? dash },
    {
      title: t('company.webhooks.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: WebhookDeliveryStatus) => <Tag color={STATUS_COLORS[s]}>{t(`company.webhooks.statuses.${s}`)}</Tag>,
    },
    { title: t('company.webhooks.columns.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      title: t('company.webhooks.columns.lastResult'),
      key: 'lastResult',
      width: 280,
      render: (_, d) => {
        if (d.attempts === 0) return dash;
        return (
          <Flex vertical>
            {d.lastStatusCode !== null && <Typography.Text>{t('company.webhooks.httpStatus', { code: d.lastStatusCode })}</Typography.Text>}
            {d.lastError && (
              <Typography.Text type={d.status === 'delivered' ? 'secondary' : 'danger'} style={{ fontSize: 12 }} ellipsis={{ tooltip: d.lastError }}>
                {d.lastError}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('company.webhooks.columns.nextAttemptAt'),
      key: 'next',
      width: 150,
      render: (_, d) =>
        d.status === 'delivered' && d.deliveredAt ? (
          <Typography.Text type="secondary">{t('company.webhooks.deliveredAt', { date: formatDateTime(d.deliveredAt, dateFormat) })}</Typography.Text>
        ) : d.nextAttemptAt ? (
          formatDateTime(d.nextAttemptAt, dateFormat)
        ) : (
          dash
        ),
    },
  ];

  return (
    <ListTable<WebhookDelivery>
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={pagination}
      empty={empty}
    />
  );
}

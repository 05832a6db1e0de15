import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { ListTable } from '../../../components/ListTable';
import { useTranslation } from 'react-i18next';
import type { OutboxEmail, OutboxStatus } from '@portal/contract/api/outbox';
import { formatDateTime } from '../../../lib/format';

interface Props {
  items: OutboxEmail[];
  loading: boolean;
  pagination: TableProps<OutboxEmail>['pagination'];
  dateFormat: string;
  empty: ReactNode;
}

const STATUS_COLORS: Record<OutboxStatus, string> = { pending: 'processing', sent: 'success', failed: 'error', kept: 'default' };

export function OutboxTable({ items, loading, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  // Kinds are open-ended (modules add their own): a known one is translated, any other is shown as written.
  const kindLabel = (kind: string) => t(`platform.outbox.kinds.${kind}`, { defaultValue: kind });

  const columns: TableColumnsType<OutboxEmail> = [
    {
      title: t('platform.outbox.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      fixed: 'left',
      render: (v: string) => formatDateTime(v, dateFormat),
    },
    { title: t('platform.outbox.columns.kind'), dataIndex: 'kind', width: 130, render: (v: string) => <Tag>{kindLabel(v)}</Tag> },
    {
      title: t('platform.outbox.columns.agency'),
      key: 'agency',
      width: 180,
      render: (_, e) =>
        e.companyName ? (
          <Flex vertical>
            <Typography.Text>{e.companyName}</Typography.Text>
            {e.companyCode && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{e.companyCode}</Typography.Text>}
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('platform.outbox.columns.to'), dataIndex: 'to', width: 220, ellipsis: { showTitle: true } },
    { title: t('platform.outbox.columns.subject'), dataIndex: 'subject', width: 280, ellipsis: { showTitle: true } },
    {
      title: t('platform.outbox.columns.status'),
      dataIndex: 'status',
      width: 140,
      render: (status: OutboxStatus, e) => {
        const tag = <Tag color={STATUS_COLORS[status]}>{t(`platform.outbox.statuses.${status}`)}</Tag>;
        return e.lastError ? <Tooltip title={e.lastError}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('platform.outbox.columns.sentAt'),
      dataIndex: 'sentAt',
      width: 150,
      render: (v: string | null) => (v ? formatDateTime(v, dateFormat) : <Typography.Text type="secondary">—</Typography.Text>),
    },
  ];

  return (
    <ListTable<OutboxEmail>
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={pagination}
      // Wider than a phone on purpose: it scrolls sideways with the time pinned.
      empty={empty}
      expandable={{
        fixed: 'left',
        expandedRowRender: (e) => (
          <Flex vertical gap={8} style={{ maxWidth: 880 }}>
            <Typography.Text type="secondary">
              {t('platform.outbox.detail', {
                to: e.to,
                language: t(`layout.languageNames.${e.language}`),
                attempts: e.attempts,
              })}
            </Typography.Text>
            {e.lastError && <Typography.Text type="danger">{t('platform.outbox.lastError', { error: e.lastError })}</Typography.Text>}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} copyable={{ text: e.text }}>
              {e.text}
            </Typography.Paragraph>
          </Flex>
        ),
      }}
    />
  );
}

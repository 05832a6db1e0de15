import type { ReactNode } from 'react';
import { Flex, Grid, Table, Tag, Tooltip, Typography, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserLogAction, UserLogItem } from '@portal/contract/api/user-logs';
import { CARD_STYLE, CardList } from '../../../components/orders/CardList';
import { formatDate } from '../../../lib/format';
import { LogDetail } from './LogDetail';

/** Colour by what an auditor looks for: failures red, credential and access changes orange, the rest neutral. */
const ACTION_COLORS: Partial<Record<UserLogAction, string>> = {
  login_failed: 'error',
  login_throttled: 'error',
  password_change: 'warning',
  password_reset: 'warning',
  user_status: 'warning',
  user_roles: 'warning',
  user_permissions: 'warning',
  login: 'success',
  single_login: 'success',
  user_create: 'processing',
  company_update: 'purple',
  company_logo: 'purple',
  rates_update: 'purple',
};

interface Props {
  logs: UserLogItem[];
  loading: boolean;
  pagination: TableProps<UserLogItem>['pagination'];
  dateFormat: string;
  empty: ReactNode;
}

/**
 * The audit log: a table from tablet width up (at 1280 px it fits without sideways scrolling, the browser string
 * joining in from 1600 px), one card per entry on a phone (issue 14).
 */
export function UserLogTable({ logs, loading, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().xs === true;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  // Seconds matter when lining up a failed login with a lock-out.
  const time = (v: string) => `${formatDate(v, dateFormat)} ${dayjs(v).format('HH:mm:ss')}`;
  const actionTag = (action: UserLogAction) => <Tag color={ACTION_COLORS[action] ?? 'default'}>{t(`userLog.actions.${action}`)}</Tag>;

  if (phone) {
    return (
      <CardList
        items={logs}
        loading={loading}
        empty={empty}
        pagination={(pagination || {}) as TablePaginationConfig}
        rowKey={(log) => log.id}
        renderCard={(log) => (
          <Flex vertical gap={6} style={CARD_STYLE} data-testid="log-card">
            <Flex justify="space-between" align="center" gap={8} wrap>
              {actionTag(log.action)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {time(log.createdAt)}
              </Typography.Text>
            </Flex>
            <Typography.Text>
              {log.actorUsername || '—'}
              {log.targetUsername ? ` → ${log.targetUsername}` : ''}
            </Typography.Text>
            <LogDetail detail={log.detail ?? {}} />
            {log.ip && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {log.ip}
              </Typography.Text>
            )}
          </Flex>
        )}
      />
    );
  }

  const columns: TableColumnsType<UserLogItem> = [
    {
      title: t('userLog.columns.time'),
      dataIndex: 'createdAt',
      width: 170,
      fixed: 'left',
      render: (v: string) => time(v),
    },
    {
      title: t('userLog.columns.action'),
      dataIndex: 'action',
      width: 160,
      render: (action: UserLogAction) => actionTag(action),
    },
    { title: t('userLog.columns.actor'), dataIndex: 'actorUsername', width: 140, render: (v: string | null) => v || dash },
    { title: t('userLog.columns.target'), dataIndex: 'targetUsername', width: 140, render: (v: string | null) => v || dash },
    {
      title: t('userLog.columns.detail'),
      dataIndex: 'detail',
      width: 300,
      render: (detail: UserLogItem['detail']) => <LogDetail detail={detail ?? {}} />,
    },
    { title: t('userLog.columns.ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v || dash },
    {
      title: t('userLog.columns.userAgent'),
      dataIndex: 'userAgent',
      width: 220,
      responsive: ['xxl'],
      ellipsis: { showTitle: false },
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v} placement="topLeft">
            <span>{v}</span>
          </Tooltip>
        ) : (
          dash
        ),
    },
  ];

  return (
    <Table<UserLogItem>
      rowKey="id"
      size="medium"
      columns={columns}
      dataSource={logs}
      loading={loading}
      pagination={pagination}
      // On a tablet it scrolls sideways with the time column pinned.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

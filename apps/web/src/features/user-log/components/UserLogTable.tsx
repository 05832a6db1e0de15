import type { ReactNode } from 'react';
import { Table, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserLogAction, UserLogItem } from '@portal/contract/api/user-logs';
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

export function UserLogTable({ logs, loading, pagination, dateFormat, empty }: Props) {
  const { t } = useTranslation();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: TableColumnsType<UserLogItem> = [
    {
      title: t('userLog.columns.time'),
      dataIndex: 'createdAt',
      width: 170,
      fixed: 'left',
      // Seconds matter when lining up a failed login with a lock-out.
      render: (v: string) => `${formatDate(v, dateFormat)} ${dayjs(v).format('HH:mm:ss')}`,
    },
    {
      title: t('userLog.columns.action'),
      dataIndex: 'action',
      width: 160,
      render: (action: UserLogAction) => <Tag color={ACTION_COLORS[action] ?? 'default'}>{t(`userLog.actions.${action}`)}</Tag>,
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
      // Wider than a phone on purpose: it scrolls sideways with the time column pinned.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
    />
  );
}

import type { ReactNode } from 'react';
import { ListTable } from '../ListTable';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Statement } from '@portal/contract/api/bills';
import { formatDate } from '../../lib/format';
import { AmountText } from './AmountText';
import { Dash, DateTimeCell } from './BillsTable';
import { isProvisional } from './statement-month';

interface Props {
  statements: Statement[];
  loading?: boolean;
  pagination: TableProps<Statement>['pagination'];
  dateFormat: string;
  empty?: ReactNode;
  /** The agency manager's view of several sub-agencies: a company column. */
  showCompany?: boolean;
  /** Where a company name links to (that agency's bills), when the user may open it; plain text otherwise. */
  companyLink?: (statement: Statement) => string;
  onView: (statement: Statement) => void;
  onDownload: (statement: Statement) => void;
  /** The statement whose workbook is being fetched. */
  downloading?: string | null;
}

export function statementKey(s: Pick<Statement, 'companyId' | 'month' | 'currency'>): string {
  return `${s.companyId}|${s.month}|${s.currency}`;
}

export function StatementsTable({ statements, loading = false, pagination, dateFormat, empty, showCompany = false, companyLink, onView, onDownload, downloading }: Props) {
  const { t } = useTranslation();
  const money = (key: keyof Pick<Statement, 'openingBalance' | 'totalIn' | 'totalOut' | 'closingBalance'>, signed = false) =>
    (_: unknown, s: Statement) => <AmountText amount={key === 'totalOut' ? -Math.abs(s[key]) : s[key]} currency={s.currency} signed={signed} />;

  const columns: TableColumnsType<Statement> = [];
  if (showCompany) {
    columns.push({
      title: t('bills.statements.columns.agency'),
      key: 'company',
      width: 220,
      fixed: 'left',
      render: (_, s) => (
        <Flex vertical>
          {companyLink ? <Link to={companyLink(s)}>{s.companyName}</Link> : <Typography.Text>{s.companyName}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.companyCode}
          </Typography.Text>
        </Flex>
      ),
    });
  }
  columns.push(
    {
      title: t('bills.statements.columns.month'),
      dataIndex: 'month',
      width: 150,
      fixed: showCompany ? undefined : 'left',
      render: (month: string, s) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Link onClick={() => onView(s)} strong>
            {month}
          </Typography.Link>
          {isProvisional(s) && (
            <Tooltip title={t('bills.statements.provisionalHint')}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                {t('bills.statements.provisional')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { title: t('bills.statements.columns.currency'), dataIndex: 'currency', width: 90 },
    { title: t('bills.statements.columns.opening'), key: 'opening', width: 150, align: 'right', render: money('openingBalance') },
    { title: t('bills.statements.columns.in'), key: 'in', width: 150, align: 'right', render: money('totalIn', true) },
    { title: t('bills.statements.columns.out'), key: 'out', width: 150, align: 'right', render: money('totalOut', true) },
    { title: t('bills.statements.columns.closing'), key: 'closing', width: 150, align: 'right', render: money('closingBalance') },
    {
      title: t('bills.statements.columns.amountDue'),
      dataIndex: 'amountDue',
      width: 150,
      align: 'right',
      render: (v: number, s) => (v > 0 ? <AmountText amount={v} currency={s.currency} strong /> : <Dash />),
    },
    {
      title: t('bills.statements.columns.dueDate'),
      dataIndex: 'dueDate',
      width: 120,
      render: (v: string | null) => (v ? formatDate(v, dateFormat) : <Dash />),
    },
    {
      title: t('bills.statements.columns.generatedAt'),
      dataIndex: 'generatedAt',
      width: 150,
      render: (v: string) => <DateTimeCell value={v} dateFormat={dateFormat} />,
    },
    {
      title: t('bills.statements.columns.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, s) => (
        <Flex gap={4}>
          <Tooltip title={t('bills.statements.view')}>
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('bills.statements.viewOf', { month: s.month, currency: s.currency })}
              onClick={() => onView(s)}
            />
          </Tooltip>
          <Tooltip title={t('bills.statements.download')}>
            <Button
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              loading={downloading === statementKey(s)}
              aria-label={t('bills.statements.downloadOf', { month: s.month, currency: s.currency })}
              onClick={() => onDownload(s)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  );

  return <ListTable<Statement> columns={columns} dataSource={statements} loading={loading} pagination={pagination} empty={empty} />;
}

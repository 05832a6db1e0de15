import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Flex, Grid, Result, Skeleton, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementDetail } from '@portal/contract/api/bills';
import { formatDate, formatDateTime } from '../../lib/format';
import { AmountText } from './AmountText';
import { StatementChart } from './StatementChart';
import { isProvisional } from './statement-month';
import { WalletEntriesTable } from './WalletEntriesTable';

/** What the drawer needs of the detail query. */
export interface StatementDetailState {
  data: StatementDetail | undefined;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface Props {
  /** The list row that was opened; null closes the drawer. */
  statement: Statement | null;
  detail: StatementDetailState;
  dateFormat: string;
  onClose: () => void;
  onDownload: (statement: Statement) => void;
  downloading: boolean;
}

const ENTRIES_PAGE = 10;

/** One monthly statement: its summary, the chart of the month's days, every entry, and the Excel bill. */
export function StatementDetailDrawer({ statement, detail, dateFormat, onClose, onDownload, downloading }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  // Each statement opens on the first page of its entries.
  const [seen, setSeen] = useState<string | null>(null);
  if (statement && statement.id !== seen) {
    setSeen(statement.id);
    setPage(1);
  }

  // The list row shows at once; the detail replaces it when it arrives (same numbers, plus entries and days).
  const s: Statement | null = detail.data ?? statement;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  return (
    <Drawer
      open={statement !== null}
      onClose={onClose}
      size={screens.md ? 1000 : '100%'}
      destroyOnHidden
      title={
        s && (
          <Flex align="center" gap={8} wrap>
            <span>{t('bills.detail.title', { month: s.month, currency: s.currency })}</span>
            {isProvisional(s) && <Tag color="orange">{t('bills.statements.provisional')}</Tag>}
          </Flex>
        )
      }
      extra={
        s && (
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(s)}>
            {t('bills.detail.download')}
          </Button>
        )
      }
    >
      {s && (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">
            {s.companyName} ({s.companyCode})
          </Typography.Text>
          {isProvisional(s) && <Alert type="info" showIcon title={t('bills.detail.provisionalNotice')} />}
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'opening', label: t('bills.statements.columns.opening'), children: <AmountText amount={s.openingBalance} currency={s.currency} /> },
              { key: 'in', label: t('bills.statements.columns.in'), children: <AmountText amount={s.totalIn} currency={s.currency} signed /> },
              { key: 'out', label: t('bills.statements.columns.out'), children: <AmountText amount={-Math.abs(s.totalOut)} currency={s.currency} signed /> },
              { key: 'closing', label: t('bills.statements.columns.closing'), children: <AmountText amount={s.closingBalance} currency={s.currency} strong /> },
              { key: 'credit', label: t('bills.detail.creditLimit'), children: <AmountText amount={s.creditLimit} currency={s.currency} /> },
              {
                key: 'due',
                label: t('bills.statements.columns.amountDue'),
                children: s.amountDue > 0 ? <AmountText amount={s.amountDue} currency={s.currency} strong /> : dash,
              },
              { key: 'dueDate', label: t('bills.statements.columns.dueDate'), children: s.dueDate ? formatDate(s.dueDate, dateFormat) : dash },
              { key: 'count', label: t('bills.detail.entryCount'), children: s.entryCount },
              { key: 'generated', label: t('bills.statements.columns.generatedAt'), children: formatDateTime(s.generatedAt, dateFormat) },
            ]}
          />
          {detail.isError && !detail.data ? (
            <Result
              status="error"
              title={t('bills.detail.errors.load')}
              subTitle={detail.error?.message}
              extra={
                <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
                  {t('bills.common.retry')}
                </Button>
              }
            />
          ) : !detail.data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <>
              <Card size="small" title={t('bills.detail.chartTitle')}>
                <StatementChart days={detail.data.days} currency={detail.data.currency} month={detail.data.month} />
              </Card>
              <Card
                size="small"
                title={t('bills.detail.entriesTitle', { count: detail.data.entries.length })}
                extra={detail.data.showInvoiceType ? <Typography.Text type="secondary">{t('bills.detail.invoiceType')}</Typography.Text> : undefined}
                styles={{ body: { padding: 0 } }}
              >
                <WalletEntriesTable
                  entries={detail.data.entries}
                  dateFormat={dateFormat}
                  pagination={
                    detail.data.entries.length > ENTRIES_PAGE && {
                      current: page,
                      pageSize: ENTRIES_PAGE,
                      showSizeChanger: false,
                      onChange: setPage,
                      size: 'small',
                    }
                  }
                />
              </Card>
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}

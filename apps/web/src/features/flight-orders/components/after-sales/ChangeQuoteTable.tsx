import { Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChangeQuoteLine } from '@portal/contract/api/after-sales';
import type { Currency } from '@portal/contract/currency';
import { QuoteMoney, QuotePassenger } from './quote-parts';

/** What a change costs per passenger: change fee, fare and tax difference, service fee, total. */
export function ChangeQuoteTable({ lines, currency }: { lines: ChangeQuoteLine[]; currency: Currency }) {
  const { t } = useTranslation();
  const money = (v: number) => <QuoteMoney value={v} currency={currency} />;
  const columns: TableProps<ChangeQuoteLine>['columns'] = [
    {
      key: 'name',
      title: t('orders.afterSales.quote.passenger'),
      render: (_, l) => <QuotePassenger line={l} />,
    },
    { key: 'changeFee', title: t('orders.afterSales.quote.changeFee'), align: 'right', render: (_, l) => money(l.changeFee) },
    { key: 'fareDifference', title: t('orders.afterSales.quote.fareDifference'), align: 'right', render: (_, l) => money(l.fareDifference) },
    { key: 'taxDifference', title: t('orders.afterSales.quote.taxDifference'), align: 'right', render: (_, l) => money(l.taxDifference) },
    { key: 'serviceFee', title: t('orders.afterSales.quote.serviceFee'), align: 'right', render: (_, l) => money(l.serviceFee) },
    { key: 'total', title: t('orders.afterSales.quote.total'), align: 'right', render: (_, l) => <Typography.Text strong>{money(l.total)}</Typography.Text> },
  ];
  return <Table<ChangeQuoteLine> rowKey="passengerId" size="small" columns={columns} dataSource={lines} pagination={false} scroll={{ x: 'max-content' }} />;
}

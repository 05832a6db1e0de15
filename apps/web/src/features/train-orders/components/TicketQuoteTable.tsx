import type { ReactNode } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

export interface QuoteAmount<L> {
  key: string;
  title: string;
  text: (line: L) => string;
  /** Marks the cell for the tests that read it. */
  testId?: string;
}

/**
 * A refund's or a change's quote, one row per ticket: the traveller, then the amounts right-aligned. Never paged: an
 * order holds a handful of tickets.
 */
export function TicketQuoteTable<L extends { passengerId: string }>({ lines, name, amounts }: { lines: L[]; name: (line: L) => ReactNode; amounts: QuoteAmount<L>[] }) {
  const { t } = useTranslation();
  return (
    <Table<L>
      size="small"
      rowKey="passengerId"
      pagination={false}
      dataSource={lines}
      columns={[
        { key: 'name', title: t('trains.orders.detail.name'), render: (_, l) => name(l) },
        ...amounts.map(({ key, title, text, testId }) => ({
          key,
          title,
          align: 'right' as const,
          render: (_: unknown, l: L) => (testId ? <span data-testid={testId}>{text(l)}</span> : text(l)),
        })),
      ]}
    />
  );
}

import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';

type Props<T> = Omit<TableProps<T>, 'rowKey' | 'scroll' | 'locale'> & {
  /** What the table shows with no rows (antd's own empty state when left out). */
  empty?: ReactNode;
};

/**
 * The shape of the portal's record lists (bills, enquiries, outbox, webhook deliveries): rows keyed by id, wider than
 * a phone on purpose so it scrolls sideways while its pinned columns stay, and the caller's empty state. The scroll
 * container is made keyboard-focusable for every table at once (lib/focusable-scroll-regions.ts).
 */
export function ListTable<T extends { id: string }>({ empty, size = 'medium', ...props }: Props<T>) {
  return <Table<T> rowKey="id" size={size} scroll={{ x: 'max-content' }} locale={empty ? { emptyText: empty } : undefined} {...props} />;
}

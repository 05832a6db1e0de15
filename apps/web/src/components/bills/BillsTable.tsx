import type { ReactNode } from 'react';
import { Table, Typography, type TableProps } from 'antd';
import { formatDateTime } from '../../lib/format';
import { KeyboardScroll } from '../KeyboardScroll';

type Props<T> = Omit<TableProps<T>, 'rowKey' | 'size' | 'scroll' | 'locale'> & {
  /** What the table shows with no rows (antd's own empty state when left out). */
  empty?: ReactNode;
};

/**
 * The table shape of every bills list (statements, wallet entries, transactions): rows keyed by id, wider than a
 * phone on purpose so it scrolls sideways while its first column stays pinned, and the caller's empty state.
 */
export function BillsTable<T extends { id: string }>({ empty, ...props }: Props<T>) {
  return (
    <KeyboardScroll>
      <Table<T> rowKey="id" size="medium" scroll={{ x: 'max-content' }} locale={empty ? { emptyText: empty } : undefined} {...props} />
    </KeyboardScroll>
  );
}

/** An absent value in a bills table or summary. */
export const Dash = () => <Typography.Text type="secondary">—</Typography.Text>;

/** A date and time on one line, in the user's format. */
export function DateTimeCell({ value, dateFormat }: { value: string; dateFormat: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, dateFormat)}</span>;
}

/** A reference the user may copy; `ellipsis` for the long ones, cut to the column with the whole text on hover. */
export function CopyableCell({ value, ellipsis = false }: { value: string | null; ellipsis?: boolean }) {
  if (!value) return <Dash />;
  return ellipsis ? (
    <Typography.Text copyable={{ text: value }} ellipsis={{ tooltip: value }} style={{ maxWidth: 180 }}>
      {value}
    </Typography.Text>
  ) : (
    <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>
  );
}

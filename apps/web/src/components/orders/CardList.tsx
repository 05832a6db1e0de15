import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Flex, Pagination, Spin, type TablePaginationConfig } from 'antd';

interface Props<T> {
  items: T[];
  /** A page is being fetched: the cards stay, under a spinner. */
  loading: boolean;
  /** Shown in place of the cards when the page is empty. */
  empty: ReactNode;
  /** The same pager the wide screen's table takes (listPagination), shown in its compact form under the cards. */
  pagination: TablePaginationConfig;
  rowKey: (item: T) => string;
  /** One item's card (its own layout, test id and class). */
  renderCard: (item: T) => ReactNode;
}

/** One card's frame (padding and a separating line) for lists outside the orders pages, which style .orders-card. */
export const CARD_STYLE: CSSProperties = { padding: '12px 16px', borderBottom: '1px solid #f0f0f0' };

/**
 * A list on a phone: one card per item (a table is too wide there), the empty state, and the table's pager in its
 * simple form. The lists that switch between a table and cards (orders, groups, deadlines) share this shell.
 */
export function CardList<T>({ items, loading, empty, pagination, rowKey, renderCard }: Props<T>) {
  return (
    <Spin spinning={loading}>
      <Flex vertical>
        {items.length === 0 && <div style={{ padding: 16 }}>{empty}</div>}
        {items.map((item) => (
          <Fragment key={rowKey(item)}>{renderCard(item)}</Fragment>
        ))}
        {items.length > 0 && (
          <Flex justify="center" style={{ padding: 12 }}>
            <Pagination simple current={pagination.current} pageSize={pagination.pageSize} total={pagination.total} onChange={pagination.onChange} />
          </Flex>
        )}
      </Flex>
    </Spin>
  );
}

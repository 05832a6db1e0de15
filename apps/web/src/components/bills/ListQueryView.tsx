import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result, type TablePaginationConfig } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What a list needs of its TanStack query to show its failure states. */
export interface ListQueryState {
  data: unknown;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void onRetry()}>
      {t('bills.common.retry')}
    </Button>
  );
}

interface Props {
  query: ListQueryState;
  /** Shown when the list failed (and, without a message of its own, on the warning over a stale list). */
  errorTitle: string;
  /**
   * A failed refetch over a list already on screen keeps the list under a warning. The sub-agency's statements tab
   * never had that warning; it passes false so its behaviour stays as it was.
   */
  staleWarning?: boolean;
  /** The list itself (a table), shown unless the query failed with nothing to show. */
  children: ReactNode;
}

/**
 * The bills lists' three states, written once: a failure with nothing loaded replaces the list by an error and a
 * retry; a failed refetch keeps the last page under a warning with the same retry; otherwise just the list.
 */
export function ListQueryView({ query, errorTitle, staleWarning = true, children }: Props) {
  const retry = <RetryButton onRetry={query.refetch} />;
  return (
    <>
      {staleWarning && query.isError && query.data !== undefined && (
        <Alert type="warning" showIcon title={query.error?.message || errorTitle} action={retry} />
      )}
      {query.isError && query.data === undefined ? <Result status="error" title={errorTitle} subTitle={query.error?.message} extra={retry} /> : children}
    </>
  );
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The pager every bills list uses: page and size from the caller (URL or state), total from the last answer. */
export function listPagination(opts: {
  page: number;
  pageSize: number;
  total: number | undefined;
  showTotal: (total: number) => string;
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: number[];
}): TablePaginationConfig {
  return {
    current: opts.page,
    pageSize: opts.pageSize,
    total: opts.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: opts.pageSizeOptions ?? PAGE_SIZE_OPTIONS,
    showTotal: opts.showTotal,
    onChange: opts.onChange,
  };
}

/**
 * A list's empty state: with filters on, their own message and a "Clear filters" button (`onClear`); otherwise the
 * plain message.
 */
export function ListEmpty({ filtered, filteredText, emptyText, onClear }: { filtered: boolean; filteredText: string; emptyText: string; onClear: () => void }) {
  const { t } = useTranslation();
  return filtered ? (
    <Empty description={filteredText}>
      <Button onClick={onClear}>{t('bills.actions.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={emptyText} />
  );
}

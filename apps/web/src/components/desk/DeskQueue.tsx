import type { ReactNode } from 'react';
import { Flex, Table, Typography, type TableProps } from 'antd';
import { ListQueryView, listPagination, type ListQueryState } from '../bills/ListQueryView';

/** A desk page's heading: what the queue is and what the desk does with it. */
export function DeskHeader({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
    </Flex>
  );
}

interface DeskTableProps<T> {
  list: ListQueryState & { data?: { items: T[]; total: number }; isFetching: boolean; isPending: boolean };
  columns: TableProps<T>['columns'];
  errorTitle: string;
  emptyText: string;
  showTotal: (total: number) => string;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}

/**
 * A desk's queue, one page of it: the rows scroll sideways rather than squeeze (the columns the desk acts from stay
 * fixed), and the first load keeps the table's height instead of flashing the empty text.
 */
export function DeskTable<T extends { id: string }>({ list, columns, errorTitle, emptyText, showTotal, page, pageSize, onPage }: DeskTableProps<T>) {
  return (
    <ListQueryView query={list} errorTitle={errorTitle}>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isPending ? <div style={{ height: 96 }} /> : emptyText }}
        pagination={listPagination({ page, pageSize, total: list.data?.total, showTotal, onChange: onPage })}
      />
    </ListQueryView>
  );
}

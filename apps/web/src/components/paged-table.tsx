import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Paged } from '@rms/contracts/common';
import { serialNumber } from '../lib/format';

/** Width of the S.No. column, for callers that add up column widths (a virtual table's scroll.x). */
export const SERIAL_COLUMN_WIDTH = 72;

interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'columns'> {
  data: Paged<T> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  columns: ColumnsType<T>;
  /** Rows-per-page choices; with onPageSizeChange, the pagination offers them. Other lists keep one size. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
}

/**
 * antd's Table over a server-paged list `{results, count}`: a serial-number column first
 * ((page-1)*size+index+1, spec 01 §9), the page from the caller (kept in the URL), the total from the server.
 */
export function PagedTable<T extends object>({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  columns,
  pageSizeOptions,
  onPageSizeChange,
  ...rest
}: PagedTableProps<T>) {
  const sizes = onPageSizeChange ? pageSizeOptions : undefined;
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...rest}
      loading={loading}
      dataSource={data?.results ?? []}
      columns={[
        {
          title: 'S.No.',
          key: 'serial',
          width: SERIAL_COLUMN_WIDTH,
          render: (_value, _row, index) => serialNumber(page, pageSize, index),
        },
        ...columns,
      ]}
      pagination={{
        current: page,
        pageSize,
        total: data?.count ?? 0,
        showSizeChanger: Boolean(sizes),
        pageSizeOptions: sizes && [...sizes],
        showQuickJumper: true,
        // antd reports a new size through onChange too (with the page it clamped): the size wins.
        onChange: (next, size) =>
          size !== pageSize && onPageSizeChange ? onPageSizeChange(size) : onPageChange(next),
        showTotal: (total) => `${total} in all`,
      }}
    />
  );
}

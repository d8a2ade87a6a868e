import { Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Paged } from '@rms/contracts/common';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { serialNumber } from '../lib/format';
import { withDeletedRows, type DeletedRowsOptions } from './deleted-rows';

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
  /** A list of soft-deletable rows: how its deleted rows show and are restored ("Show deleted"). */
  deletedRows?: DeletedRowsOptions<T>;
}

/** Whether a column sticks to the table's left edge while the rest scroll sideways. */
const fixedLeft = (fixed: ColumnType<object>['fixed']) =>
  fixed === 'left' || fixed === 'start' || fixed === true;

/**
 * antd's Table over a server-paged list `{results, count}`: a serial-number column first
 * ((page-1)*size+index+1, spec 01 §9), the page from the caller (kept in the URL), the total from the server.
 * A list wider than its box scrolls sideways; a caller keeps the row's identifying columns in view with
 * `fixed: 'left'` on its first columns (the serial number then sticks with them) and its status and
 * actions with `fixed: 'right'` on its last.
 * With `deletedRows`, deleted rows show a Deleted tag and Restore in place of their actions.
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
  deletedRows,
  ...rest
}: PagedTableProps<T>) {
  const sizes = onPageSizeChange ? pageSizeOptions : undefined;
  const showingDeleted = Boolean(deletedRows?.showing);
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...rest}
      locale={showingDeleted ? { ...rest.locale, emptyText: RESTORE_MESSAGES.noneDeleted } : rest.locale}
      loading={loading}
      dataSource={data?.results ?? []}
      columns={withDeletedRows(
        [
          {
            title: 'S.No.',
            key: 'serial',
            width: SERIAL_COLUMN_WIDTH,
            fixed: fixedLeft(columns[0]?.fixed) ? 'left' : undefined,
            render: (_value, _row, index) => serialNumber(page, pageSize, index),
          },
          ...columns,
        ],
        deletedRows,
      )}
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

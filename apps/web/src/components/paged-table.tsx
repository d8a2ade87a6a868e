import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Paged } from '@rms/contracts/common';
import { serialNumber } from '../lib/format';

interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'columns'> {
  data: Paged<T> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  columns: ColumnsType<T>;
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
  ...rest
}: PagedTableProps<T>) {
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
          width: 72,
          render: (_value, _row, index) => serialNumber(page, pageSize, index),
        },
        ...columns,
      ]}
      pagination={{
        current: page,
        pageSize,
        total: data?.count ?? 0,
        showSizeChanger: false,
        showQuickJumper: true,
        onChange: onPageChange,
        showTotal: (total) => `${total} in all`,
      }}
    />
  );
}

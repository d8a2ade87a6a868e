import { MASTER_DATA_MESSAGES } from '@rms/contracts/master-data';
import { Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

interface LoadMoreTableProps<T> {
  rows: T[];
  columns: ColumnsType<T>;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => unknown;
  rowKey: keyof T & string;
}

/**
 * A list that grows by pages behind a Load More button (spec 01 §2): the button shows a loading state
 * while the next page arrives, and 'No More Data Found' takes its place once the server has no next page.
 */
export function LoadMoreTable<T extends object>({
  rows,
  columns,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  rowKey,
}: LoadMoreTableProps<T>) {
  return (
    <>
      <Table<T>
        size="middle"
        rowKey={rowKey}
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'S.No.', key: 'serial', width: 72, render: (_value, _row, index) => index + 1 },
          ...columns,
        ]}
      />
      {!loading && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          {hasMore ? (
            <Button onClick={onLoadMore} loading={loadingMore}>
              {MASTER_DATA_MESSAGES.loadMore}
            </Button>
          ) : (
            <Typography.Text type="secondary">{MASTER_DATA_MESSAGES.noMoreData}</Typography.Text>
          )}
        </Flex>
      )}
    </>
  );
}

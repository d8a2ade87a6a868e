import { MASTER_DATA_MESSAGES as M, type StateRow } from '@rms/contracts/master-data';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useState } from 'react';
import { LoadMoreTable } from './load-more-table';
import { actionsColumn } from './row-actions';
import { statePagesQuery, useSaveState } from './state-api';
import { useDebounced } from '../../lib/use-debounced';

export function StateList({ onEdit }: { onEdit: (row: StateRow) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text);
  const pages = useInfiniteQuery(statePagesQuery(query));
  const save = useSaveState();

  return (
    <>
      <Input.Search
        placeholder="Search state"
        aria-label="Search state"
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <LoadMoreTable<StateRow>
        rowKey="id"
        rows={pages.data?.pages.flatMap((page) => page.results) ?? []}
        loading={pages.isLoading}
        hasMore={pages.hasNextPage}
        loadingMore={pages.isFetchingNextPage}
        onLoadMore={() => pages.fetchNextPage()}
        columns={[
          { title: 'State', dataIndex: 'name' },
          actionsColumn<StateRow>({
            save,
            deletedMessage: M.stateDeleted,
            nameOf: (row) => row.name,
            onEdit,
          }),
        ]}
      />
    </>
  );
}

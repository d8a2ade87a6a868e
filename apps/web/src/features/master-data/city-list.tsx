import { MASTER_DATA_MESSAGES as M, type CityRow } from '@rms/contracts/master-data';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useState } from 'react';
import { cityPagesQuery, useSaveCity } from './city-api';
import { LoadMoreTable } from './load-more-table';
import { actionsColumn } from './row-actions';
import { useDebounced } from '../../lib/use-debounced';

export function CityList({ onEdit }: { onEdit: (row: CityRow) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text);
  const pages = useInfiniteQuery(cityPagesQuery(query));
  const save = useSaveCity();

  return (
    <>
      <Input.Search
        placeholder="Search city or state"
        aria-label="Search city or state"
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <LoadMoreTable<CityRow>
        rowKey="id"
        rows={pages.data?.pages.flatMap((page) => page.results) ?? []}
        loading={pages.isLoading}
        hasMore={pages.hasNextPage}
        loadingMore={pages.isFetchingNextPage}
        onLoadMore={() => pages.fetchNextPage()}
        columns={[
          { title: 'City', dataIndex: 'name' },
          { title: 'State', key: 'state', render: (_value, row) => row.state_data.name },
          actionsColumn<CityRow>({ save, deletedMessage: M.cityDeleted, nameOf: (row) => row.name, onEdit }),
        ]}
      />
    </>
  );
}

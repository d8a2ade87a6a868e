import { MASTER_DATA_MESSAGES as M, type CityRow } from '@rms/contracts/master-data';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/errors';
import { notify } from '../../lib/notify';
import { cityPagesQuery, useSaveCity } from './city-api';
import { LoadMoreTable } from './load-more-table';
import { RowActions } from './row-actions';
import { useDebounced } from './use-debounced';
import { isSavingRow } from './pending-row';

export function CityList({ onEdit }: { onEdit: (row: CityRow) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text);
  const pages = useInfiniteQuery(cityPagesQuery(query));
  const save = useSaveCity();
  const remove = (row: CityRow) =>
    save.mutateAsync({ id: row.id, is_active: false }).then(
      () => notify.success(M.cityDeleted),
      (error: unknown) => showApiError(error),
    );

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
          {
            title: 'Actions',
            key: 'actions',
            width: 120,
            render: (_value, row) => (
              <RowActions
                name={row.name}
                onEdit={() => onEdit(row)}
                onDelete={() => remove(row)}
                deleting={isSavingRow(save, row.id)}
              />
            ),
          },
        ]}
      />
    </>
  );
}

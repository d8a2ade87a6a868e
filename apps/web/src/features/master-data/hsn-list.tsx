import { MASTER_DATA_MESSAGES as M, type HsnRow } from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { showApiError } from '../../api/errors';
import { PagedTable } from '../../components/paged-table';
import { EMPTY } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useListParams } from '../../lib/use-list-params';
import { hsnPageQuery, useSaveHsn } from './hsn-api';
import { RowActions } from './row-actions';
import { isSavingRow } from './pending-row';

function rateTags(rates: { id: number; name: string }[]) {
  if (rates.length === 0) return EMPTY;
  return (
    <Space size={[4, 4]} wrap>
      {rates.map((r) => (
        <Tag key={r.id}>{r.name}</Tag>
      ))}
    </Space>
  );
}

export function HsnList({ onEdit }: { onEdit: (row: HsnRow) => void }) {
  const { page, pageSize, setPage } = useListParams();
  const list = useQuery(hsnPageQuery(page));
  const save = useSaveHsn();
  const remove = (row: HsnRow) =>
    save.mutateAsync({ id: row.id, is_active: false }).then(
      () => notify.success(M.hsnDeleted),
      (error: unknown) => showApiError(error),
    );

  return (
    <PagedTable<HsnRow>
      rowKey="id"
      data={list.data}
      loading={list.isLoading}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      locale={{ emptyText: 'No HSN settings yet' }}
      columns={[
        { title: 'HSN No.', dataIndex: 'hsn_no' },
        { title: 'Same State', key: 'same', render: (_value, row) => rateTags(row.same_state_data) },
        { title: 'Other State', key: 'other', render: (_value, row) => rateTags(row.other_state_data) },
        {
          title: 'Actions',
          key: 'actions',
          width: 120,
          render: (_value, row) => (
            <RowActions
              name={`HSN ${row.hsn_no}`}
              onEdit={() => onEdit(row)}
              onDelete={() => remove(row)}
              deleting={isSavingRow(save, row.id)}
            />
          ),
        },
      ]}
    />
  );
}

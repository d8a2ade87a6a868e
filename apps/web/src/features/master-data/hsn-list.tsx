import { MASTER_DATA_MESSAGES as M, type HsnRow } from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { PagedTable } from '../../components/paged-table';
import { EMPTY } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { hsnPageQuery, useSaveHsn } from './hsn-api';
import { actionsColumn } from './row-actions';

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
        actionsColumn<HsnRow>({
          save,
          deletedMessage: M.hsnDeleted,
          nameOf: (row) => `HSN ${row.hsn_no}`,
          onEdit,
        }),
      ]}
    />
  );
}

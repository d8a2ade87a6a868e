import { MASTER_DATA_MESSAGES as M, type GstRow } from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { PagedTable } from '../../components/paged-table';
import { useListParams } from '../../lib/use-list-params';
import { gstPageQuery, useSaveGst } from './gst-api';
import { actionsColumn } from './row-actions';

export function GstList({ onEdit }: { onEdit: (row: GstRow) => void }) {
  const { page, pageSize, setPage } = useListParams();
  const list = useQuery(gstPageQuery(page));
  const save = useSaveGst();

  return (
    <PagedTable<GstRow>
      rowKey="id"
      data={list.data}
      loading={list.isLoading}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      columns={[
        { title: 'Invoice Name', dataIndex: 'invoice_name' },
        { title: 'Name', dataIndex: 'name' },
        { title: 'Value (%)', dataIndex: 'value', render: (value: number) => `${value}%` },
        actionsColumn<GstRow>({ save, deletedMessage: M.gstDeleted, nameOf: (row) => row.name, onEdit }),
      ]}
    />
  );
}

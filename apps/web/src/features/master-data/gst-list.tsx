import { MASTER_DATA_MESSAGES as M, type GstRow } from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { showApiError } from '../../api/errors';
import { PagedTable } from '../../components/paged-table';
import { notify } from '../../lib/notify';
import { useListParams } from '../../lib/use-list-params';
import { gstPageQuery, useSaveGst } from './gst-api';
import { RowActions } from './row-actions';
import { isSavingRow } from './pending-row';

export function GstList({ onEdit }: { onEdit: (row: GstRow) => void }) {
  const { page, pageSize, setPage } = useListParams();
  const list = useQuery(gstPageQuery(page));
  const save = useSaveGst();
  const remove = (row: GstRow) =>
    save.mutateAsync({ id: row.id, is_active: false }).then(
      () => notify.success(M.gstDeleted),
      (error: unknown) => showApiError(error),
    );

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
  );
}

import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { msisdnApi } from '@rms/contracts/api/msisdn';
import { MSISDN_BULK_MESSAGES, MSISDN_BULK_TITLES } from '@rms/contracts/bulk-upload';
import { MSISDN_MESSAGES, type MsisdnRow } from '@rms/contracts/msisdn';
import { useCanOpen } from '../../auth/use-allows';
import { BulkUpload } from '../../components/bulk-upload';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { dash } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useRestoreRow } from '../../lib/use-restore-row';
import { MSISDN_AREA, msisdnListQuery, useDeleteMapping } from './api';

/**
 * View MSISDN Mapping (spec 02 §2): search, paged table with serial numbers, edit and soft delete;
 * "Show deleted" lists the deleted mappings to restore them.
 */
export function MsisdnPage() {
  const list = useListParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canManage = useCanOpen('/add-msison-mapping');
  const { data, isFetching } = useQuery(
    msisdnListQuery({ page: list.page, pageSize: list.pageSize, query: list.query, deleted: list.deleted }),
  );
  const remove = useDeleteMapping();
  const restore = useRestoreRow(msisdnApi.update);

  const columns: ColumnsType<MsisdnRow> = [
    { title: 'SIM No.', dataIndex: 'sim_number', fixed: 'left', render: dash },
    { title: 'IMSI', dataIndex: 'imsi', render: dash },
    { title: 'MSISDN', dataIndex: 'msisdn', render: dash },
    ...(canManage
      ? [
          {
            title: 'Action',
            key: 'actions',
            fixed: 'right' as const,
            width: 110,
            render: (_v: unknown, row: MsisdnRow) => (
              <Flex gap={4}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${row.sim_number}`}
                  onClick={() => navigate('/add-msison-mapping', { state: { record: row } })}
                />
                <ConfirmDelete
                  label={`Delete ${row.sim_number}`}
                  loading={remove.isPending && remove.variables === row.id}
                  onConfirm={() =>
                    remove
                      .mutateAsync(row.id)
                      .then((res) => void message.success(res.detail || MSISDN_MESSAGES.deleted))
                  }
                />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      <ListToolbar
        title="View MSISDN Mapping"
        searchLabel="Search MSISDN mappings"
        searchPlaceholder="Search by SIM No., IMSI or MSISDN"
        list={list}
        add={canManage ? { label: 'Add MSISDN', onClick: () => navigate('/add-msison-mapping') } : undefined}
        extra={
          <BulkUpload
            area="msisdn"
            title={MSISDN_BULK_TITLES.view}
            successMessage={MSISDN_BULK_MESSAGES.added}
            reloads={[MSISDN_AREA]}
            canUpload={canManage}
          />
        }
        deletedSwitch
      />
      <PagedTable<MsisdnRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: list.query ? 'No mapping matches this search' : 'No MSISDN mappings yet' }}
        deletedRows={{
          showing: list.deleted,
          canRestore: () => canManage,
          onRestore: (row) => restore.mutateAsync(row.id),
          label: (row) => row.sim_number,
        }}
      />
    </Card>
  );
}

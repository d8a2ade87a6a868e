import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { INVENTORY, type InventoryKind, type InventoryRow } from '@rms/contracts/inventory';
import { useCanOpen } from '../../auth/use-allows';
import { BulkUpload } from '../../components/bulk-upload';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { inventoryKey, inventoryListQuery, useDeleteInventory } from './api';
import { codeOf, KIND_VIEWS, modelOf } from './kinds';

function columnsOf(kind: InventoryKind): ColumnsType<InventoryRow> {
  const view = KIND_VIEWS[kind];
  return [
    { title: view.idLabel, key: 'code', render: (_v, row) => dash(codeOf(kind, row)) },
    { title: 'Manufacture', dataIndex: 'manufacture', render: dash },
    { title: view.modelLabel, key: 'model', render: (_v, row) => dash(modelOf(kind, row)) },
    { title: 'Inventory Date', dataIndex: 'inventory_date', render: formatDate },
    ...(kind === 'rms' ? [{ title: 'Expiry Date', dataIndex: 'expiry_date', render: formatDate }] : []),
    { title: 'Remarks', dataIndex: 'remarks', render: dash },
    ...(kind === 'stlt'
      ? [
          {
            title: 'Current Organization',
            key: 'organization',
            render: (_v: unknown, row: InventoryRow) => dash(row.current_organization.company_name),
          },
        ]
      : []),
  ];
}

/** The RMS, STLT or pole list (spec 02 §2): search, paged 20 with serial numbers, edit and soft delete. */
export function InventoryListPage({ kind }: { kind: InventoryKind }) {
  const view = KIND_VIEWS[kind];
  const { createPath } = INVENTORY[kind];
  const list = useListParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canCreate = useCanOpen(createPath);
  const { data, isFetching } = useQuery(
    inventoryListQuery(kind, { page: list.page, pageSize: list.pageSize, query: list.query }),
  );
  const remove = useDeleteInventory(kind);

  const columns: ColumnsType<InventoryRow> = [
    ...columnsOf(kind),
    ...(canCreate
      ? [
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right' as const,
            render: (_v: unknown, row: InventoryRow) => (
              <Flex gap={4}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${codeOf(kind, row)}`}
                  onClick={() => navigate(createPath, { state: { record: row } })}
                />
                <ConfirmDelete
                  label={`Delete ${codeOf(kind, row)}`}
                  loading={remove.isPending && remove.variables.id === row.id}
                  onConfirm={() => remove.mutateAsync(row).then((res) => void message.success(res.detail))}
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
        title={view.listTitle}
        searchLabel={view.searchLabel}
        searchPlaceholder={`Search by ${view.idLabel}, manufacture, model or remarks`}
        list={list}
        add={canCreate ? { label: `Add ${view.idLabel}`, onClick: () => navigate(createPath) } : undefined}
        extra={<BulkUpload area={kind} refreshKey={inventoryKey(kind)} canUpload={canCreate} />}
      />
      <PagedTable<InventoryRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: list.query ? `No ${view.idLabel} matches this search` : view.emptyText }}
      />
    </Card>
  );
}

export const RmsListPage = () => <InventoryListPage kind="rms" />;
export const StltListPage = () => <InventoryListPage kind="stlt" />;
export const PoleListPage = () => <InventoryListPage kind="pole" />;

import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { INVENTORY_API } from '@rms/contracts/api/inventory';
import { INVENTORY, type InventoryKind, type InventoryRow } from '@rms/contracts/inventory';
import { useCanOpen } from '../../auth/use-allows';
import { BulkUpload } from '../../components/bulk-upload';
import { ConfirmDelete } from '../../components/confirm-delete';
import { RejectBadge } from '../../components/reject-badge';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDate, formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useRestoreRow } from '../../lib/use-restore-row';
import { INVENTORY_AREA, inventoryListQuery, useDeleteInventory } from './api';
import { IssueDeviceKeysButton } from './device-key';
import { codeOf, KIND_VIEWS, modelOf } from './kinds';

function columnsOf(kind: InventoryKind): ColumnsType<InventoryRow> {
  const view = KIND_VIEWS[kind];
  return [
    {
      title: view.idLabel,
      key: 'code',
      // The ID stays in view (with the actions on the right) while a narrow window scrolls the rest.
      fixed: 'left',
      // An RMS device whose messages the server refused carries a warning badge (count and last reason).
      render: (_v, row) => (
        <>
          {dash(codeOf(kind, row))}
          {'rejects' in row && <RejectBadge rejects={row.rejects} />}
        </>
      ),
    },
    { title: 'Manufacture', dataIndex: 'manufacture', render: dash },
    { title: view.modelLabel, key: 'model', render: (_v, row) => dash(modelOf(kind, row)) },
    { title: 'Inventory Date', dataIndex: 'inventory_date', render: formatDate },
    ...(kind === 'rms'
      ? [
          { title: 'Expiry Date', dataIndex: 'expiry_date', render: formatDate },
          {
            title: 'Device Key',
            dataIndex: 'device_key_issued_at',
            // A device without a key cannot sign in: say so rather than show a dash.
            render: (issuedAt: string | null) =>
              issuedAt ? (
                <span title={`Issued ${formatDateTimeAmPm(issuedAt)}`}>Issued {formatDate(issuedAt)}</span>
              ) : (
                <Tag color="warning">None</Tag>
              ),
          },
        ]
      : []),
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

/**
 * The RMS, STLT or pole list (spec 02 §2): search, paged 20 with serial numbers, edit and soft delete;
 * "Show deleted" lists the deleted rows to restore them.
 */
export function InventoryListPage({ kind }: { kind: InventoryKind }) {
  const view = KIND_VIEWS[kind];
  const { createPath } = INVENTORY[kind];
  const list = useListParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canCreate = useCanOpen(createPath);
  const { data, isFetching } = useQuery(
    inventoryListQuery(kind, {
      page: list.page,
      pageSize: list.pageSize,
      query: list.query,
      deleted: list.deleted,
    }),
  );
  const remove = useDeleteInventory(kind);
  // RMS devices selected for new keys, across pages.
  const [selected, setSelected] = useState<number[]>([]);
  const keysFor = kind === 'rms' && canCreate;
  const restore = useRestoreRow(INVENTORY_API[kind].update);

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
        extra={
          <>
            {keysFor && <IssueDeviceKeysButton devices={selected} onIssued={() => setSelected([])} />}
            <BulkUpload area={kind} reloads={[INVENTORY_AREA]} canUpload={canCreate} />
          </>
        }
        deletedSwitch
      />
      <PagedTable<InventoryRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        rowSelection={
          keysFor && !list.deleted
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys as number[]),
              }
            : undefined
        }
        locale={{ emptyText: list.query ? `No ${view.idLabel} matches this search` : view.emptyText }}
        deletedRows={{
          showing: list.deleted,
          canRestore: () => canCreate,
          onRestore: (row) => restore.mutateAsync(row.id),
          label: (row) => codeOf(kind, row),
        }}
      />
    </Card>
  );
}

export const RmsListPage = () => <InventoryListPage kind="rms" />;
export const StltListPage = () => <InventoryListPage kind="stlt" />;
export const PoleListPage = () => <InventoryListPage kind="pole" />;

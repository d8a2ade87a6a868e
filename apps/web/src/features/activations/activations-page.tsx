import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { ACTIVATION_MESSAGES as M, type ActivationRow } from '@rms/contracts/activations';
import { useCanOpen } from '../../auth/use-allows';
import { BulkUpload } from '../../components/bulk-upload';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { DeviceStatusTag } from '../../components/status-tags';
import { dash, formatLastData } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import { useRestoreRow } from '../../lib/use-restore-row';
import { activationApi } from '@rms/contracts/api/activations';
import { activationListQuery, useDeleteActivation, useRefreshDevice } from './api';

/** The address as one line: address 1, address 2. */
const addressOf = (row: ActivationRow) => [row.address1, row.address2].filter(Boolean).join(', ');

/**
 * Activated Devices (spec 02 §2): filters, search, a paged table whose devices link to /analysis,
 * and (with the add-activation code) edit, soft delete and refresh per row; "Show deleted" lists the
 * deleted activations to restore them.
 */
export function ActivationsPage() {
  const list = useListParams();
  const filterState = useActivationFilters();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canManage = useCanOpen('/device-activation');
  const { data, isFetching } = useQuery(
    activationListQuery({
      page: list.page,
      pageSize: list.pageSize,
      query: list.query,
      deleted: list.deleted,
      ...filterState.filters,
    }),
  );
  const remove = useDeleteActivation();
  const restore = useRestoreRow(activationApi.update);
  const refresh = useRefreshDevice();

  // Wider than the page at 1440 px and far wider at 760 px: the device (and its serial number) stays on
  // the left and the status (and actions) on the right while the rest scrolls between them; organization
  // and last data come right after the device, so they are in view before any scrolling.
  const columns: ColumnsType<ActivationRow> = [
    {
      title: 'Device',
      key: 'device',
      fixed: 'left',
      render: (_v, row) =>
        row.device_data ? (
          <Link to="/analysis" state={{ device: row.device_data.id }}>
            {row.device_data.device_id}
          </Link>
        ) : (
          dash(null)
        ),
    },
    {
      title: 'Organization',
      key: 'organization',
      width: 150,
      render: (_v, row) => dash(row.organization_data.company_name),
    },
    {
      title: 'Last Data',
      dataIndex: 'last_add_on',
      render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatLastData(value)}</span>,
    },
    { title: 'Project', dataIndex: 'name', render: dash },
    {
      title: 'Tags',
      dataIndex: 'tags',
      render: (tags: string[]) =>
        tags.length === 0 ? (
          dash(null)
        ) : (
          <Flex wrap gap={4}>
            {tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Flex>
        ),
    },
    { title: 'STLT', key: 'stlt', render: (_v, row) => dash(row.stlt_data?.stlt_id) },
    { title: 'Pole', key: 'pole', render: (_v, row) => dash(row.pole_data?.pole_id) },
    { title: 'Address', key: 'address', width: 220, render: (_v, row) => dash(addressOf(row)) },
    { title: 'State', key: 'state', render: (_v, row) => dash(row.state_data.name) },
    { title: 'City', key: 'city', render: (_v, row) => dash(row.city_data.name) },
    { title: 'PIN', dataIndex: 'pin', render: dash },
    {
      title: 'Status',
      dataIndex: 'status',
      fixed: 'right',
      render: (status: ActivationRow['status']) => <DeviceStatusTag status={status} />,
    },
    ...(canManage
      ? [
          {
            title: 'Action',
            key: 'actions',
            fixed: 'right' as const,
            width: 120,
            render: (_v: unknown, row: ActivationRow) => {
              const label = row.device_data?.device_id ?? row.name;
              return (
                <Flex gap={4}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${label}`}
                    onClick={() => navigate('/device-activation', { state: { id: row.id } })}
                  />
                  <ConfirmDelete
                    label={`Delete ${label}`}
                    loading={remove.isPending && remove.variables === row.id}
                    onConfirm={() =>
                      remove.mutateAsync(row.id).then((res) => void message.success(res.detail || M.deleted))
                    }
                  />
                  {row.device !== null && (
                    <Tooltip title="Refresh device">
                      <Button
                        type="text"
                        icon={<ReloadOutlined />}
                        aria-label={`Refresh ${label}`}
                        loading={refresh.isPending && refresh.variables === row.device}
                        onClick={() =>
                          refresh.mutate(row.device!, {
                            onSuccess: (res) => void message.success(res.detail || M.refreshed),
                          })
                        }
                      />
                    </Tooltip>
                  )}
                </Flex>
              );
            },
          },
        ]
      : []),
  ];

  const filtered = list.query || filterState.active;
  return (
    <Card>
      <ListToolbar
        title="Activated Devices"
        searchLabel="Search activated devices"
        searchPlaceholder="Project, address, device, STLT, pole, PIN"
        list={list}
        add={
          canManage
            ? { label: 'Add Device Activation', onClick: () => navigate('/device-activation') }
            : undefined
        }
        extra={<BulkUpload area="activation" reloads={[activationApi.list.area]} canUpload={canManage} />}
        deletedSwitch
      />
      <ActivationFilterBar state={filterState} />
      <PagedTable<ActivationRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: filtered ? 'No activation matches these filters' : 'No activated devices yet' }}
        deletedRows={{
          showing: list.deleted,
          canRestore: () => canManage,
          onRestore: (row) => restore.mutateAsync(row.id),
          label: (row) => row.device_data?.device_id ?? row.name,
        }}
      />
    </Card>
  );
}

import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { useCanOpen } from '../../auth/use-allows';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useRestoreRow } from '../../lib/use-restore-row';
import { employeeApi } from '@rms/contracts/api/employees';
import { organizationApi } from '@rms/contracts/api/organizations';
import { organizationListQuery, useDeleteOrganization } from './api';

/**
 * All Organizations (spec 01 §2): search, paged 20 with serial numbers, edit and soft delete; "Show
 * deleted" lists the deleted organizations to restore them.
 */
export function OrganizationsPage() {
  const list = useListParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canManage = useCanOpen('/company-registration');
  const { data, isFetching } = useQuery(
    organizationListQuery({
      page: list.page,
      pageSize: list.pageSize,
      query: list.query,
      deleted: list.deleted,
    }),
  );
  const remove = useDeleteOrganization();
  // The people deleted with an organization come back with it.
  const restore = useRestoreRow(organizationApi.update, [employeeApi.list]);

  const columns: ColumnsType<OrganizationRow> = [
    // Name on the left, status and actions on the right stay in view while the rest scrolls between.
    {
      title: 'Organization Name',
      dataIndex: 'company_name',
      fixed: 'left',
      render: (name: string, row) => (
        <Link to="/client-details" state={{ record: row }}>
          {dash(name)}
        </Link>
      ),
    },
    { title: 'E-mail', dataIndex: 'email', render: dash },
    { title: 'PAN Number', dataIndex: 'pan', render: dash },
    { title: 'Phone', dataIndex: 'mobile', render: dash },
    { title: 'Tag Line', dataIndex: 'tagline', render: dash },
    { title: 'State', key: 'state', render: (_v, row) => dash(row.state_data?.name) },
    { title: 'City', key: 'city', render: (_v, row) => dash(row.city_data?.name) },
    { title: 'Activation Date', dataIndex: 'activation_date', render: formatDate },
    { title: 'Expiry Date', dataIndex: 'expiry_date', render: formatDate },
    {
      title: 'Status',
      dataIndex: 'status',
      fixed: 'right',
      render: (status: OrganizationRow['status']) => (
        <Tag color={status === 'Active' ? 'green' : 'red'}>{status}</Tag>
      ),
    },
    ...(canManage
      ? [
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right' as const,
            render: (_v: unknown, row: OrganizationRow) =>
              row.is_provider ? null : (
                <Flex gap={4}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.company_name}`}
                    onClick={() => navigate('/company-registration', { state: { record: row } })}
                  />
                  <ConfirmDelete
                    label={`Delete ${row.company_name}`}
                    loading={remove.isPending && remove.variables === row.id}
                    onConfirm={() =>
                      remove.mutateAsync(row.id).then((res) => void message.success(res.detail))
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
        title="All Organizations"
        searchLabel="Search organizations"
        searchPlaceholder="Search by user name, customer id, e-mail or mobile"
        list={list}
        add={
          canManage
            ? { label: 'Add New Organization', onClick: () => navigate('/company-registration') }
            : undefined
        }
        deletedSwitch
      />
      <PagedTable<OrganizationRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: list.query ? 'No organization matches this search' : 'No organizations yet' }}
        deletedRows={{
          showing: list.deleted,
          canRestore: () => canManage,
          onRestore: (row) => restore.mutateAsync(row.id),
          label: (row) => row.company_name,
        }}
      />
    </Card>
  );
}

import { EditOutlined, UserOutlined } from '@ant-design/icons';
import type { EmployeeRow } from '@rms/contracts/employees';
import { App, Avatar, Button, Card, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../auth/use-allows';
import { useSession } from '../../auth/use-session';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { dash } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useRestoreRow } from '../../lib/use-restore-row';
import { employeeApi } from '@rms/contracts/api/employees';
import { useDeleteEmployee, useEmployees } from './employees-api';

/** /view-user: All Employees (spec 01 §2); "Show deleted" lists the deleted ones to restore them. */
export function EmployeesPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useListParams();
  const employees = useEmployees({
    page: list.page,
    pageSize: list.pageSize,
    query: list.query,
    deleted: list.deleted,
  });
  const remove = useDeleteEmployee();
  const restore = useRestoreRow(employeeApi.update);
  const canManage = useCanOpen('/user-registration');
  // Only a super-user changes a super-user's account.
  const canChange = (row: EmployeeRow) => canManage && (!row.is_superuser || !!session?.isSuperuser);

  const columns: ColumnsType<EmployeeRow> = [
    // Name and e-mail (the sign-in, so always there) stay on the left, the actions on the right.
    { title: 'Name', dataIndex: 'name', fixed: 'left', render: (name: string) => dash(name) },
    { title: 'Email', dataIndex: 'email', fixed: 'left' },
    { title: 'Mobile', dataIndex: 'mobile', render: (mobile: string | null) => dash(mobile) },
    {
      title: 'Organization',
      key: 'organization',
      render: (_value, row) => dash(row.organization_data.company_name),
    },
    {
      title: 'Photo',
      key: 'photo',
      render: (_value, row) => (
        <Avatar src={row.photo_url ?? undefined} icon={<UserOutlined />} alt={`Photo of ${row.email}`} />
      ),
    },
  ];
  if (canManage) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) =>
        canChange(row) && (
          <Space size={0}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${row.email}`}
              onClick={() => void navigate('/user-registration', { state: row })}
            />
            {/* An owner goes only with its organization (the server refuses it alone): no Delete. */}
            {row.id !== session?.user.id && !row.is_primary && (
              <ConfirmDelete
                label={`Delete ${row.email}`}
                loading={remove.isPending && remove.variables === row.id}
                onConfirm={
                  () =>
                    remove
                      .mutateAsync(row.id)
                      .then((done) => void message.success(done.detail))
                      .catch(() => undefined) // shown by the error catalogue
                }
              />
            )}
          </Space>
        ),
    });
  }

  return (
    <Card>
      <ListToolbar
        title="All Employees"
        searchLabel="Search employees"
        searchPlaceholder="Search by name, customer id, e-mail or mobile"
        list={list}
        add={
          canManage
            ? { label: 'Add New Employee', onClick: () => void navigate('/user-registration') }
            : undefined
        }
        deletedSwitch
      />
      <PagedTable<EmployeeRow>
        rowKey="id"
        columns={columns}
        data={employees.data}
        loading={employees.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        deletedRows={{
          showing: list.deleted,
          canRestore: canChange,
          onRestore: (row) => restore.mutateAsync(row.id),
          label: (row) => row.email,
        }}
      />
    </Card>
  );
}

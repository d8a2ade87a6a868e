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
import { useDeleteEmployee, useEmployees } from './employees-api';

/** /view-user: All Employees (spec 01 §2). */
export function EmployeesPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useListParams();
  const employees = useEmployees({ page: list.page, pageSize: list.pageSize, query: list.query });
  const remove = useDeleteEmployee();
  const canManage = useCanOpen('/user-registration');
  // Only a super-user changes a super-user's account.
  const canChange = (row: EmployeeRow) => canManage && (!row.is_superuser || !!session?.isSuperuser);

  const columns: ColumnsType<EmployeeRow> = [
    { title: 'Name', dataIndex: 'name', render: (name: string) => dash(name) },
    { title: 'Email', dataIndex: 'email' },
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
      render: (_value, row) =>
        canChange(row) && (
          <Space size={0}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${row.email}`}
              onClick={() => void navigate('/user-registration', { state: row })}
            />
            {row.id !== session?.user.id && (
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
      />
      <PagedTable<EmployeeRow>
        rowKey="id"
        columns={columns}
        data={employees.data}
        loading={employees.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
      />
    </Card>
  );
}

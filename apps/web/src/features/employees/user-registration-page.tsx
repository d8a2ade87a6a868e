import type { EmployeeRow } from '@rms/contracts/employees';
import { App, Card } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../auth/use-session';
import { EmployeeForm } from './employee-form';

function recordOf(state: unknown): EmployeeRow | undefined {
  return typeof state === 'object' && state !== null && typeof (state as { id?: unknown }).id === 'number'
    ? (state as EmployeeRow)
    : undefined;
}

/** /user-registration: create, or edit when a record with id arrives in navigation state (spec 01 §4). */
export function UserRegistrationPage() {
  const session = useSession();
  const { state } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const record = recordOf(state);
  if (!session) return null;

  return (
    <Card title={record ? 'Edit Employee' : 'User Registration'}>
      <EmployeeForm
        key={record?.id ?? 'new'}
        record={record}
        isProvider={session.user.organization_data.is_provider}
        onSaved={(detail) => {
          void message.success(detail);
          void navigate('/view-user');
        }}
      />
    </Card>
  );
}

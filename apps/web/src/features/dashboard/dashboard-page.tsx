import { Card, Typography } from 'antd';
import { useSession } from '../../auth/use-session';

/** The dashboard (spec 01 §2). Its panels arrive with the dashboard issue; for now the welcome card. */
export function DashboardPage() {
  const session = useSession();
  if (!session) return null;
  const { first_name, email, organization_data } = session.user;
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {`Welcome, ${first_name || email}`}
      </Typography.Title>
      {organization_data.company_name && (
        <Typography.Text type="secondary">{organization_data.company_name}</Typography.Text>
      )}
    </Card>
  );
}

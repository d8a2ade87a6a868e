import { Card, Col, Row, Typography } from 'antd';
import { useSession } from '../../auth/use-session';
import { useCanOpen } from '../../auth/use-allows';
import { CompanyCountsPanel, RecentCompaniesPanel } from './company-panels';
import { AlarmsPanel, DeviceSummaryPanel, FleetHarvestPanel, InventoryPanel } from './device-panels';

/**
 * The dashboard (spec 01 §2): the welcome card, the fleet's energy harvest, device summary, inventory
 * and alarms, and the company panels for users who may see organizations.
 */
export function DashboardPage() {
  const session = useSession();
  const canSeeCompanies = useCanOpen('/company-view');
  if (!session) return null;
  const { first_name, email, organization_data } = session.user;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {`Welcome, ${first_name || email}`}
          </Typography.Title>
          {organization_data.company_name && (
            <Typography.Text type="secondary">{organization_data.company_name}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <FleetHarvestPanel />
      </Col>
      <Col xs={24} xl={10}>
        <AlarmsPanel />
      </Col>
      <Col xs={24} xl={14}>
        <DeviceSummaryPanel />
      </Col>
      <Col xs={24} xl={10}>
        <InventoryPanel />
      </Col>
      {canSeeCompanies && (
        <>
          <Col xs={24} lg={10}>
            <CompanyCountsPanel />
          </Col>
          <Col xs={24} lg={14}>
            <RecentCompaniesPanel />
          </Col>
        </>
      )}
    </Row>
  );
}

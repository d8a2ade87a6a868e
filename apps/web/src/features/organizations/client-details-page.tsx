import { Card, Col, Descriptions, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { PageSpinner } from '../../components/page-spinner';
import { dash, formatDate } from '../../lib/format';
import { useOrganization } from './api';

/**
 * Client Details (spec 01 §2): one organization, read-only. The record arrives through navigation
 * state; it is loaded again by id so the figures are current (and a reload keeps working while the
 * history entry holds the state).
 */
export function ClientDetailsPage() {
  const location = useLocation();
  const passed = (location.state as { record?: OrganizationRow } | null)?.record;
  const { data, isLoading } = useOrganization(passed?.id);
  const record = data ?? passed;

  if (!passed) {
    return (
      <Card>
        <Empty description="Choose an organization from All Organizations to see its details.">
          <Link to="/company-view">All Organizations</Link>
        </Empty>
      </Card>
    );
  }
  if (isLoading && !record) return <PageSpinner />;
  if (!record) return <Empty description="This organization no longer exists." />;

  const { active_devices, inactive_devices, expired_count } = record.client_details;
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {record.company_name}
      </Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {[
          { title: 'Total Devices', value: active_devices + expired_count + inactive_devices },
          { title: 'Active Devices', value: active_devices },
          { title: 'Inactive Devices', value: inactive_devices },
          { title: 'Expired Devices', value: expired_count },
        ].map((item) => (
          <Col key={item.title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={item.title} value={item.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="Owner">{dash(record.user_data?.name || record.name)}</Descriptions.Item>
        <Descriptions.Item label="E-mail">{dash(record.email)}</Descriptions.Item>
        <Descriptions.Item label="Mobile">{dash(record.mobile)}</Descriptions.Item>
        <Descriptions.Item label="PAN Number">{dash(record.pan)}</Descriptions.Item>
        <Descriptions.Item label="GST">{dash(record.gst)}</Descriptions.Item>
        <Descriptions.Item label="Sub-domain">{dash(record.sub_domain)}</Descriptions.Item>
        <Descriptions.Item label="Address">{dash(record.address)}</Descriptions.Item>
        <Descriptions.Item label="State / City">
          {`${dash(record.state_data?.name)} / ${dash(record.city_data?.name)}`}
        </Descriptions.Item>
        <Descriptions.Item label="Activation Date">{formatDate(record.activation_date)}</Descriptions.Item>
        <Descriptions.Item label="Expiry Date">{formatDate(record.expiry_date)}</Descriptions.Item>
        <Descriptions.Item label="Tag Line">{dash(record.tagline)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={record.status === 'Active' ? 'green' : 'red'}>{record.status}</Tag>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { companyCountsQuery, recentCompaniesQuery } from './api';

/** Total Companies with Active, Expired and Deactivated counts (spec 01 §2). */
export function CompanyCountsPanel() {
  const { data, isLoading } = useQuery(companyCountsQuery);
  const total = data ? data.active_companies + data.expired_count + data.deactivated_companies : 0;
  return (
    <Card
      title="Total Companies"
      loading={isLoading}
      extra={<Typography.Text strong>{total}</Typography.Text>}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="Active" value={data?.active_companies ?? 0} valueStyle={{ color: '#389e0d' }} />
        </Col>
        <Col span={8}>
          <Statistic title="Expired" value={data?.expired_count ?? 0} valueStyle={{ color: '#cf1322' }} />
        </Col>
        <Col span={8}>
          <Statistic title="Deactivated" value={data?.deactivated_companies ?? 0} />
        </Col>
      </Row>
    </Card>
  );
}

/** The five newest organizations (spec 01 §2). */
export function RecentCompaniesPanel() {
  const { data, isLoading } = useQuery(recentCompaniesQuery);
  return (
    <Card title="Recent Companies" extra={<Link to="/company-view">View all</Link>}>
      <List
        loading={isLoading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: 'No organizations yet' }}
        renderItem={(row) => (
          <List.Item extra={<Tag color={row.status === 'Active' ? 'green' : 'red'}>{row.status}</Tag>}>
            <List.Item.Meta
              title={
                <Link to="/client-details" state={{ record: row }}>
                  {row.company_name}
                </Link>
              }
              description={`${row.email} · expires ${formatDate(row.expiry_date)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

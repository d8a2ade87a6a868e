import { projectNamesQuery } from '../../components/activation-filters';
import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { anyOf } from '@rms/contracts/permissions';
import { Button, Card, Col, Form, List, Row, Select, Statistic, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAllows, useCanOpen } from '../../auth/use-allows';
import { StateCitySelect } from '../../components/state-city-select';
import { formatDateTimeAmPm } from '../../lib/format';
import {
  dashboardAlarmsQuery,
  deviceSummaryQuery,
  fleetHarvestQuery,
  inventoryCountsQuery,
  type DashboardAlarmTab,
  type SummaryFilters,
} from './api';
import { HarvestCard } from '../../components/harvest-card';
import { AlarmCounts, SeverityTag } from '../../components/alarm-severity';
import { AlarmStatusTag } from '../../components/status-tags';
import { DEVICE_STATUS_COLOURS } from '../../lib/device-status-colours';

// The dashboard's device panels (spec 01 §2): fleet energy harvest, device summary, inventory, alarms.

const LIST_PROJECTS = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');

/** Energy Harvest of the caller's fleet per day, with the month-range picker. */
export function FleetHarvestPanel() {
  return <HarvestCard query={fleetHarvestQuery} />;
}

/** Activated devices by status; the project, state and city filters load when opened. */
export function DeviceSummaryPanel() {
  const [form] = Form.useForm<SummaryFilters>();
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<SummaryFilters>({});
  const [projectsOpened, setProjectsOpened] = useState(false);
  const canListProjects = useAllows(LIST_PROJECTS);
  const projects = useQuery({ ...projectNamesQuery(), enabled: canListProjects && projectsOpened });
  const summary = useQuery(deviceSummaryQuery(filters));
  const s = summary.data;
  const stats = [
    { key: 'total', title: 'Total', value: s?.total, color: undefined },
    { key: 'online', title: 'Online', value: s?.online, color: DEVICE_STATUS_COLOURS.Online.text },
    { key: 'offline', title: 'Offline', value: s?.offline, color: DEVICE_STATUS_COLOURS.Offline.text },
    { key: 'on_error', title: 'On Error', value: s?.on_error, color: DEVICE_STATUS_COLOURS['On Error'].text },
    // Not a device state: no report yet (the map draws these devices as Offline).
    { key: 'never_reported', title: 'Never Reported', value: s?.never_reported, color: '#8c8c8c' },
  ];
  return (
    <Card
      title="Devices"
      extra={
        <Button
          icon={<FilterOutlined />}
          type={showFilters ? 'primary' : 'default'}
          aria-expanded={showFilters}
          onClick={() => setShowFilters(!showFilters)}
        >
          Filters
        </Button>
      }
    >
      {showFilters && (
        <Form
          form={form}
          layout="vertical"
          onValuesChange={(_changed, all) =>
            setFilters({
              project: all.project || undefined,
              state: all.state ?? undefined,
              city: all.city ?? undefined,
            })
          }
        >
          <Row gutter={12}>
            {canListProjects && (
              <Col xs={24} md={8}>
                <Form.Item name="project" label="Project">
                  <Select
                    aria-label="Project"
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="All projects"
                    loading={projects.isLoading && projectsOpened}
                    onOpenChange={(open) => open && setProjectsOpened(true)}
                    options={(projects.data ?? []).map((p) => ({ value: p.name, label: p.name }))}
                  />
                </Form.Item>
              </Col>
            )}
            <StateCitySelect required={false} col={{ xs: 12, md: 8 }} />
          </Row>
        </Form>
      )}
      <Row gutter={[16, 16]}>
        {stats.map((stat) => (
          <Col key={stat.key} xs={12} sm={8} xl={stat.key === 'total' ? 4 : 5}>
            <Statistic
              title={stat.title}
              value={stat.value ?? 0}
              loading={summary.isLoading}
              styles={{ content: { color: stat.color } }}
              data-testid={`summary-${stat.key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** Total Inventory: STLT, Pole and RMS counts. */
export function InventoryPanel() {
  const { data, isLoading } = useQuery(inventoryCountsQuery);
  const total = data ? data.stlts + data.poles + data.rms : 0;
  return (
    <Card
      title="Total Inventory"
      loading={isLoading}
      extra={<Typography.Text strong>{total}</Typography.Text>}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="STLT" value={data?.stlts ?? 0} data-testid="inventory-stlts" />
        </Col>
        <Col span={8}>
          <Statistic title="Pole" value={data?.poles ?? 0} data-testid="inventory-poles" />
        </Col>
        <Col span={8}>
          <Statistic title="RMS" value={data?.rms ?? 0} data-testid="inventory-rms" />
        </Col>
      </Row>
    </Card>
  );
}

const ALARM_TABS: { key: DashboardAlarmTab; label: string }[] = [
  { key: 'today', label: "Today's Alarm" },
  { key: 'unresolved', label: 'Unresolved Alarm' },
  { key: 'resolved', label: 'Resolved Alarm' },
];

function AlarmTabList({ tab }: { tab: DashboardAlarmTab }) {
  const { data, isLoading } = useQuery(dashboardAlarmsQuery(tab));
  return (
    <List
      size="small"
      loading={isLoading}
      dataSource={data?.results ?? []}
      locale={{ emptyText: 'No alarms' }}
      renderItem={(a) => (
        <List.Item
          extra={
            <>
              <SeverityTag severity={a.severity} />
              <AlarmStatusTag status={a.status} />
            </>
          }
        >
          <List.Item.Meta
            title={
              <span>
                {a.device_data.device_id}
                <Typography.Text type="secondary">{` · ${a.activation_data?.city_data.name ?? '--'}`}</Typography.Text>
              </span>
            }
            description={`${a.fault_type} · ${formatDateTimeAmPm(a.fault_time)}`}
          />
        </List.Item>
      )}
    />
  );
}

/** Alarms with Today's / Unresolved / Resolved tabs, 5 each, and a link to the alarms view. */
export function AlarmsPanel() {
  const canOpenAlarms = useCanOpen('/alarms-view');
  const [tab, setTab] = useState<DashboardAlarmTab>('today');
  return (
    <Card
      title="Alarms"
      extra={canOpenAlarms && <Link to="/alarms-view">View all</Link>}
      styles={{ body: { paddingTop: 0 } }}
    >
      <div style={{ paddingTop: 12 }}>
        <AlarmCounts />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as DashboardAlarmTab)}
        items={ALARM_TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children: <AlarmTabList tab={t.key} />,
        }))}
      />
    </Card>
  );
}

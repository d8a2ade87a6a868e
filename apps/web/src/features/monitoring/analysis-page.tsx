import { useQuery } from '@tanstack/react-query';
import { anyOf } from '@rms/contracts/permissions';
import { App, Card, Col, Empty, Flex, List, Row, Space, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAllows } from '../../auth/use-allows';
import { formatDate, formatDateTimeAmPm } from '../../lib/format';
import {
  alarmStatusQuery,
  commandInFlight,
  deviceHarvestQuery,
  deviceSearchQuery,
  liveReportQuery,
  loadStatusQuery,
  mpptQuery,
  useToggleLoad,
} from './api';
import { analysisCards, withUnit } from './analysis-cards';
import { DeviceSelect, type PickedDevice } from './device-select';
import { HarvestCard } from '../../components/harvest-card';
import { AlarmCounts, SeverityTag } from '../../components/alarm-severity';
import { AlarmStatusTag, CommandStatusTag, DeviceStatusTag } from '../../components/status-tags';
import { RejectAlert } from '../../components/reject-badge';

const LIST_DEVICES = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');
const SWITCH_LOAD = anyOf('DEVICE_ACTIVATION');

/** The device a navigation carries: `state.device` as an id or `{id, device_id}`. */
export function deviceFromState(state: unknown): PickedDevice | undefined {
  const device = (state as { device?: unknown } | null)?.device;
  if (typeof device === 'number') return { id: device, device_id: `#${device}` };
  if (device && typeof device === 'object' && 'id' in device && typeof device.id === 'number') {
    const code =
      'device_id' in device && typeof device.device_id === 'string' ? device.device_id : `#${device.id}`;
    return { id: device.id, device_id: code };
  }
  return undefined;
}

/** Device analysis (spec 02 §2 "/analysis"). */
export function AnalysisPage() {
  const location = useLocation();
  const canList = useAllows(LIST_DEVICES);
  // The selector's choice holds until a new navigation (the header's device search while this page is
  // open) brings another device in its state.
  const [choice, setChoice] = useState<{ key: string; device: PickedDevice }>();
  const fromState = deviceFromState(location.state);
  const picked = (choice?.key === location.key ? choice.device : undefined) ?? fromState ?? choice?.device;
  const first = useQuery({ ...deviceSearchQuery(''), enabled: canList && !picked });
  const firstDevice = first.data?.results[0];
  const device: PickedDevice | undefined =
    picked ??
    (firstDevice
      ? { id: firstDevice.device_data.id, device_id: firstDevice.device_data.device_id }
      : undefined);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={16} align="center" justify="space-between">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Device Analysis
          </Typography.Title>
          {canList && (
            <DeviceSelect
              value={device}
              onChange={(d) => d && setChoice({ key: location.key, device: d })}
              style={{ width: 260 }}
            />
          )}
        </Flex>
      </Card>
      {device ? (
        <DeviceAnalysis key={device.id} device={device.id} />
      ) : (
        <Card loading={canList && first.isLoading}>
          <Empty description="No activated device to analyse" />
        </Card>
      )}
    </Flex>
  );
}

function DeviceAnalysis({ device }: { device: number }) {
  const report = useQuery(liveReportQuery(device));
  const mppt = useQuery(mpptQuery(device));
  const alarms = useQuery(alarmStatusQuery(device));
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={24} align="center">
          <Space>
            <Typography.Text type="secondary">Device Status</Typography.Text>
            <span data-testid="device-status">
              <DeviceStatusTag status={report.data?.status} />
            </span>
          </Space>
          <LoadStatus device={device} />
        </Flex>
      </Card>
      <RejectAlert rejects={report.data?.rejects} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <HarvestCard query={(days) => deviceHarvestQuery(device, days)} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card title="MPPT Efficiency" style={{ height: '100%' }}>
            <List
              size="small"
              loading={mppt.isLoading}
              dataSource={mppt.data ?? []}
              locale={{ emptyText: 'No MPPT data' }}
              renderItem={(d) => (
                <List.Item>
                  <Typography.Text type="secondary">{formatDate(d.date)}</Typography.Text>
                  <Typography.Text strong>{withUnit(d.mppt, '%')}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={24}>
          <Card title="Alarm Status">
            <AlarmCounts device={device} label="Active" />
            <List
              size="small"
              loading={alarms.isLoading}
              dataSource={alarms.data ?? []}
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
                    title={a.fault_type}
                    description={`${formatDateTimeAmPm(a.fault_time)}${
                      a.resolution_time ? ` · resolved ${formatDateTimeAmPm(a.resolution_time)}` : ''
                    }`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {report.isLoading ? (
        <Card loading />
      ) : report.data ? (
        analysisCards(report.data).map((group) => (
          <Card key={group.title} title={group.title} size="small">
            <Row gutter={[12, 12]}>
              {group.cards.map((c) => (
                <Col key={c.key} xs={12} sm={8} lg={6} xxl={4}>
                  <Card size="small" style={{ height: '100%' }} data-testid={`card-${c.key}`}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.label}
                    </Typography.Text>
                    <div style={{ fontSize: 18, fontWeight: 600, wordBreak: 'break-word' }}>{c.value}</div>
                  </Card>
                </Col>
              ))}
            </Row>
          </Card>
        ))
      ) : (
        <Card>
          <Empty description="No live report for this device" />
        </Card>
      )}
    </Flex>
  );
}

/** Load status On/Off with its switch and the command's progress (spec 02 §4). */
function LoadStatus({ device }: { device: number }) {
  const { message } = App.useApp();
  const canSwitch = useAllows(SWITCH_LOAD);
  const status = useQuery(loadStatusQuery(device));
  const toggle = useToggleLoad(device);
  const row = status.data?.[0];
  const on = row?.lo_sts === 1;
  const control = (
    <Switch
      aria-label="Load switch"
      checked={on}
      disabled={!canSwitch || status.isLoading}
      loading={toggle.isPending}
      onChange={() => toggle.mutate(row, { onSuccess: (saved) => void message.success(saved.detail) })}
    />
  );
  return (
    <Space wrap>
      <Typography.Text type="secondary">Load Status</Typography.Text>
      <Typography.Text strong data-testid="load-status">
        {on ? 'On' : 'Off'}
      </Typography.Text>
      {canSwitch ? (
        control
      ) : (
        <Tooltip title="Switching a light needs the device activation permission">{control}</Tooltip>
      )}
      {row?.command && (
        <span data-testid="load-command">
          <CommandStatusTag status={row.command.status} />
        </span>
      )}
      {commandInFlight(row) && <Typography.Text type="secondary">waiting for the device…</Typography.Text>}
    </Space>
  );
}

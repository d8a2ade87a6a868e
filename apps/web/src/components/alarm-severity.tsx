import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmSeverityCounts } from '@rms/contracts/alarms';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@rms/contracts/telemetry';
import { Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { apiQuery } from '../api/queries';

// Severity tags and the counts of active alarms by severity (the alarms view, the dashboard's alarms
// panel, a device's analysis page, the map).

/** Active alarms by severity, of one device or of every device the user sees. */
export const alarmCountsQuery = (device?: number) =>
  queryOptions({ ...apiQuery(M.alarmCounts, { query: { device } }), placeholderData: keepPreviousData });

export const SEVERITY_COLOURS: Record<AlarmSeverity, string> = {
  critical: 'red',
  major: 'volcano',
  minor: 'gold',
  warning: 'blue',
};

export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  return <Tag color={SEVERITY_COLOURS[severity]}>{ALARM_SEVERITY_LABELS[severity]}</Tag>;
}

function countText(active: AlarmSeverityCounts, unacknowledged: AlarmSeverityCounts, s: AlarmSeverity) {
  return unacknowledged[s] > 0 ? `${active[s]} (${unacknowledged[s]} new)` : String(active[s]);
}

/**
 * Active alarms by severity, with the unacknowledged ("new") among them; of one device when given,
 * else of every device the user sees.
 */
export function AlarmCounts({ device, label = 'Active alarms' }: { device?: number; label?: string }) {
  const { data } = useQuery(alarmCountsQuery(device));
  if (!data) return <Skeleton.Input active size="small" style={{ width: 320 }} />;
  const { active, unacknowledged } = data;
  return (
    <Flex wrap gap={8} align="center" role="group" aria-label={label}>
      <Typography.Text strong>
        {label}: {active.total}
      </Typography.Text>
      {ALARM_SEVERITIES.map((s) => (
        <Tooltip key={s} title={`${unacknowledged[s]} of ${active[s]} not acknowledged`}>
          <Tag
            color={active[s] > 0 ? SEVERITY_COLOURS[s] : undefined}
            aria-label={`${ALARM_SEVERITY_LABELS[s]}: ${active[s]}`}
          >
            {ALARM_SEVERITY_LABELS[s]} {countText(active, unacknowledged, s)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

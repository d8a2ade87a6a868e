import { sql, type SQL } from 'drizzle-orm';
import type { AlarmSeverity } from '@rms/contracts/notifications';
import type { AlarmKind } from '@rms/contracts/telemetry';

// An alarm's severity as webhooks report it. Alarms carry no severity of their own yet: until they do,
// each kind has a default here, the one place that decides it (a dark light is critical; a device
// that stopped talking or reports a fault is major; a low battery minor; a day without charge a
// warning). When alarms get a severity column, these two functions read it instead.
const DEFAULT_SEVERITY: Record<AlarmKind, AlarmSeverity> = {
  load_fault: 'critical',
  communication_lost: 'major',
  fault: 'major',
  battery_low: 'minor',
  no_charge: 'warning',
};

export function alarmSeverity(kind: string): AlarmSeverity {
  return DEFAULT_SEVERITY[kind as AlarmKind] ?? 'warning';
}

/** The same, in SQL, for events built by the database from an alarm row (`kind`: its kind column). */
export function alarmSeveritySql(kind: SQL): SQL {
  const cases = Object.entries(DEFAULT_SEVERITY).map(([k, severity]) => sql`when ${k} then ${severity}`);
  return sql`(case ${kind} ${sql.join(cases, sql` `)} else 'warning' end)`;
}

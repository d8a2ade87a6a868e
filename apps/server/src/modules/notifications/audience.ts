import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFY_PREFERENCES as D } from '@rms/contracts/notifications';
import { ALARM_LABELS } from '@rms/contracts/telemetry';

// Who may be told of an alarm, and whom it concerns, as SQL over the aliases the notification queries
// use: `u` the person (users), `uo` their organization, `np` their saved preferences (left joined: null
// when never saved, and then the defaults); the alarm's side is given as expressions.

/** Reading alarms takes VIEW_DEVICE_DATA (the alarms view), held by the person and allowed to their organization. */
const VIEW = 'VIEW_DEVICE_DATA';

/** An active person of an active organization who may see the alarms of devices of `organization`. */
export const maySee = (organization: SQL): SQL => sql`(u.is_active and uo.is_active
  and (uo.is_provider or u.organization_id = ${organization})
  and (u.is_superuser or (${VIEW} = any(u.permissions) and ${VIEW} = any(uo.permissions))))`;

const severities = sql`coalesce(np.severities, ${sql.param(D.severities)}::text[])`;
export const channels = sql`coalesce(np.channels, ${sql.param(D.channels)}::text[])`;

/** Whether the channel is among the person's (saved, else default) channels. */
export const wants = (channel: string): SQL => sql`(${channel} = any(${channels}))`;

/** The alarm is among what the person follows: its severity, and their organizations or projects (none named: all). */
export const follows = (alarm: { severity: SQL; organization: SQL; project: SQL }): SQL => sql`(
  ${alarm.severity} = any(${severities})
  and (coalesce(cardinality(np.organizations), 0) + coalesce(cardinality(np.projects), 0) = 0
    or ${alarm.organization} = any(np.organizations) or ${alarm.project} = any(np.projects)))`;

/** The project of alarm `a`: its device's active activation, if any. */
export const projectOf: SQL = sql`(select p.name from activations p
  where p.device_id = a.device_id and p.is_active limit 1)`;

/** "Load fault (E7) on RMS-7 · Ring Road Lights" for alarm `a` of device `d` in `project`, from the kinds' labels. */
export const alarmTitle: SQL = sql`(coalesce(${JSON.stringify(ALARM_LABELS)}::jsonb ->> a.kind, a.kind)
  || case when a.fault_code <> '' then ' (' || a.fault_code || ')' else '' end
  || ' on ' || d.device_id || coalesce(' · ' || project, ''))`;

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { publishTelemetryEvents } from '../modules/notifications';
import { settle, type Observation } from './alarm-conditions';
import type { ActiveRule, AlarmRuleBook } from './alarm-rule-book';
import { raiseAlarms, refreshStatus, resolveByKind } from './alarms';
import type { SweepChanges } from './sweeper';

// `panel_low` (docs/alarms.md): a panel giving far less than its neighbours at the same time is dirty,
// shaded or broken. No fixed threshold tells that (a cloudy noon gives less than a clear morning), so a
// device's panel power is compared with the median of its neighbours': the devices of the same
// organization (of the same project, when the device's rule is its project's) within the rule's radius
// whose newest sample is within the rule's window of the device's. Judged only with enough neighbours
// and in daylight (their median at least the rule's watts); off by default. One query reads every
// candidate; the comparison runs here, grouped by organization and project.

interface Candidate {
  device_id: number;
  organization_id: number;
  name: string;
  latitude: number;
  longitude: number;
  last_ts: string;
  watts: number;
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;
function distanceKm(a: Candidate, b: Candidate): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function judgePanels(
  db: Db,
  rules: AlarmRuleBook | undefined,
  now = Date.now(),
): Promise<SweepChanges> {
  const enabled = (rules?.saved('panel_low') ?? []).filter((r) => r.enabled);
  if (!rules || enabled.length === 0) return { devices: [], alarms: [] };
  const window = Math.max(...enabled.map((r) => r.params.window_minutes ?? 30));
  return db.transaction(async (tx) => {
    const rows = await rowsOf<Candidate>(
      tx,
      sql`
      select s.device_id, a.organization_id, a.name, a.latitude, a.longitude, s.last_ts,
        coalesce((s.sample->>'pv_v')::float8 * (s.sample->>'pv_i')::float8, 0) as watts
      from device_live_state s
      join activations a on a.device_id = s.device_id and a.is_active
      where s.status <> 'Offline' and a.latitude is not null and a.longitude is not null
        and a.organization_id = any(${sql.param(`{${[...new Set(enabled.map((r) => r.organizationId))].join(',')}}`)}::int[])
        and s.last_ts >= ${new Date(now - 2 * window * 60_000).toISOString()}::timestamptz`,
    );
    const observations = observe(rows, rules, now);
    const { raise, resolve } = await settle(tx, observations);
    const alarms = [...(await raiseAlarms(tx, raise)), ...(await resolveByKind(tx, resolve))];
    const devices = [...new Set([...raise, ...resolve].map((c) => c.deviceId))];
    if (devices.length > 0) await refreshStatus(tx, devices);
    await publishTelemetryEvents(tx, { alarms });
    return { devices: [], alarms };
  });
}

function observe(rows: Candidate[], rules: AlarmRuleBook, now: number): Observation[] {
  const byOrganization = new Map<number, Candidate[]>();
  for (const r of rows) {
    r.watts = Number(r.watts);
    const list = byOrganization.get(r.organization_id) ?? [];
    list.push(r);
    byOrganization.set(r.organization_id, list);
  }
  const observations: Observation[] = [];
  for (const group of byOrganization.values())
    for (const device of group) {
      const rule = rules.ruleFor(
        { organizationId: device.organization_id, project: device.name },
        'panel_low',
      );
      if (!rule.enabled) continue;
      observations.push({
        deviceId: device.device_id,
        kind: 'panel_low',
        condition: conditionOf(device, group, rule),
        at: now,
        rule,
      });
    }
  return observations;
}

function conditionOf(device: Candidate, group: Candidate[], rule: ActiveRule) {
  const p = rule.params;
  const windowMs = (p.window_minutes ?? 30) * 60_000;
  const at = Date.parse(device.last_ts);
  const neighbours = group.filter(
    (n) =>
      n.device_id !== device.device_id &&
      (rule.source !== 'project' || n.name === device.name) &&
      Math.abs(Date.parse(n.last_ts) - at) <= windowMs &&
      distanceKm(device, n) <= (p.radius_km ?? 2),
  );
  if (neighbours.length < (p.min_neighbours ?? 3)) return 'none' as const;
  const typical = median(neighbours.map((n) => n.watts));
  if (typical < (p.daylight_from_w ?? 10)) return 'none' as const;
  if (device.watts < (typical * (p.below_percent ?? 30)) / 100) return 'raise' as const;
  return device.watts >= (typical * (p.clear_from_percent ?? 60)) / 100
    ? ('clear' as const)
    : ('none' as const);
}

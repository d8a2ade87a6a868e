import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { ALARM_LABELS } from '@rms/contracts/telemetry';
import {
  ALARM_STATUS_LIMIT,
  type AlarmRow,
  type AlarmStatusRow,
  type alarmListQuery,
} from '@rms/contracts/monitoring';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { pageOf, pageWindow } from '../../db/paging';
import { rmsDevices } from '../../db/schema/inventory';
import { alarms } from '../../db/schema/telemetry';
import { getInventory } from '../inventory';

// Alarms as the console lists them (spec 02 §3 "Alarm/fault", §4: Resolved when a resolution time
// exists). The device's owner decides who sees its alarms.

/** The device's newest alarms (the analysis page's alarm status list). */
export async function alarmStatusOf(db: Db, auth: AuthUser, deviceId: number): Promise<AlarmStatusRow[]> {
  await getInventory(db, auth, 'rms', deviceId);
  const rows = await db
    .select()
    .from(alarms)
    .where(eq(alarms.deviceId, deviceId))
    .orderBy(desc(alarms.faultTime), desc(alarms.id))
    .limit(ALARM_STATUS_LIMIT);
  return rows.map(toStatusRow);
}

/** Alarms of the devices the caller sees, newest fault first (the alarms view). */
export async function listAlarms(db: Db, auth: AuthUser, query: z.infer<typeof alarmListQuery>) {
  if (query.device) await getInventory(db, auth, 'rms', query.device);
  const where = and(
    orgScope(rmsDevices.organizationId, auth),
    query.device ? eq(alarms.deviceId, query.device) : undefined,
    solvedFilter(query.is_solve),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ alarm: alarms, code: rmsDevices.code })
      .from(alarms)
      .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
      .where(where)
      .orderBy(desc(alarms.faultTime), desc(alarms.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(alarms)
      .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
      .where(where),
  ]);
  const results: AlarmRow[] = rows.map(({ alarm, code }) => ({
    ...toStatusRow(alarm),
    device_data: { id: alarm.deviceId, device_id: code },
  }));
  return pageOf(query, results, Number(total?.n ?? 0));
}

export function solvedFilter(isSolve: 'true' | 'false' | undefined): SQL | undefined {
  if (isSolve === 'true') return isNotNull(alarms.resolutionTime);
  if (isSolve === 'false') return isNull(alarms.resolutionTime);
  return undefined;
}

export function toStatusRow(a: typeof alarms.$inferSelect): AlarmStatusRow {
  const label = ALARM_LABELS[a.kind] ?? a.kind;
  return {
    id: a.id,
    fault_type: a.kind === 'fault' && a.faultCode ? `${label} (${a.faultCode})` : label,
    fault_time: a.faultTime.toISOString(),
    resolution_time: a.resolutionTime?.toISOString() ?? null,
    status: a.resolutionTime ? 'Resolved' : 'Unresolved',
  };
}

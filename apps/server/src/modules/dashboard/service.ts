import { and, count, desc, eq, gte, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DashboardAlarmQuery } from '@rms/contracts/dashboard';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { cities } from '../../db/schema/master-data';
import { alarms, deviceLiveState } from '../../db/schema/telemetry';
import { dayStart, toStatusRow } from '../monitoring';

// The dashboard's device panels (spec 01 §2): every count is over the caller's organization scope.

/** Active activations with a device, by the device's live status (no live state: never reported). */
export async function deviceSummary(
  db: Db,
  auth: AuthUser,
  filter: { project?: string | undefined; state?: number | undefined; city?: number | undefined },
) {
  const status = (s: string) => sql<number>`(count(*) filter (where ${deviceLiveState.status} = ${s}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: status('Online'),
      offline: status('Offline'),
      on_error: status('On Error'),
      never_reported: sql<number>`(count(*) filter (where ${deviceLiveState.deviceId} is null))::int`,
    })
    .from(activations)
    .leftJoin(deviceLiveState, eq(deviceLiveState.deviceId, activations.deviceId))
    .where(
      and(
        eq(activations.isActive, true),
        isNotNull(activations.deviceId),
        orgScope(activations.organizationId, auth),
        filter.project ? ilike(activations.name, `%${escapeLike(filter.project)}%`) : undefined,
        filter.state ? eq(activations.stateId, filter.state) : undefined,
        filter.city ? eq(activations.cityId, filter.city) : undefined,
      ),
    );
  return {
    total: Number(row?.total ?? 0),
    online: Number(row?.online ?? 0),
    offline: Number(row?.offline ?? 0),
    on_error: Number(row?.on_error ?? 0),
    never_reported: Number(row?.never_reported ?? 0),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active STLT, pole and RMS rows the caller sees. */
export async function inventoryCounts(db: Db, auth: AuthUser) {
  const active = (t: typeof stlts | typeof poles | typeof rmsDevices) =>
    db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.isActive, true), orgScope(t.organizationId, auth)))
      .then(([r]) => Number(r?.n ?? 0));
  const [s, p, r] = await Promise.all([active(stlts), active(poles), active(rmsDevices)]);
  return { stlts: s, poles: p, rms: r };
}

/** The newest alarms of a tab (spec 01 §4): raised today (local) with is_today, resolved or not with is_solve. */
export async function dashboardAlarms(db: Db, timeZone: string, auth: AuthUser, query: DashboardAlarmQuery) {
  const filters: (SQL | undefined)[] = [
    query.is_today === 'true'
      ? gte(alarms.faultTime, sql`${dayStart(today(timeZone), timeZone)}`)
      : undefined,
    query.is_solve === 'true' ? isNotNull(alarms.resolutionTime) : undefined,
    query.is_solve === 'false' ? isNull(alarms.resolutionTime) : undefined,
  ];
  const rows = await db
    .select({ alarm: alarms, code: rmsDevices.code, model: rmsDevices.model, city: cities.name })
    .from(alarms)
    .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
    .leftJoin(activations, and(eq(activations.deviceId, alarms.deviceId), eq(activations.isActive, true)))
    .leftJoin(cities, eq(cities.id, activations.cityId))
    .where(and(...filters, orgScope(rmsDevices.organizationId, auth)))
    .orderBy(desc(alarms.faultTime), desc(alarms.id))
    .limit(query.page_size);
  const results = rows.map(({ alarm, code, model, city }) => ({
    ...toStatusRow(alarm),
    device_data: { id: alarm.deviceId, device_id: code, model },
    activation_data: city === null ? null : { city_data: { name: city } },
  }));
  return { results };
}

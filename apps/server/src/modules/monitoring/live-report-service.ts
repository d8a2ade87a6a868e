import { and, desc, eq, sql } from 'drizzle-orm';
import type { LiveReport } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { poles, stlts } from '../../db/schema/inventory';
import { deviceParameters } from '../../db/schema/parameters';
import { rowsOf } from '../../db/rows';
import { deviceLiveState } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { addDays, today } from '../../calendar';
import { getInventory } from '../inventory';
import { dayStart } from './days';
import { rejectSummaries } from '../../telemetry/reject-summaries';
import { epochMsOf } from '../../db/epoch-ms';

// The device live report (spec 02 §3): every figure comes from the device's newest stored sample, its
// active activation and its newest parameter version; what is not known yet is null. `rejects` (ours)
// counts the device's messages the server refused, with the last reason.

export async function liveReportOf(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  deviceId: number,
): Promise<LiveReport> {
  const device = await getInventory(db, auth, 'rms', deviceId);
  const day = today(timeZone);
  const [[live], [activation], [parameters], [load], rejects] = await Promise.all([
    db.select().from(deviceLiveState).where(eq(deviceLiveState.deviceId, deviceId)),
    db
      .select({
        stlt: stlts.code,
        pole: poles.code,
        panel: activations.panelId,
        battery: activations.batteryId,
      })
      .from(activations)
      .leftJoin(stlts, eq(stlts.id, activations.stltId))
      .leftJoin(poles, eq(poles.id, activations.poleId))
      .where(and(eq(activations.deviceId, deviceId), eq(activations.isActive, true))),
    db
      .select({ values: deviceParameters.values })
      .from(deviceParameters)
      .where(eq(deviceParameters.deviceId, deviceId))
      .orderBy(desc(deviceParameters.version))
      .limit(1),
    // The light's first and last sample switched on today (part of the local day may be packed already).
    rowsOf<{ on: number | null; off: number | null }>(
      db,
      sql`select ${epochMsOf(sql`min(s.ts)`)} as on, ${epochMsOf(sql`max(s.ts)`)} as off
          from ${storedSamples({
            devices: (id) => sql`${id} = ${deviceId}`,
            from: dayStart(day, timeZone),
            to: dayStart(addDays(day, 1), timeZone),
          })} s
          where s.lo_sts = 1`,
    ).then((rows) =>
      rows.map((r) => ({
        on: r.on === null ? null : new Date(Number(r.on)),
        off: r.off === null ? null : new Date(Number(r.off)),
      })),
    ),
    rejectSummaries(db, [deviceId]),
  ]);
  const s = live?.sample;
  const n = (name: string) => (s && typeof s[name] === 'number' ? s[name] : null);
  const product = (a: string, b: string) => (s ? (n(a) ?? 0) * (n(b) ?? 0) : null);
  return {
    status: live?.status ?? null,
    stlt_id: activation?.stlt ?? null,
    pole_id: activation?.pole ?? null,
    rms_id: activation ? device.code : null,
    panel_id: activation?.panel ?? null,
    battery_id: activation?.battery ?? null,
    signal_strength: n('gsm_sig'),
    telecom: live?.telecom ?? null,
    // No MSISDN mapping names a device, so the device's phone number is not known.
    device_phone: null,
    total_energy: n('energy_wh'),
    last_update: live ? live.lastTs.toISOString() : null,
    load_power: product('lo_v', 'lo_i'),
    brightness_lvl: n('brightness'),
    full_brightness_hour: numberOrNull(parameters?.values.dim_1),
    half_brightness_hour: numberOrNull(parameters?.values.dim_2),
    load_voltage: n('lo_v'),
    load_current: n('lo_i'),
    load_on_time: iso(load?.on),
    load_off_time: iso(load?.off),
    voltage: n('bt_v'),
    charging_current: n('bt_ch_i'),
    discharging_current: n('bt_dis_i'),
    state_of_charge: n('soc'),
    pv_voltage: n('pv_v'),
    pv_power: product('pv_v', 'pv_i'),
    pv_current: n('pv_i'),
    mppt_efficiency: n('mppt'),
    rejects: rejects.get(deviceId) ?? null,
  };
}

const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);

/** min/max over timestamptz come back as Date (node-postgres) or string (depending on mapping). */
function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

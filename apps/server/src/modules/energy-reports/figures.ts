import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_BATTERY_AH,
  DEFAULT_LAMP_WATTS,
  type EnergyDay,
  type EnergyDeviceRow,
  type EnergyFigures,
} from '@rms/contracts/energy-reports';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// The month's figures (docs/energy-reports.md "How each figure is made"), read from the daily rollups
// (telemetry_daily: lamp_wh, lit_hours, bt_v_mean), the harvest per day (daily_harvest) and the devices'
// night plans (device_night_plans), never from raw samples: a month of 10,000 devices is 300,000 daily
// rows at most. Each device's newest load_regulation (its lamp's power at full brightness) and
// btr_true_capacity (its battery) come from its parameters, else the parameters' defaults.

/** The devices a report covers: a query selecting `id` (rms_devices ids). */
export type DeviceSet = SQL;

/** Each device of the set `s` with its newest lamp power and battery (null where never set). */
const SETTINGS = sql`
  select distinct on (p.device_id) p.device_id,
    (p.values->>'load_regulation')::float8 as watts, (p.values->>'btr_true_capacity')::float8 as battery_ah
  from device_parameters p
  where p.device_id in (select id from s)
  order by p.device_id, p.version desc`;

/** A battery's nominal voltage from its mean voltage: LiFePO4 at 12.8 V (4 cells) or 25.6 V (8). */
const NOMINAL_VOLTS = sql`(case when r.bt_v > 18 then 25.6 else 12.8 end)`;

interface RawDevice {
  id: number;
  code: string;
  project: string | null;
  days: number;
  lit_hours: number;
  lamp_wh: number;
  lamp_nights: number;
  harvest_wh: number;
  planned_minutes: number | null;
  night_minutes: number | null;
  lit_on_planned: number | null;
  lamp_wh_on_planned: number | null;
  watts: number;
  battery_wh: number;
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
const kwh = (wh: number) => round(wh / 1000, 3);

/** A device's month before rounding: the fleet's figures add these up. */
export interface DeviceMonth {
  device: { id: number; code: string };
  project: string | null;
  days: number;
  sums: Sums;
}

/** Every device of the set with readings, harvest or plans in [from, to] (local days), by RMS ID. */
export async function deviceMonths(
  db: Db,
  devices: DeviceSet,
  from: string,
  to: string,
): Promise<DeviceMonth[]> {
  const inMonth = (column: SQL) => sql`${column} between ${from}::date and ${to}::date`;
  const rows = await rowsOf<RawDevice>(
    db,
    sql`
    with s as (${devices}),
    daily as (
      select t.device_id, count(*)::int as days, coalesce(sum(t.lit_hours), 0)::float8 as lit_hours,
        coalesce(sum(t.lamp_wh), 0)::float8 as lamp_wh, count(*) filter (where t.lamp_wh > 0)::int as lamp_nights,
        avg(t.bt_v_mean)::float8 as bt_v
      from telemetry_daily t
      where t.device_id in (select id from s) and ${inMonth(sql`t.day`)}
      group by t.device_id),
    harvest as (
      select h.device_id, sum(h.harvest_wh)::float8 as harvest_wh
      from daily_harvest h
      where h.device_id in (select id from s) and ${inMonth(sql`h.day`)}
      group by h.device_id),
    planned as (
      select p.device_id, sum(p.planned_minutes)::int as planned_minutes, sum(p.night_minutes)::int as night_minutes,
        coalesce(sum(t.lit_hours), 0)::float8 as lit_on_planned, coalesce(sum(t.lamp_wh), 0)::float8 as lamp_wh_on_planned
      from device_night_plans p
      left join telemetry_daily t on t.device_id = p.device_id and t.day = p.day
      where p.device_id in (select id from s) and ${inMonth(sql`p.day`)}
      group by p.device_id),
    settings as (${SETTINGS})
    select d.id, d.device_id as code, a.name as project,
      coalesce(r.days, 0) as days, coalesce(r.lit_hours, 0) as lit_hours, coalesce(r.lamp_wh, 0) as lamp_wh,
      coalesce(r.lamp_nights, 0) as lamp_nights, coalesce(h.harvest_wh, 0) as harvest_wh,
      pl.planned_minutes, pl.night_minutes, pl.lit_on_planned, pl.lamp_wh_on_planned,
      coalesce(st.watts, ${DEFAULT_LAMP_WATTS}) as watts,
      coalesce(st.battery_ah, ${DEFAULT_BATTERY_AH}) * ${NOMINAL_VOLTS} as battery_wh
    from rms_devices d
    left join daily r on r.device_id = d.id
    left join harvest h on h.device_id = d.id
    left join planned pl on pl.device_id = d.id
    left join settings st on st.device_id = d.id
    left join activations a on a.device_id = d.id and a.is_active
    where d.id in (select id from s)
      and (r.device_id is not null or h.device_id is not null or pl.device_id is not null)
    order by d.device_id`,
  );
  return rows.map(deviceMonth);
}

function deviceMonth(r: RawDevice): DeviceMonth {
  const lampWh = Number(r.lamp_wh);
  const plannedHours = r.planned_minutes === null ? null : Number(r.planned_minutes) / 60;
  const fullWh = r.night_minutes === null ? null : (Number(r.night_minutes) / 60) * Number(r.watts);
  const nightly = Number(r.lamp_nights) > 0 ? lampWh / Number(r.lamp_nights) : 0;
  return {
    device: { id: r.id, code: r.code },
    project: r.project,
    days: Number(r.days),
    sums: {
      burningHours: Number(r.lit_hours),
      lampWh,
      harvestWh: Number(r.harvest_wh),
      plannedHours,
      litOnPlanned: plannedHours === null ? null : Math.min(Number(r.lit_on_planned), plannedHours),
      fullWh,
      savedWh: fullWh === null ? null : fullWh - Number(r.lamp_wh_on_planned),
      autonomyDays: nightly > 0 ? Number(r.battery_wh) / nightly : null,
    },
  };
}

interface Sums {
  burningHours: number;
  lampWh: number;
  harvestWh: number;
  plannedHours: number | null;
  /** Hours lit on planned days, at most the planned hours (per device). */
  litOnPlanned: number | null;
  fullWh: number | null;
  savedWh: number | null;
  autonomyDays: number | null;
}

/** The figures as the contract carries them, rounded for people (hours and % to 1 place, kWh to 3). */
export function figuresOf(s: Sums, gridFactor: number): EnergyFigures {
  const share = (part: number | null, whole: number | null) =>
    part === null || whole === null || whole <= 0 ? null : round((100 * part) / whole, 1);
  return {
    burning_hours: round(s.burningHours, 1),
    lamp_kwh: kwh(s.lampWh),
    harvest_kwh: kwh(s.harvestWh),
    planned_hours: s.plannedHours === null ? null : round(s.plannedHours, 1),
    availability_percent: share(s.litOnPlanned, s.plannedHours),
    full_night_kwh: s.fullWh === null ? null : kwh(s.fullWh),
    saved_kwh: s.savedWh === null ? null : kwh(s.savedWh),
    saved_percent: share(s.savedWh, s.fullWh),
    autonomy_days: s.autonomyDays === null ? null : round(s.autonomyDays, 1),
    co2_avoided_kg: round((s.lampWh / 1000) * gridFactor, 2),
  };
}

export function deviceRow(m: DeviceMonth, gridFactor: number): EnergyDeviceRow {
  return { device: m.device, project: m.project, days: m.days, ...figuresOf(m.sums, gridFactor) };
}

/**
 * The fleet's month from its devices': sums, availability over all their planned hours, and the median
 * device's autonomy (one weak battery should not hide behind a fleet's mean, nor a fleet behind one).
 */
export function fleetSums(months: DeviceMonth[]): Sums {
  const planned = months.filter((m) => m.sums.plannedHours !== null);
  const sum = (pick: (s: Sums) => number | null, of = months) =>
    of.reduce((a, m) => a + (pick(m.sums) ?? 0), 0);
  const ifPlanned = (pick: (s: Sums) => number | null) => (planned.length > 0 ? sum(pick, planned) : null);
  const autonomy = months
    .map((m) => m.sums.autonomyDays)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  return {
    burningHours: sum((s) => s.burningHours),
    lampWh: sum((s) => s.lampWh),
    harvestWh: sum((s) => s.harvestWh),
    plannedHours: ifPlanned((s) => s.plannedHours),
    litOnPlanned: ifPlanned((s) => s.litOnPlanned),
    fullWh: ifPlanned((s) => s.fullWh),
    savedWh: ifPlanned((s) => s.savedWh),
    autonomyDays: autonomy.length > 0 ? autonomy[Math.floor((autonomy.length - 1) / 2)]! : null,
  };
}

/** The set's figures per local day of [from, to], every day listed (zeros where nothing was read). */
export async function dayFigures(db: Db, devices: DeviceSet, from: string, to: string): Promise<EnergyDay[]> {
  const rows = await rowsOf<{
    day: string;
    lamp_wh: number | null;
    harvest_wh: number | null;
    lit_hours: number | null;
    full_wh: number | null;
  }>(
    db,
    sql`
    with s as (${devices}),
    days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
    daily as (
      select t.day, sum(t.lamp_wh)::float8 as lamp_wh, sum(t.lit_hours)::float8 as lit_hours
      from telemetry_daily t
      where t.device_id in (select id from s) and t.day between ${from}::date and ${to}::date
      group by t.day),
    harvest as (
      select h.day, sum(h.harvest_wh)::float8 as harvest_wh
      from daily_harvest h
      where h.device_id in (select id from s) and h.day between ${from}::date and ${to}::date
      group by h.day),
    settings as (${SETTINGS}),
    planned as (
      select p.day, sum(p.night_minutes / 60.0 * coalesce(st.watts, ${DEFAULT_LAMP_WATTS}))::float8 as full_wh
      from device_night_plans p left join settings st on st.device_id = p.device_id
      where p.device_id in (select id from s) and p.day between ${from}::date and ${to}::date
      group by p.day)
    select d.day::text as day, r.lamp_wh, h.harvest_wh, r.lit_hours, pl.full_wh
    from days d
    left join daily r on r.day = d.day
    left join harvest h on h.day = d.day
    left join planned pl on pl.day = d.day
    order by d.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    lamp_kwh: kwh(Number(r.lamp_wh ?? 0)),
    harvest_kwh: kwh(Number(r.harvest_wh ?? 0)),
    burning_hours: round(Number(r.lit_hours ?? 0), 1),
    full_night_kwh: r.full_wh === null ? null : kwh(Number(r.full_wh)),
  }));
}

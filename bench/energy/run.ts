import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { onEachDatabase } from '../scratch-databases';
import { rowsOf } from '../../apps/server/src/db/rows';
import { EXTREMES, POINT_READINGS, ROLLUP_MEANS } from '../../apps/server/src/db/schema/telemetry';
import type { AuthUser } from '../../apps/server/src/auth/access';
import { dayFigures, deviceMonths } from '../../apps/server/src/modules/energy-reports/figures';
import { energyReport, exportReport } from '../../apps/server/src/modules/energy-reports/report';
import { reportPdf, reportXlsx } from '../../apps/server/src/modules/energy-reports/exports';
import { scopeOf } from '../../apps/server/src/modules/energy-reports/scope';
import { makeActivations } from '../../apps/server/src/testing/factories/activations';
import { makeDevices } from '../../apps/server/src/testing/factories/inventory';
import { makeOrganization } from '../../apps/server/src/testing/factories/organizations';
import { percentile } from '../percentile';

// The monthly energy report of 10,000 devices (docs/energy-reports.md), from a month of rollups: a
// daily row, a harvest row and a night plan per device and day, and each device's parameters. Timed:
// the report as the API answers it (first page of devices, totals and days, serialized), against its
// two statements alone (the per-device and per-day aggregates, rows discarded: the least the report
// can cost); then the xlsx and PDF exports of every device.

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    devices: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '7' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DEVICES = Number(args.devices);
const RUNS = Number(args.runs);
const MONTH = '2026-10';
const DAYS = 31;
const SETTINGS = { timeZone: 'Asia/Kolkata', gridFactor: 0.716 };

const ms = (n: number) => `${Math.round(n)} ms`;

async function fleet(database: Database): Promise<number> {
  const db = database.db;
  const org = (await makeOrganization(db)).id;
  for (let start = 0; start < DEVICES; start += 1000) {
    const n = Math.min(1000, DEVICES - start);
    const devices = await makeDevices(
      db,
      Array.from({ length: n }, () => ({ organizationId: org })),
    );
    await makeActivations(
      db,
      devices.map((d, i) => ({ organizationId: org, deviceId: d.id, name: `Project ${(start + i) % 20}` })),
    );
  }
  const ids = sql`(select id from rms_devices where organization_id = ${org})`;
  const days = sql`(select generate_series(${`${MONTH}-01`}::date, ${`${MONTH}-${DAYS}`}::date, interval '1 day')::date as day)`;
  const means = ROLLUP_MEANS.map((f) => `${f}_mean`);
  const first = [`${EXTREMES[0]}_ts`, ...POINT_READINGS.map((r) => `${EXTREMES[0]}_${r}`)];
  await db.execute(sql`
    insert into telemetry_daily (day, device_id, samples, hours, harvest_samples, ${sql.raw(
      [...means, ...first].join(', '),
    )}, lamp_wh, lit_hours)
    select d.day, r.id, 288, 24, 288, ${sql.raw(means.map(() => '12.5').join(', '))},
      d.day::timestamptz, ${sql.raw(POINT_READINGS.map(() => '1').join(', '))},
      200 + (r.id % 50), 10 + (r.id % 3)
    from ${ids} r, ${days} d`);
  await db.execute(sql`
    insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
    select r.id, d.day, 400 + (r.id % 100), d.day::timestamptz, d.day::timestamptz + interval '23 hours', 1000, 288
    from ${ids} r, ${days} d`);
  await db.execute(sql`
    insert into device_night_plans (day, device_id, night_minutes, planned_minutes, planned_share)
    select d.day, r.id, 700, 600 + (r.id % 60), 0.7
    from ${ids} r, ${days} d`);
  await db.execute(sql`
    insert into device_parameters (device_id, version, values)
    select r.id, 1, jsonb_build_object('load_regulation', 30 + (r.id % 4) * 10, 'btr_true_capacity', 40)
    from ${ids} r`);
  await db.execute(sql`analyze`);
  return org;
}

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function measure(label: string, database: Database): Promise<string> {
  const db = database.db;
  const seeded = performance.now();
  const org = await fleet(database);
  const [rows] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from telemetry_daily`);
  console.log(
    `${label}: ${DEVICES} devices, ${rows!.n} daily rows made in ${ms(performance.now() - seeded)}`,
  );
  const auth: AuthUser = {
    id: 1,
    email: 'bench@rms.local',
    sessionId: null,
    // The organization's own reader (the same statements as the provider naming it).
    organizationId: org,
    isProvider: false,
    is_superuser: false,
    permissions: ['VIEW_ENERGY_REPORTS'],
    apiKey: null,
  };
  const query = { month: MONTH, organization: org, page: 1, page_size: 20, ordering: 'device' as const };
  const report = await timed(async () => JSON.stringify(await energyReport(db, auth, SETTINGS, query)));
  const scope = scopeOf(MONTH, { id: org, name: 'bench' }, null, null);
  const alone = await timed(() =>
    Promise.all([
      deviceMonths(db, scope.devices, scope.from, scope.to),
      dayFigures(db, scope.devices, scope.from, scope.to),
    ]),
  );
  const full = await exportReport(db, auth, SETTINGS, { month: MONTH, organization: org });
  const xlsx = await timed(() => reportXlsx(full.report, full.devices));
  const pdf = await timed(() => reportPdf(full.report, full.devices));
  const p50 = percentile(report, 50);
  const a50 = percentile(alone, 50);
  return [
    `${label}: energy report of ${MONTH}, ${DEVICES} devices, ${RUNS} runs`,
    `  report (API answer)  p50 ${ms(p50)}  p99 ${ms(percentile(report, 99))}  ${p50 < 2000 ? 'under' : 'OVER'} the 2 s budget`,
    `  its SQL alone        p50 ${ms(a50)}  p99 ${ms(percentile(alone, 99))}  (ratio ${(p50 / a50).toFixed(2)}×)`,
    `  xlsx, every device   p50 ${ms(percentile(xlsx, 50))}`,
    `  PDF                  p50 ${ms(percentile(pdf, 50))}`,
  ].join('\n');
}

const lines = await onEachDatabase(args.db!, args['database-url']!, 'rms_bench_energy', measure);
console.log(`\n${new Date().toISOString()}  ${lines.join('\n\n')}`);

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { ProfileStep } from '@rms/contracts/lighting';
import type { Database } from '../../apps/server/src/db/client';
import { onEachDatabase } from '../scratch-databases';
import { rowsOf } from '../../apps/server/src/db/rows';
import { deviceCommands } from '../../apps/server/src/db/schema/commands';
import { dimmingProfiles } from '../../apps/server/src/db/schema/lighting';
import { replan } from '../../apps/server/src/modules/plans';
import { makeActivations } from '../../apps/server/src/testing/factories/activations';
import { makeDevices } from '../../apps/server/src/testing/factories/inventory';
import { makeOrganization } from '../../apps/server/src/testing/factories/organizations';
import { makeProfile, makeSchedule, makeStaticGroup } from '../../apps/server/src/testing/schedule-fixtures';
import { percentile } from '../percentile';

// A schedule change for 10,000 devices, computed and queued (modules/plans replan): every device at its
// own place (no two share a sun computation), each run changes the profile so every device is sent a
// new plan. The yardstick, in the same run: the raw SQL insert of the same 10,000 commands (unnest of
// their payloads, one statement, in a transaction), the least any way of queueing them costs.

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
const TIME_ZONE = 'Asia/Kolkata';

const A: ProfileStep[] = [
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
  { anchor: 'dawn', offset_min: -120, level: 0 },
];
const B: ProfileStep[] = [
  { anchor: 'dusk', offset_min: 0, level: 90 },
  { anchor: 'clock', offset_min: 0, at: '00:30', level: 40 },
  { anchor: 'dawn', offset_min: -60, level: 0 },
];

const ms = (n: number) => `${Math.round(n)} ms`;

// CPU time, beside the wall time: on a box shared with other work the wall time of one run varies
// twofold, its CPU time much less, so it is the figure to compare a change by. On PGlite the database
// runs in this process; on PostgreSQL its backends serving the bench database are added (from /proc).
const processCpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
/** CPU ms a process has used (user + system); 0 for one gone. */
function cpuOfPid(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
async function backendsCpu(database: Database): Promise<Map<number, number>> {
  if (database.kind !== 'postgres') return new Map();
  const rows = await rowsOf<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return new Map(rows.map((r) => [r.pid, cpuOfPid(r.pid)]));
}
/** CPU ms of this process and of the database's backends since `start` was taken. */
async function cpuSince(database: Database, start: { node: number; backends: Map<number, number> }) {
  const node = processCpu() - start.node;
  let backends = 0;
  for (const [pid, ms] of await backendsCpu(database)) backends += ms - (start.backends.get(pid) ?? 0);
  return { node, backends };
}
const cpuNow = async (database: Database) => ({ node: processCpu(), backends: await backendsCpu(database) });

async function fleet(database: Database): Promise<number> {
  const db = database.db;
  const org = (await makeOrganization(db)).id;
  const ids: number[] = [];
  for (let start = 0; start < DEVICES; start += 1000) {
    const n = Math.min(1000, DEVICES - start);
    const devices = await makeDevices(
      db,
      Array.from({ length: n }, () => ({ organizationId: org })),
    );
    await makeActivations(
      db,
      devices.map((d, i) => ({
        organizationId: org,
        deviceId: d.id,
        // Spread over about 8° × 8° of northern India.
        latitude: 22 + ((start + i) % 100) * 0.08,
        longitude: 73 + Math.floor((start + i) / 100) * 0.08,
      })),
    );
    ids.push(...devices.map((d) => d.id));
  }
  const group = await makeStaticGroup(db, org, ids);
  const profile = await makeProfile(db, org, A);
  await makeSchedule(db, { organizationId: org, groupId: group, profileId: profile });
  return profile;
}

async function measure(label: string, database: Database): Promise<string> {
  const db = database.db;
  const seeded = performance.now();
  const profile = await fleet(database);
  console.log(`${label}: ${DEVICES} devices made in ${ms(performance.now() - seeded)}`);
  const deps = { db, timeZone: TIME_ZONE };
  const first = performance.now();
  const initial = await replan(deps, { profileIds: [profile] });
  console.log(`${label}: first plans: ${JSON.stringify(initial)} in ${ms(performance.now() - first)}`);

  const times: number[] = [];
  const cpu: { node: number; backends: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    await db
      .update(dimmingProfiles)
      .set({ steps: run % 2 === 0 ? B : A })
      .where(eq(dimmingProfiles.id, profile));
    const cpuStart = await cpuNow(database);
    const started = performance.now();
    const result = await replan(deps, { profileIds: [profile] });
    times.push(performance.now() - started);
    cpu.push(await cpuSince(database, cpuStart));
    if (result.changed !== DEVICES) throw new Error(`run ${run}: ${JSON.stringify(result)}`);
  }
  const unchanged = performance.now();
  const same = await replan(deps, { profileIds: [profile] });
  const unchangedMs = performance.now() - unchanged;

  // The yardstick: the same commands (the last run's payloads) inserted raw.
  const last = await db
    .select({
      deviceId: deviceCommands.deviceId,
      org: deviceCommands.organizationId,
      payload: deviceCommands.payload,
    })
    .from(deviceCommands)
    .where(eq(deviceCommands.status, 'pending'));
  const payloads = last.map((c) => JSON.stringify(c.payload));
  const base: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into device_commands (device_id, organization_id, kind, payload)
        select u.d, u.o, 'schedule', u.p::jsonb
        from unnest(${sql.param(last.map((c) => c.deviceId))}::int[], ${sql.param(last.map((c) => c.org))}::int[],
                    ${sql.param(payloads)}::text[]) as u(d, o, p)`);
    });
    base.push(performance.now() - started);
  }
  const inOrder = times.map((t) => Math.round(t / 100) / 10).join(' ');
  times.sort((a, b) => a - b);
  base.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const cpuTotals = cpu.map((c) => c.node + c.backends).sort((a, b) => a - b);
  const cpuMedian = cpu.sort((a, b) => a.node + a.backends - (b.node + b.backends))[
    Math.floor(cpu.length / 2)
  ]!;
  const b50 = percentile(base, 50);
  return [
    `${label}: schedule change for ${DEVICES} devices, ${RUNS} runs (every device sent a new plan)`,
    `  replan        p50 ${ms(p50)}  p99 ${ms(percentile(times, 99))}  min ${ms(times[0]!)}`,
    `  each run, s   ${inOrder}`,
    `  replan CPU    p50 ${ms(percentile(cpuTotals, 50))}  p99 ${ms(percentile(cpuTotals, 99))}` +
      (database.kind === 'postgres'
        ? `  (median run: Node ${ms(cpuMedian.node)} + PostgreSQL backends ${ms(cpuMedian.backends)})`
        : '  (Node, the database included)'),
    `  raw insert    p50 ${ms(b50)}  p99 ${ms(percentile(base, 99))}  (the same ${last.length} commands, unnest)`,
    `  ratio         ${(p50 / b50).toFixed(1)}× the raw insert; ${p50 < 5000 ? 'under' : 'OVER'} the 5 s budget`,
    `  no change     ${ms(unchangedMs)} (${JSON.stringify(same)})`,
  ].join('\n');
}

const lines = await onEachDatabase(args.db!, args['database-url']!, 'rms_bench_schedules', measure);
console.log(`\n${new Date().toISOString()}  ${lines.join('\n\n')}`);

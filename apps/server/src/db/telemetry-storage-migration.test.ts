import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, makeOrganization } from '../testing/factories';
import { databaseBefore } from '../testing/migrations-before';
import { SAMPLE_DAYS, defaultRows, partitionsOf } from '../telemetry/storage/partitions';
import type { Database } from './client';
import { rowsOf } from './rows';

// The migration that partitions telemetry_samples by day: the samples stored before it are all there
// after it, each in its day's partition, with the key that keeps a sample stored once.

const TAG = /_telemetry_storage$/;
const DAY = 86_400_000;

let database: Database;

const SAMPLE_COLUMNS = sql.raw(
  'device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i, brightness, lo_sts, mppt, energy_wh, temp',
);
/** Every sample as text, in one order: what must survive the migration unchanged. */
const allSamples = async () =>
  rowsOf<Record<string, unknown>>(
    database.db,
    sql`select ${SAMPLE_COLUMNS} from telemetry_samples order by ts, device_id`,
  );

let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBefore(TAG));
});
afterAll(() => close());

describe('partitioning telemetry_samples', () => {
  it('keeps every stored sample, in its day’s partition, and a sample stays stored once', async () => {
    const org = await makeOrganization(database.db, { companyName: 'Before Partitions' });
    const a = await makeDevice(database.db, { code: 'RMS-MIG-A', organizationId: org.id });
    const b = await makeDevice(database.db, { code: 'RMS-MIG-B', organizationId: org.id });
    // Samples of 90 days ago to now, every 6 hours, with readings of each column's type at its edges.
    const first = Date.now() - 90 * DAY;
    await database.db.execute(sql`
      insert into telemetry_samples (${SAMPLE_COLUMNS})
      select d, g, 100, 39.99, 0.125, 60, 99.9, 100, 0.001, 12.5, 30, 100, 1, 97.25, 123456789.123, -39.5
      from unnest(${sql.param([a.id, b.id])}::int[]) d
      cross join generate_series(${new Date(first).toISOString()}::timestamptz, now(), interval '6 hours') g`);
    const stored = await allSamples();
    expect(stored.length).toBeGreaterThan(700);

    await database.migrate();

    expect(await allSamples()).toEqual(stored);
    const partitions = await partitionsOf(database.db, SAMPLE_DAYS);
    expect(partitions[0]!.from.getTime()).toBeLessThanOrEqual(first);
    expect(partitions.at(-1)!.to.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await defaultRows(database.db, SAMPLE_DAYS)).toBe(0);
    const [spread] = await rowsOf<{ partitions: number; days: number; off: number }>(
      database.db,
      sql`select count(distinct tableoid)::int as partitions, count(distinct (ts at time zone 'UTC')::date)::int as days,
            count(*) filter (where tableoid::regclass::text <> 'telemetry_samples_' || to_char(ts at time zone 'UTC', 'YYYYMMDD'))::int as off
          from telemetry_samples`,
    );
    expect(spread!.partitions).toBe(spread!.days);
    expect(spread!.off).toBe(0);

    const again = await rowsOf<{ ts: string }>(
      database.db,
      sql`insert into telemetry_samples (${SAMPLE_COLUMNS})
          select ${SAMPLE_COLUMNS} from telemetry_samples where device_id = ${a.id}
          on conflict do nothing returning ts`,
    );
    expect(again).toHaveLength(0);
  });
});

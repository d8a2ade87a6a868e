import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, max, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { organizations } from '../db/schema/organizations';
import { keepDataDir } from '../start-checks';
import { createStorage } from '../storage/storage';
import { createTestApp, signIn, TEST_SERVER_ENV, type TestApp } from '../testing/app';
import {
  loadFlatHistory,
  makeActivation,
  makeCommand,
  makeKeyedDevice,
  makeOrganization,
  makePole,
  makeReportExport,
  makeStlt,
  makeUser,
} from '../testing/factories';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database';
import { tablesOf } from './catalog';
import { makeBackup } from './make-backup';
import { MIGRATIONS, migrationsUpTo } from './manifest';
import { restoreBackup } from './restore-backup';
import { inTransaction, quoteIdent } from './sql-session';

// A backup holds the whole database, the stored files and the generated secret, and a restore into a
// fresh database and data directory gives back every row of every table, the files and a working
// sign-in; a target with data is refused unless forced, a backup newer than the code is refused, and
// an older one is migrated forward. On PGlite by default, on PostgreSQL with DATABASE_URL.

// Small slices, so PGlite's tables cross several statements each way.
const slices = { pages: 2, bytes: 4096 };
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const lastTag = journal.entries.at(-1)!.tag;

let source: TestApp;
const work = mkdtempSync(path.join(tmpdir(), 'rms-backup-test-'));
const archive = path.join(work, 'backup.tar.gz');
const imageKey = `image/${randomBytes(16).toString('hex')}.png`;
const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
const cleanups: (() => Promise<void>)[] = [];

/** A database of its own, not migrated (what a restore finds on a new machine), and its URL on PostgreSQL. */
async function freshDatabase(): Promise<Database & { url?: string }> {
  const scratch: ScratchDatabase = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  cleanups.push(async () => {
    await database.close();
    await scratch.drop();
  });
  return Object.assign(database, { url: scratch.url });
}

function freshDataDir(): string {
  return mkdtempSync(path.join(work, 'data-'));
}

const storageOf = (dataDir: string) => createStorage({ s3: undefined, dataDir, jwtSecret: 'x'.repeat(48) });

/**
 * The source keeps running its jobs while the test compares: their schedule (background_jobs) moves
 * every few seconds (the lighting plans' sync runs every 5 s), so its rows are compared by their jobs'
 * names, not their times.
 */
const LIVE_COLUMNS: Record<string, string> = { background_jobs: 't.name' };

/** Each table's row count and a digest of all its rows, in one order. */
async function contents(
  database: Pick<Database, 'db'>,
): Promise<Record<string, { rows: number; digest: string }>> {
  return inTransaction(database.db, 'snapshot', async (session) => {
    const out: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of await tablesOf(session)) {
      const value = LIVE_COLUMNS[name] ?? 't::text';
      const [row] = await session.query<{ rows: number; digest: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(${value}, E'\\n' ORDER BY ${value}), '')) AS digest
           FROM ${quoteIdent(name)} t`,
      );
      out[name] = row!;
    }
    return out;
  });
}

beforeAll(async () => {
  source = await createTestApp();
  const db = source.database.db;
  // The embedded database's generated secret is kept in DATA_DIR (PostgreSQL's is JWT_SECRET).
  keepDataDir(source.config);
  const customer = await makeOrganization(db, { companyName: 'Backup Lighting' });
  const user = await makeUser(db, { organizationId: customer.id, firstName: 'Asha' });
  const lamps = await Promise.all(
    [1, 2, 3].map((n) => makeKeyedDevice(db, { organizationId: customer.id, code: `RMS-BK-${n}` })),
  );
  const stlt = await makeStlt(db, { organizationId: customer.id });
  const pole = await makePole(db, { organizationId: customer.id });
  await makeActivation(db, {
    organizationId: customer.id,
    deviceId: lamps[0]!.id,
    stltId: stlt.id,
    poleId: pole.id,
  });
  await makeCommand(db, {
    deviceId: lamps[0]!.id,
    organizationId: customer.id,
    kind: 'load',
    payload: { lo_sts: 1 },
  });
  await makeReportExport(db, { userId: user.id, organizationId: customer.id });
  const to = Date.parse('2026-03-03T00:00:00Z');
  await loadFlatHistory(db, {
    deviceIds: lamps.map((l) => l.id),
    from: to - 2 * 86_400_000,
    to,
    timeZone: 'Asia/Kolkata',
  });
  await source.app.storage.storeFile(imageKey, Readable.from(image));
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await source.close();
  rmSync(work, { recursive: true, force: true });
});

// Each restore migrates a database and checks every table: longer than a request test.
describe('backup and restore', { timeout: 120_000 }, () => {
  it('writes one archive with a manifest of every table, readable by its owner only', async () => {
    const manifest = await makeBackup({
      database: source.database,
      dataDir: source.config.dataDir,
      filesStore: 'local',
      out: archive,
      slices,
    });
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest).toMatchObject({
      format: 'rms-backup/1',
      database: {
        kind: source.database.kind,
        migrations: { count: journal.entries.length, lastTag },
      },
      files: { store: 'local', included: true, count: 1, bytes: image.length },
    });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(600_000);
    const counted = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    const expected = Object.fromEntries(
      Object.entries(await contents(source.database)).map(([name, c]) => [name, c.rows]),
    );
    expect(counted).toEqual(expected);
    expect(counted.telemetry_samples).toBe(3 * 577);
    // The parents load before the rows that refer to them.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('organizations')).toBeLessThan(order.indexOf('rms_devices'));
    expect(order.indexOf('rms_devices')).toBeLessThan(order.indexOf('telemetry_samples'));
    expect(manifest.dataDir).toEqual(source.database.kind === 'pglite' ? ['jwt-secret'] : []);
  });

  // The restore's target, then restored over (a fresh database each costs seconds of migrations).
  let target: Awaited<ReturnType<typeof freshDatabase>>;
  let targetDir: string;

  it('restores every row of every table, the stored file and the secret into a fresh database', async () => {
    target = await freshDatabase();
    targetDir = freshDataDir();
    const restored = await restoreBackup({
      archive,
      database: target,
      dataDir: targetDir,
      storage: storageOf(targetDir),
      slices,
    });
    expect(restored).toMatchObject({ migratedFrom: lastTag, migratedTo: lastTag, files: 1 });
    expect(await contents(target)).toEqual(await contents(source.database));
    // The map's version is not restored but starts afresh: restored, it would count on from the
    // backup's and give out again versions the source gave out for other maps (cached by browsers).
    const mapVersion = async (database: Pick<Database, 'db'>) =>
      (await rowsOf<{ v: string }>(database.db, sql`select sum(changes)::text as v from map_version`))[0]!.v;
    expect(await mapVersion(target)).not.toBe(await mapVersion(source.database));
    expect(readFileSync(path.join(targetDir, 'files', imageKey))).toEqual(image);
    if (target.kind === 'pglite')
      expect(readFileSync(path.join(targetDir, 'jwt-secret'), 'utf8')).toBe(source.config.jwtSecret);

    // The restored server works: its super-user signs in, and new rows get new ids.
    const config = loadConfig({
      ...TEST_SERVER_ENV,
      DATA_DIR: targetDir,
      ...(target.url && { DATABASE_URL: target.url, JWT_SECRET: source.config.jwtSecret }),
    });
    const app = await buildApp({ config, database: target });
    try {
      await expect(signIn(app)).resolves.toHaveProperty('access');
    } finally {
      await app.close();
    }
    const [before] = await target.db.select({ id: max(organizations.id) }).from(organizations);
    expect(
      (await makeOrganization(target.db, { companyName: 'Written after the restore' })).id,
    ).toBeGreaterThan(before!.id!);
  });

  it('refuses a target that holds data unless forced, then replaces it', async () => {
    const again = { archive, database: target, dataDir: targetDir, storage: storageOf(targetDir), slices };
    await expect(restoreBackup(again)).rejects.toThrow(
      /The target is not empty: it holds \d+ rows in \d+ tables \(.*\) and 1 stored files in .*run again with --force/,
    );
    await restoreBackup({ ...again, force: true });
    expect(await contents(target)).toEqual(await contents(source.database));
  });

  describe('refusals', () => {
    let untouched: Awaited<ReturnType<typeof freshDatabase>>;
    let untouchedDir: string;
    beforeAll(async () => {
      untouched = await freshDatabase();
      untouchedDir = freshDataDir();
    });
    const restoreInto = (over: Partial<Parameters<typeof restoreBackup>[0]>) =>
      restoreBackup({
        archive,
        database: untouched,
        dataDir: untouchedDir,
        storage: storageOf(untouchedDir),
        ...over,
      });

    it('refuses a backup whose database is newer than the code, and changes nothing', async () => {
      const older = migrationsUpTo({ count: journal.entries.length - 1, lastAt: null, lastTag: null });
      cleanups.push(async () => rmSync(older, { recursive: true, force: true }));
      await expect(restoreInto({ migrationsFolder: older })).rejects.toThrow(
        new RegExp(
          `This backup's database is newer than this code \\(its last migration is ${lastTag}; .*Restore it with version \\S+ \\(which made it\\) or newer`,
        ),
      );
      expect(await contents(untouched)).toEqual({});
      expect(existsSync(path.join(untouchedDir, 'files'))).toBe(false);
    });

    it('refuses a file that is not a backup', async () => {
      const bogus = path.join(work, 'bogus.tar.gz');
      writeFileSync(bogus, 'not an archive');
      await expect(restoreInto({ archive: bogus })).rejects.toThrow(/bogus\.tar\.gz is not a backup archive/);
      await expect(restoreInto({ archive: path.join(work, 'missing.tar.gz') })).rejects.toThrow(
        /missing\.tar\.gz: no such file/,
      );
      expect(await contents(untouched)).toEqual({});
    });
  });

  it('makes again the partitions a table gained after its migration, and refreshes materialized views', async () => {
    // A migration of this test's own: a partitioned table (as telemetry may become), its default
    // partition and a view over it; a month's partition is made later, as an application would.
    const folder = mkdtempSync(path.join(work, 'migrations-'));
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const own = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Record<string, unknown>[] };
    const tag = '9999_partitioned_readings';
    own.entries.push({
      idx: own.entries.length,
      version: '7',
      when: journal.entries.at(-1)!.when + 1000,
      tag,
      breakpoints: true,
    });
    writeFileSync(journalFile, JSON.stringify(own));
    writeFileSync(
      path.join(folder, `${tag}.sql`),
      [
        'CREATE TABLE "readings" ("device_id" integer NOT NULL, "at" date NOT NULL, "value" real NOT NULL) PARTITION BY RANGE ("at");',
        'CREATE TABLE "readings_default" PARTITION OF "readings" DEFAULT;',
        `CREATE MATERIALIZED VIEW "readings_per_month" AS SELECT date_trunc('month', "at") AS "month", count(*)::int AS "n" FROM "readings" GROUP BY 1;`,
      ].join('\n--> statement-breakpoint\n'),
    );
    const old = await freshDatabase();
    await old.migrate(folder);
    await old.db.execute(
      sql`CREATE TABLE readings_2026_01 PARTITION OF readings FOR VALUES FROM ('2026-01-01') TO ('2026-02-01')`,
    );
    await old.db.execute(
      sql`INSERT INTO readings SELECT 1, d::date, 1.5 FROM generate_series('2025-12-20'::date, '2026-01-31', '1 day') d`,
    );
    await old.db.execute(sql`REFRESH MATERIALIZED VIEW readings_per_month`);
    const partitioned = path.join(work, 'partitioned.tar.gz');
    const manifest = await makeBackup({
      database: old,
      dataDir: freshDataDir(),
      filesStore: 'local',
      out: partitioned,
      slices,
    });
    // The telemetry's own day partitions are listed too; this table's are the two it was given.
    expect(manifest.partitions.filter((p) => p.parent === 'readings')).toEqual([
      {
        name: 'readings_2026_01',
        parent: 'readings',
        bound: "FOR VALUES FROM ('2026-01-01') TO ('2026-02-01')",
      },
      { name: 'readings_default', parent: 'readings', bound: 'DEFAULT' },
    ]);
    expect(manifest.tables.find((t) => t.name === 'readings')?.rows).toBe(43);
    expect(manifest.partitions).toContainEqual({
      name: 'telemetry_samples_default',
      parent: 'telemetry_samples',
      bound: 'DEFAULT',
    });

    const target = await freshDatabase();
    const dataDir = freshDataDir();
    await restoreBackup({
      archive: partitioned,
      database: target,
      dataDir,
      storage: storageOf(dataDir),
      migrationsFolder: folder,
      slices,
    });
    expect(await contents(target)).toEqual(await contents(old));
    const rows = async (query: SQL) => (await rowsOf<{ n: number }>(target.db, query))[0]!.n;
    expect(await rows(sql`SELECT count(*)::int AS n FROM readings_2026_01`)).toBe(31);
    expect(await rows(sql`SELECT count(*)::int AS n FROM readings_default`)).toBe(12);
    expect(await rows(sql`SELECT sum(n)::int AS n FROM readings_per_month`)).toBe(43);
  });

  it('migrates a backup of an older version forward', async () => {
    const older = migrationsUpTo({ count: journal.entries.length - 1, lastAt: null, lastTag: null });
    cleanups.push(async () => rmSync(older, { recursive: true, force: true }));
    const old = await freshDatabase();
    await old.migrate(older);
    // Plain SQL: the schema in code may hold columns that the last migration adds.
    await old.db.execute(
      sql`insert into organizations (company_name, email) values ('Saved by the version before', 'old@backup.example')`,
    );
    const oldArchive = path.join(work, 'older.tar.gz');
    const manifest = await makeBackup({
      database: old,
      dataDir: freshDataDir(),
      filesStore: 'local',
      out: oldArchive,
    });
    expect(manifest.database.migrations.lastTag).toBe(journal.entries.at(-2)!.tag);

    const target = await freshDatabase();
    const dataDir = freshDataDir();
    const restored = await restoreBackup({
      archive: oldArchive,
      database: target,
      dataDir,
      storage: storageOf(dataDir),
    });
    expect(restored).toMatchObject({ migratedFrom: journal.entries.at(-2)!.tag, migratedTo: lastTag });
    const now = await contents(target);
    for (const table of manifest.tables) expect(now[table.name]?.rows).toBe(table.rows);
    // The tables are this version's, the last migration's among them.
    expect(Object.keys(now).sort()).toEqual(Object.keys(await contents(source.database)).sort());
    const [saved] = await target.db
      .select({ name: organizations.companyName })
      .from(organizations)
      .where(eq(organizations.email, 'old@backup.example'));
    expect(saved?.name).toBe('Saved by the version before');
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { rowsOf } from './db/rows';
import { users } from './db/schema/employees';
import { cities, dropdownGroups, dropdownValues, gstSettings, states } from './db/schema/master-data';
import { organizations } from './db/schema/organizations';
import { DEMO_ORGANIZATION } from './demo/demo-fleet';
import { FirstCredentials } from './first-credentials';
import { prepareDatabase } from './prepare-database';
import { scratchDatabase, type ScratchDatabase } from './testing/scratch-database';

// Instances started together on one empty database: each prepares it (migrations, master data, the
// first super-user, the demo customer) at the same moment, and the database ends up as one start
// leaves it. On PostgreSQL two pools stand for two instances; on PGlite, which one process opens, two
// starts of that process at once.

let scratch: ScratchDatabase;
let first: Database;
let second: Database;
const dirs: string[] = [];

beforeAll(async () => {
  scratch = await scratchDatabase();
  first = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  second = scratch.url ? await openDatabase({ databaseUrl: scratch.url }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await scratch.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One instance's start: its own DATA_DIR, the shared database, the demo on. */
function prepare(database: Database) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-prepare-'));
  dirs.push(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: '1',
    ADMIN_EMAIL: 'owner@together.example',
    ...(scratch.url && { DATABASE_URL: scratch.url, JWT_SECRET: 'k'.repeat(20) + 'abcdefghijklmnop' }),
  });
  return prepareDatabase(database, config, new FirstCredentials(dataDir));
}

type Counted =
  | typeof states
  | typeof cities
  | typeof gstSettings
  | typeof dropdownGroups
  | typeof dropdownValues
  | typeof organizations;
const rows = async (table: Counted) => Number((await first.db.select({ n: count() }).from(table))[0]?.n);

describe('two instances preparing one empty database at once', () => {
  it('apply each migration once, and make one super-user, one demo customer and the master data once', async () => {
    const [a, b] = await Promise.all([prepare(first), prepare(second)]);

    const journal = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await rowsOf<{ n: number; hashes: number }>(
      first.db,
      sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: journal.entries.length, hashes: journal.entries.length }]);

    expect(
      await first.db.select({ email: users.email }).from(users).where(eq(users.isSuperuser, true)),
    ).toEqual([{ email: 'owner@together.example' }]);
    // The provider and the demo customer.
    expect(await rows(organizations)).toBe(2);
    const demo = await first.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.companyName, DEMO_ORGANIZATION));
    expect(demo).toHaveLength(1);
    // Exactly one of the two starts made the accounts (and says so); the other found them made.
    expect([a.created.size, b.created.size].sort()).toEqual([0, 2]);

    expect(await rows(states)).toBe(36);
    const perState = await rowsOf<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from cities group by state_id, name having count(*) > 1`,
    );
    expect(perState).toEqual([]);
    expect(await rows(cities)).toBeGreaterThan(700);
    expect(await rows(gstSettings)).toBe(5);
    const groups = await rowsOf<{ path: string; n: number }>(
      first.db,
      sql`select path, count(*)::int as n from dropdown_groups group by path having count(*) > 1`,
    );
    expect(groups).toEqual([]);
    expect(await rows(dropdownGroups)).toBeGreaterThan(0);
    expect(await rows(dropdownValues)).toBeGreaterThan(0);
  }, 120_000);
});

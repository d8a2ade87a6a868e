import { rmSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization } from '../testing/factories';
import { migrationsBefore } from '../testing/migrations-before';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database';
import { openDatabase, type Database } from './client';
import { rowsOf } from './rows';
import { users } from './schema/employees';
import { sqlStateOf } from './sql-state';

// The migration that gives every organization one owner: data saved before it (every employee the user
// form saved was another "primary" user) is repaired, keeping the earliest primary user, and from then
// on a second owner cannot be stored.

const TAG = /_one_owner_per_organization$/;

let scratch: ScratchDatabase;
let database: Database;
let before: string;

beforeAll(async () => {
  scratch = await scratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  before = migrationsBefore(TAG);
  await database.migrate(before);
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
  rmSync(before, { recursive: true, force: true });
});

async function organization(name: string) {
  return (await makeOrganization(database.db, { companyName: name })).id;
}

async function user(organizationId: number, name: string, day: string, over: { isActive?: boolean } = {}) {
  // Plain SQL: the schema in code holds columns that later migrations add, which this stage lacks.
  const [row] = await rowsOf<{ id: number }>(
    database.db,
    sql`insert into users (organization_id, email, password_hash, is_primary, is_active, created_at)
        values (${organizationId}, ${`${name}@migration.example`}, 'x', true, ${over.isActive ?? true},
                ${`${day}T10:00:00Z`}::timestamptz)
        returning id`,
  );
  return row!.id;
}

const primaries = async (organizationId: number) =>
  (
    await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.organizationId} = ${organizationId} and ${users.isPrimary}`)
      .orderBy(asc(users.id))
  ).map((r) => r.id);

describe('migration one_owner_per_organization', () => {
  it('keeps the earliest primary user of each organization as its owner and makes a second impossible', async () => {
    const many = await organization('many');
    // Made out of id order: the earliest by date wins, not the smallest id.
    const later = await user(many, 'later', '2026-03-01');
    const owner = await user(many, 'owner', '2026-01-01');
    const latest = await user(many, 'latest', '2026-04-01');
    const single = await organization('single');
    const alone = await user(single, 'alone', '2026-02-01');
    // The earliest is kept even when it was deleted since: the migration picks no new owner.
    const gone = await organization('gone');
    const deleted = await user(gone, 'deleted', '2026-01-05', { isActive: false });
    const active = await user(gone, 'active', '2026-01-06');

    await database.migrate();

    expect(await primaries(many)).toEqual([owner]);
    expect(await primaries(single)).toEqual([alone]);
    expect(await primaries(gone)).toEqual([deleted]);
    // The others stay as they were, as ordinary employees.
    const kept = await database.db
      .select({ id: users.id, isActive: users.isActive, email: users.email })
      .from(users)
      .where(sql`${users.id} in (${later}, ${latest}, ${active})`)
      .orderBy(asc(users.id));
    expect(kept).toEqual([
      { id: later, isActive: true, email: 'later@migration.example' },
      { id: latest, isActive: true, email: 'latest@migration.example' },
      { id: active, isActive: true, email: 'active@migration.example' },
    ]);

    const second = await database.db
      .update(users)
      .set({ isPrimary: true })
      .where(eq(users.id, later))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(sqlStateOf(second)).toBe('23505');
    expect(await primaries(many)).toEqual([owner]);
  });
});

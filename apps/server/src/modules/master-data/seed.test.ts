import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { cities, dropdownGroups, dropdownValues, gstSettings, states } from '../../db/schema/master-data';
import { createTestApp, type TestApp } from '../../testing/app';
import { seedMasterData } from './seed/seed-master-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (table: typeof states | typeof cities | typeof gstSettings | typeof dropdownGroups) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n;

describe('master data shipped with the product', () => {
  it("has India's 36 states and union territories, each with cities", async () => {
    const all = await t.database.db.select().from(states);
    expect(all).toHaveLength(36);
    expect(all.map((s) => s.name)).toEqual(expect.arrayContaining(['Tamil Nadu', 'Ladakh', 'Puducherry']));
    const perState = await t.database.db
      .select({ stateId: cities.stateId, n: count() })
      .from(cities)
      .groupBy(cities.stateId);
    expect(perState).toHaveLength(36);
    expect(await rows(cities)).toBeGreaterThan(700);
    const [mumbai] = await t.database.db
      .select({ state: states.name })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(eq(cities.name, 'Mumbai'));
    expect(mumbai?.state).toBe('Maharashtra');
  });

  it('has the GST rates and the dropdown groups with every kind of tag', async () => {
    expect(await rows(gstSettings)).toBe(5);
    const values = await t.database.db.select().from(dropdownValues);
    expect(values.some((v) => v.isEditable && v.isDeletable)).toBe(true);
    expect(values.some((v) => !v.isEditable)).toBe(true);
    expect(values.some((v) => !v.isDeletable)).toBe(true);
  });

  it('is idempotent: a second start adds nothing, and deleted rows stay deleted', async () => {
    const before = await Promise.all([rows(states), rows(cities), rows(gstSettings), rows(dropdownGroups)]);
    await t.database.db.update(gstSettings).set({ isActive: false });
    await seedMasterData(t.database.db);
    await seedMasterData(t.database.db);
    expect(await Promise.all([rows(states), rows(cities), rows(gstSettings), rows(dropdownGroups)])).toEqual(
      before,
    );
    const active = await t.database.db.select().from(gstSettings).where(eq(gstSettings.isActive, true));
    expect(active).toEqual([]);
  });
});

import { count, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cities, dropdownGroups, dropdownValues, gstSettings, states } from '../../../db/schema/master-data';
import { DROPDOWN_GROUPS, GST_RATES, type SeedGroup } from './dropdowns';
import { citiesOf, INDIA_STATES } from './india';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Several API instances may start at once on one PostgreSQL: the advisory lock lets one of them seed.
const SEED_LOCK = 727_001;

/**
 * Fills each master-data table that is still empty: India's states and cities, the GST rates, the
 * dropdown groups and their values. A table that has rows (even soft-deleted ones) is left alone, so
 * running this at every start is safe and never brings back what a user deleted.
 */
export async function seedMasterData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isEmpty(tx, states)) await seedStates(tx);
    if (await isEmpty(tx, gstSettings)) {
      await tx
        .insert(gstSettings)
        .values(
          GST_RATES.map((rate) => ({ name: `GST ${rate}%`, invoiceName: `GST @ ${rate}%`, value: rate })),
        );
    }
    if (await isEmpty(tx, dropdownGroups)) await seedGroups(tx, DROPDOWN_GROUPS, null);
  });
}

async function isEmpty(tx: Tx, table: typeof states | typeof gstSettings | typeof dropdownGroups) {
  const [row] = await tx.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

async function seedStates(tx: Tx): Promise<void> {
  const inserted = await tx
    .insert(states)
    .values(INDIA_STATES.map((s) => ({ name: s.name })))
    .returning({ id: states.id, name: states.name });
  const idOf = new Map(inserted.map((s) => [s.name, s.id]));
  await tx
    .insert(cities)
    .values(
      INDIA_STATES.flatMap((s) => citiesOf(s).map((name) => ({ name, stateId: idOf.get(s.name) as number }))),
    );
}

async function seedGroups(tx: Tx, groups: readonly SeedGroup[], parentId: number | null): Promise<void> {
  for (const [order, group] of groups.entries()) {
    const [row] = await tx
      .insert(dropdownGroups)
      .values({
        parentId,
        title: group.title,
        path: group.path,
        canDisabled: group.canDisabled ?? false,
        sortOrder: order,
      })
      .returning({ id: dropdownGroups.id });
    if (!row) throw new Error(`could not seed dropdown group ${group.path}`);
    if (group.values?.length) {
      await tx.insert(dropdownValues).values(
        group.values.map((v) => ({
          groupId: row.id,
          value: v.value,
          code: v.code ?? null,
          isEditable: v.editable ?? true,
          isDeletable: v.deletable ?? true,
        })),
      );
    }
    if (group.children) await seedGroups(tx, group.children, row.id);
  }
}

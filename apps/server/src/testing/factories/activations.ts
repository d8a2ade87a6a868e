import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { cities } from '../../db/schema/master-data';
import { given, insertRows } from './rows';
import { nextSerial } from './serial';

type Activation = typeof activations.$inferSelect;
type ActivationFields = Partial<typeof activations.$inferInsert> &
  Pick<typeof activations.$inferInsert, 'organizationId'>;

/** A seeded active city and its state: where an activation is unless told. */
async function somePlace(db: Db): Promise<{ stateId: number; cityId: number }> {
  const [city] = await db
    .select({ stateId: cities.stateId, cityId: cities.id })
    .from(cities)
    .where(eq(cities.isActive, true))
    .limit(1);
  if (!city) throw new Error('no active city: the master data is not seeded');
  return city;
}

/** Device activations (projects) of the organization, with no device, STLT or pole unless given. */
export async function makeActivations(db: Db, list: ActivationFields[]): Promise<Activation[]> {
  const place = await somePlace(db);
  return insertRows(
    db,
    activations,
    list.map((over) => {
      const n = nextSerial();
      return {
        ...place,
        name: `Project ${n}`,
        address1: `${n} Main Road`,
        address2: 'Sector 5',
        pin: '110001',
        ...given(over),
      };
    }),
  );
}

export async function makeActivation(db: Db, fields: ActivationFields): Promise<Activation> {
  const [row] = await makeActivations(db, [fields]);
  return row!;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { given, insertRows } from './rows';
import { nextSerial } from './serial';

type Organization = typeof organizations.$inferSelect;
type NewOrganization = typeof organizations.$inferInsert;

/** A customer organization; name and e-mail are fresh unless given. */
export async function makeOrganization(db: Db, over: Partial<NewOrganization> = {}): Promise<Organization> {
  const [row] = await makeOrganizations(db, [over]);
  return row!;
}

export function makeOrganizations(db: Db, list: Partial<NewOrganization>[]): Promise<Organization[]> {
  return insertRows(
    db,
    organizations,
    list.map((over) => {
      const n = nextSerial();
      return { companyName: `Organization ${n}`, email: `organization-${n}@factory.example`, ...given(over) };
    }),
  );
}

/** The provider's organization, made at first start. */
export async function providerIdOf(db: Db): Promise<number> {
  const [provider] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isProvider, true));
  if (!provider) throw new Error('no provider organization');
  return provider.id;
}

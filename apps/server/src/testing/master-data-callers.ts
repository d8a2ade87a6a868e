import { eq } from 'drizzle-orm';
import { users } from '../db/schema/employees';
import { organizations } from '../db/schema/organizations';
import { hashPassword } from '../auth/passwords';
import { signIn, type Session, type TestApp } from './app';

const MASTER_DATA_CODES = ['MANAGE_STATE', 'MANAGE_CITY', 'tax_settings', 'dropdown_settings'];
const PASSWORD = 'Caller-pass-1234';

export interface MasterDataCallers {
  /** The provider's super-user. */
  admin: Session;
  /** A provider employee holding no code. */
  noCode: Session;
  /** A customer organization's user holding every master-data code (which must not be enough to write). */
  customer: Session;
}

/** The three kinds of caller the master-data tests need, made directly in the database. */
export async function masterDataCallers(t: TestApp): Promise<MasterDataCallers> {
  const db = t.database.db;
  const passwordHash = await hashPassword(PASSWORD);
  const [provider] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.isProvider, true));
  if (!provider) throw new Error('no provider organization');
  const [customer] = await db
    .insert(organizations)
    .values({ companyName: 'Customer Co', email: 'customer@test.example', permissions: MASTER_DATA_CODES })
    .returning({ id: organizations.id });
  if (!customer) throw new Error('could not create the customer organization');
  await db.insert(users).values([
    { organizationId: provider.id, email: 'nocode@test.example', passwordHash, permissions: [] },
    {
      organizationId: customer.id,
      email: 'manager@customer.example',
      passwordHash,
      permissions: MASTER_DATA_CODES,
    },
  ]);
  return {
    admin: await signIn(t.app),
    noCode: await signIn(t.app, 'nocode@test.example', PASSWORD),
    customer: await signIn(t.app, 'manager@customer.example', PASSWORD),
  };
}

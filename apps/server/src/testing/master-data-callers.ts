import { signIn, type Session, type TestApp } from './app';
import { makeOrganization, providerIdOf } from './factories';
import { signedInUser } from './users';

const MASTER_DATA_CODES = ['MANAGE_STATE', 'MANAGE_CITY', 'tax_settings', 'dropdown_settings'];

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
  const customer = await makeOrganization(db, { companyName: 'Customer Co', permissions: MASTER_DATA_CODES });
  return {
    admin: await signIn(t.app),
    noCode: await signedInUser(t, { organizationId: await providerIdOf(db), permissions: [] }),
    customer: await signedInUser(t, { organizationId: customer.id, permissions: MASTER_DATA_CODES }),
  };
}

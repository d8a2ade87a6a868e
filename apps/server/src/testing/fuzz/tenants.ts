import { sql } from 'drizzle-orm';
import { PERMISSION_CODES } from '@rms/contracts/permissions';
import { ADMIN, signIn, type Session, type TestApp } from '../app';
import { makeKeyedDevice, makeOrganization, makeUsers, providerIdOf } from '../factories';
import { signInAs } from '../users';
import type { IdPool } from './values';

// Two customer organizations under the provider, each with an owner holding every code the organization
// has and an employee holding a few, and a device. Tenant B's texts carry a marker so that an answer
// to tenant A that shows any of them is caught.

export const B_MARKER = 'tenantb';
/** Only in tenant B's own rows (never in a generated request), so an answer holding it leaked them. */
export const B_SECRET = 'zq9-private-of-b';
const MASTER_DATA_CODES = ['MANAGE_STATE', 'MANAGE_CITY', 'dropdown_settings', 'tax_settings'];
const CUSTOMER_CODES = PERMISSION_CODES.filter((c) => !MASTER_DATA_CODES.includes(c));

export interface Role {
  name: string;
  session: Session | null;
  /** The caller's organization, for the cross-tenant check (null: provider or nobody). */
  tenant: 'A' | null;
}

export interface Tenants {
  roles: Role[];
  pool: IdPool;
  organizationB: number;
}

async function addTenant(t: TestApp, label: string, providerId: number) {
  const db = t.database.db;
  const org = await makeOrganization(db, {
    companyName: `Company ${label} ${label === B_MARKER ? B_SECRET : ''}`.trim(),
    tagline: label === B_MARKER ? B_SECRET : null,
    email: `owner@${label}.example`,
    pan: 'ABCCE1234F',
    permissions: CUSTOMER_CODES,
    parentId: providerId,
    subDomain: label,
  });
  const [owner, staff] = await makeUsers(db, [
    {
      organizationId: org.id,
      email: `owner@${label}.example`,
      permissions: CUSTOMER_CODES,
      isPrimary: true,
      firstName: `Owner ${label}`,
    },
    {
      organizationId: org.id,
      email: `staff@${label}.example`,
      permissions: ['VIEW_RMS', 'VIEW_DEVICE_DATA', 'VIEW_USER'],
      firstName: `Staff ${label}`,
    },
  ]);
  const device = await makeKeyedDevice(db, { code: `RMS-${label}-1`, organizationId: org.id });
  return {
    id: org.id,
    userIds: [owner!.id, staff!.id],
    deviceId: device.id,
    owner: await signInAs(t, owner!),
    staff: await signInAs(t, staff!),
  };
}

export async function makeTenants(t: TestApp): Promise<Tenants> {
  const provider = await providerIdOf(t.database.db);
  const a = await addTenant(t, 'tenanta', provider);
  const b = await addTenant(t, B_MARKER, provider);
  const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  return {
    // The tenant-A roles go first: the provider's requests may delete tenant A's people afterwards.
    roles: [
      { name: 'owner of A', session: a.owner, tenant: 'A' },
      { name: 'employee of A', session: a.staff, tenant: 'A' },
      { name: 'nobody', session: null, tenant: null },
      { name: 'provider super-user', session: admin, tenant: null },
    ],
    pool: {
      ids: [1, 2, a.id, b.id, ...a.userIds, ...b.userIds, a.deviceId, b.deviceId],
      texts: [
        'RMS-tenanta-1',
        `RMS-${B_MARKER}-1`,
        `owner@${B_MARKER}.example`,
        'image/0123456789abcdef0123456789abcdef.png',
        'x',
      ],
    },
    organizationB: b.id,
  };
}

/**
 * A fingerprint of everything organization B owns: its row, and every row of every table with an
 * `organization_id` column that points at it. Equal before and after means nothing of B changed.
 */
export async function fingerprintOf(t: TestApp, organizationId: number): Promise<string> {
  const db = t.database.db;
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  const parts: string[] = [];
  const own = await db.execute(sql`select o::text as row from organizations o where id = ${organizationId}`);
  parts.push(JSON.stringify(rowsOf(own)));
  for (const { table_name } of rowsOf(tables) as { table_name: string }[]) {
    const rows = await db.execute(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash, count(*) as n
          from ${sql.identifier(table_name)} x where organization_id = ${organizationId}`,
    );
    parts.push(`${table_name}:${JSON.stringify(rowsOf(rows))}`);
  }
  return parts.join('\n');
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows: unknown[] }).rows ?? []);
}

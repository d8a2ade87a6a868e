import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVENTORY, type InventoryKind } from '@rms/contracts/inventory';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { organizations } from '../../db/schema/organizations';
import { verifyDevice } from '../../telemetry/device-keys';
import { addDays, today } from '../../calendar';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { listCalls } from '../../testing/list-calls';
import { addOrganizations, addUser } from '../../testing/users';

// Deleted RMS, STLT and pole IDs: listed with is_active=false, restored with PUT is_active true by
// whoever may delete them, and refused (naming the field) when the restore would break a rule.

let t: TestApp;
let admin: Session;
let customer: Session;
let viewer: Session;
let otherCustomer: Session;
let customerOrg: number;

const ALL = ['CREATE_RMS', 'CREATE_STLT', 'CREATE_POLE', 'VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [one, two] = await addOrganizations(t, ALL, 'Customer One', 'Customer Two');
  customerOrg = one!;
  customer = await addUser(t, one!, 'boss@one.example', ALL);
  viewer = await addUser(t, one!, 'viewer@one.example', ['VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE']);
  otherCustomer = await addUser(t, two!, 'boss@two.example', ALL);
});
afterAll(() => t.close());

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

let serial = 0;
describe.each(['rms', 'stlt', 'pole'] as const)('%s: deleted rows', (kind: InventoryKind) => {
  const config = INVENTORY[kind];
  const url = `/api/v1/${config.path}`;
  const calls = listCalls<Record<string, unknown>>(() => t, url);
  const { put, remove } = calls;
  const codes = async (session: Session, query: string) => {
    const body = await calls.listed(session, query);
    return { codes: body.results.map((r) => r[config.idField]), count: body.count };
  };
  /** A new row of the caller's organization; answers its id and ID. */
  async function add(session: Session, code?: string) {
    serial += 1;
    const payload = {
      [config.idField]: code ?? `DEL-${kind}-${serial}`,
      manufacture: 'Surya Power',
      [config.modelField]: 'M-1',
      inventory_date: '2026-01-15',
      remarks: `Lot ${serial}`,
      ...(kind === 'rms' && { expiry_date: dayFrom(365) }),
    };
    const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(session) });
    expect(res.statusCode).toBe(201);
    const row = res.json<Record<string, unknown>>();
    return { id: row.id as number, code: row[config.idField] as string, key: row.device_key as string };
  }
  it('lists only the deleted rows with is_active=false, searched and paged like the list, per organization', async () => {
    const kept = await add(customer);
    const gone = await add(customer);
    const theirs = await add(otherCustomer);
    await remove(customer, gone.id);
    await remove(otherCustomer, theirs.id);

    const deleted = await codes(customer, '?is_active=false&page_size=100');
    expect(deleted.codes).toContain(gone.code);
    expect(deleted.codes).not.toContain(kept.code);
    expect(deleted.codes).not.toContain(theirs.code); // another organization's deleted row
    expect((await codes(customer, '?page_size=100')).codes).not.toContain(gone.code);
    expect((await codes(customer, `?is_active=false&query=${gone.code}`)).codes).toEqual([gone.code]);
    const firstPage = await codes(customer, '?is_active=false&page_size=1');
    expect(firstPage.codes).toHaveLength(1);
    expect(firstPage.count).toBe(deleted.count);
    // The view code reads the deleted list too; the provider sees every organization's.
    expect((await codes(viewer, '?is_active=false&page_size=100')).codes).toContain(gone.code);
    expect((await codes(admin, '?is_active=false&page_size=100')).codes).toEqual(
      expect.arrayContaining([gone.code, theirs.code]),
    );
  });

  it('refuses an is_active that is not true or false, naming it', async () => {
    const res = await t.app.inject({ url: `${url}?is_active=maybe`, headers: bearer(customer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('is_active');
  });

  it('restores with PUT is_active true: back in the list, out of the deleted list', async () => {
    const row = await add(customer);
    await remove(customer, row.id);
    const res = await put(customer, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: config.restored,
      is_active: true,
      [config.idField]: row.code,
    });
    expect((await codes(customer, `?query=${row.code}`)).codes).toEqual([row.code]);
    expect((await codes(customer, `?is_active=false&query=${row.code}`)).codes).toEqual([]);
  });

  it('takes the delete’s permission code (403) and organization scope (404)', async () => {
    const row = await add(customer);
    await remove(customer, row.id);
    expect((await put(viewer, { id: row.id, is_active: true })).statusCode).toBe(403);
    expect((await put(otherCustomer, { id: row.id, is_active: true })).statusCode).toBe(404);
    expect((await codes(customer, `?is_active=false&query=${row.code}`)).codes).toEqual([row.code]);
  });

  it('refuses, naming the ID, when a newer active row took the ID', async () => {
    const old = await add(customer);
    await remove(customer, old.id);
    await add(otherCustomer, old.code.toLowerCase());
    const res = await put(customer, { id: old.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [config.idField]: [config.duplicate] });
    expect((await codes(customer, `?is_active=false&query=${old.code}`)).codes).toEqual([old.code]);
  });

  it('refuses, naming the organization, while the row’s organization is deleted', async () => {
    const [org] = await addOrganizations(t, ALL, `Closing ${kind}`);
    const boss = await addUser(t, org!, `boss-${kind}@closing.example`, ALL);
    const row = await add(boss);
    await remove(boss, row.id);
    await t.database.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, org!));
    const res = await put(admin, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ organization: [RESTORE_MESSAGES.organizationDeleted] });
  });

  it('is_active true on a row that is not deleted is an ordinary edit', async () => {
    const row = await add(customer);
    const res = await put(customer, { id: row.id, is_active: true, remarks: 'Checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: config.updated, remarks: 'Checked' });
  });

  if (kind === 'rms')
    it('a restored RMS device signs in again with the key it had; while deleted it cannot', async () => {
      const row = await add(customer);
      expect(row.key).toBeTruthy();
      await remove(customer, row.id);
      expect(await verifyDevice(t.database.db, row.code, row.key)).toBeNull();
      expect((await put(customer, { id: row.id, is_active: true })).statusCode).toBe(200);
      expect(await verifyDevice(t.database.db, row.code, row.key)).toMatchObject({
        id: row.id,
        organizationId: customerOrg,
      });
    });
});

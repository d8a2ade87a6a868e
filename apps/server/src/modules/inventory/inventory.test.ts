import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY, INVENTORY_MESSAGES, type InventoryKind } from '@rms/contracts/inventory';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { addDays, today } from '../../calendar';

let t: TestApp;
let admin: Session;
let customer: Session;
let clerk: Session;
let viewer: Session;

const ALL = ['CREATE_RMS', 'CREATE_STLT', 'CREATE_POLE', 'VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const org = await makeOrganization(t.database.db, { companyName: 'Customer Lights', permissions: ALL });
  customer = await addUser(t, org.id, 'boss@customer.example', ALL);
  clerk = await addUser(t, org.id, 'clerk@customer.example', []);
  viewer = await addUser(t, org.id, 'viewer@customer.example', ['VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE']);
});
afterAll(() => t.close());

/** A date `days` from today in the deployment's time zone. */
const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

let serial = 0;
function body(kind: InventoryKind, over: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  const { idField, modelField } = INVENTORY[kind];
  return {
    [idField]: `${kind.toUpperCase()}-${serial}`,
    manufacture: 'Surya Power',
    [modelField]: `M-${serial}`,
    inventory_date: '2026-01-15',
    remarks: 'Batch A',
    ...(kind === 'rms' && { expiry_date: dayFrom(365) }),
    ...over,
  };
}

describe.each(['rms', 'stlt', 'pole'] as const)('%s inventory', (kind) => {
  const config = INVENTORY[kind];
  const url = `/api/v1/${config.path}`;
  const post = (session: Session | null, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: session ? bearer(session) : {} });
  const put = (session: Session | null, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, headers: session ? bearer(session) : {} });
  const get = (session: Session | null, query = '') =>
    t.app.inject({ url: `${url}${query}`, headers: session ? bearer(session) : {} });
  const ids = async (session: Session, query = '') =>
    ((await get(session, `?pagination=false${query}`)).json() as Record<string, unknown>[]).map(
      (r) => r[config.idField],
    );

  it('answers 401 without a token and 403 without the code', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await post(null, body(kind))).statusCode).toBe(401);
    expect((await put(null, { id: 1, remarks: 'x' })).statusCode).toBe(401);
    expect((await get(clerk)).statusCode).toBe(403);
    expect((await post(clerk, body(kind))).statusCode).toBe(403);
    expect((await put(clerk, { id: 1, remarks: 'x' })).statusCode).toBe(403);
    // The view code reads but does not write.
    expect((await get(viewer)).statusCode).toBe(200);
    expect((await post(viewer, body(kind))).statusCode).toBe(403);
  });

  it('creates a row owned by the caller’s organization, with the spec message', async () => {
    const payload = body(kind);
    const res = await post(admin, payload);
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row.detail).toBe(config.created);
    expect(row[config.idField]).toBe(payload[config.idField]);
    expect(row[config.modelField]).toBe(payload[config.modelField]);
    expect(row.current_organization.company_name).toBeTruthy();
    expect(row.is_active).toBe(true);
    if (kind === 'rms') expect(row.expiry_date).toBe(payload.expiry_date);
  });

  it('names each missing field with the required message', async () => {
    const res = await post(admin, {});
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors[config.idField]).toEqual([`'${config.idField}' is required!`]);
    expect(errors.manufacture).toEqual(["'manufacture' is required!"]);
    expect(errors[config.modelField]).toEqual([`'${config.modelField}' is required!`]);
    expect(errors.inventory_date).toEqual(["'inventory_date' is required!"]);
    expect(errors.remarks).toEqual(["'remarks' is required!"]);
    if (kind === 'rms') expect(errors.expiry_date).toEqual(["'expiry_date' is required!"]);
    const blank = await post(admin, body(kind, { remarks: '   ' }));
    expect(blank.json().errors.remarks).toEqual(["'remarks' is required!"]);
  });

  if (kind === 'rms') {
    it('refuses an expiry date of today or before, accepts tomorrow', async () => {
      for (const day of [dayFrom(0), dayFrom(-3)]) {
        const res = await post(admin, body(kind, { expiry_date: day }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.expiry_date).toEqual([INVENTORY_MESSAGES.expiryAfterToday]);
      }
      expect((await post(admin, body(kind, { expiry_date: dayFrom(1) }))).statusCode).toBe(201);
    });
  }

  it('refuses a duplicate ID (any case), saving nothing', async () => {
    const first = body(kind);
    expect((await post(admin, first)).statusCode).toBe(201);
    const before = (await ids(admin)).length;
    const code = String(first[config.idField]).toLowerCase();
    const res = await post(customer, body(kind, { [config.idField]: code }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[config.idField]).toEqual([config.duplicate]);
    expect((await ids(admin)).length).toBe(before);
  });

  it('saves one of two simultaneous creates of the same ID, refusing the other', async () => {
    const payload = body(kind);
    const answers = await Promise.all([post(admin, payload), post(admin, payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(refused.json().errors[config.idField]).toEqual([config.duplicate]);
    expect((await ids(admin)).filter((c) => c === payload[config.idField])).toHaveLength(1);
  });

  it('updates fields and refuses renaming to a taken ID', async () => {
    const a = (await post(admin, body(kind))).json();
    const b = (await post(admin, body(kind))).json();
    const res = await put(admin, { id: a.id, remarks: 'Moved to store 2', manufacture: 'Tata' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: config.updated,
      remarks: 'Moved to store 2',
      manufacture: 'Tata',
    });
    const clash = await put(admin, { id: a.id, [config.idField]: b[config.idField] });
    expect(clash.json().errors[config.idField]).toEqual([config.duplicate]);
    expect(
      (await put(admin, { id: a.id, [config.idField]: String(a[config.idField]).toLowerCase() })).statusCode,
    ).toBe(200);
    expect((await put(admin, { id: a.id, remarks: '' })).json().errors.remarks).toEqual([
      "'remarks' is required!",
    ]);
  });

  it('soft-deletes: the row leaves the lists and its ID can be used again', async () => {
    const payload = body(kind);
    const created = (await post(admin, payload)).json();
    const res = await put(admin, {
      id: created.id,
      is_active: false,
      ...(kind === 'rms' && { expiry_date: created.expiry_date }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: INVENTORY_MESSAGES.deleted });
    expect(await ids(admin)).not.toContain(payload[config.idField]);
    expect((await get(admin, `?id=${created.id}`)).json().results).toEqual([]);
    expect((await put(admin, { id: created.id, remarks: 'x' })).statusCode).toBe(404);
    expect((await post(admin, payload)).statusCode).toBe(201);
  });

  it('shows a customer only its own rows and answers 404 for another’s', async () => {
    const theirs = (await post(admin, body(kind))).json();
    const mine = (await post(customer, body(kind))).json();
    expect(mine.current_organization.company_name).toBe('Customer Lights');
    const seen = await ids(customer);
    expect(seen).toContain(mine[config.idField]);
    expect(seen).not.toContain(theirs[config.idField]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine[config.idField], theirs[config.idField]]));
    expect((await get(customer, `?id=${theirs.id}`)).json().results).toEqual([]);
    expect((await put(customer, { id: theirs.id, remarks: 'mine now' })).statusCode).toBe(404);
    expect((await put(customer, { id: theirs.id, is_active: false })).statusCode).toBe(404);
    expect(await ids(admin)).toContain(theirs[config.idField]);
  });

  it('pages by 20 and searches ID, manufacture, model and remarks', async () => {
    const tag = `pg${kind}`;
    for (let i = 0; i < 22; i += 1) {
      expect(
        (await post(admin, body(kind, { [config.idField]: `${tag}-${i}`, remarks: `Lot ${tag}` })))
          .statusCode,
      ).toBe(201);
    }
    const first = (await get(admin, `?query=${tag}`)).json();
    expect(first.count).toBe(22);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(2);
    const second = (await get(admin, `?query=${tag}&page=2`)).json();
    expect(second.results).toHaveLength(2);
    expect(second.next).toBeNull();
    expect((await get(admin, `?query=${tag}-21`)).json().count).toBe(1);
    await post(admin, body(kind, { manufacture: 'Zeta Unique Works', remarks: 'Needle in haystack' }));
    expect((await get(admin, '?query=zeta unique')).json().count).toBe(1);
    expect((await get(admin, '?query=needle IN')).json().count).toBe(1);
    expect((await get(admin, '?query=100%25')).json().count).toBe(0);
  });
});

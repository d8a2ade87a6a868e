import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENT,
  ASSIGNMENT_MESSAGES as M,
  type AssignmentKind,
  type AssignmentRow,
} from '@rms/contracts/assignments';
import { INVENTORY } from '@rms/contracts/inventory';
import { addDays, today } from '../../calendar';
import { assignments } from '../../db/schema/assignments';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { dropdownValues } from '../../db/schema/master-data';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import {
  makeActivation,
  makeDevice,
  makeOrganization,
  makePole,
  makeStlt,
  providerIdOf,
} from '../../testing/factories';
import { addUser } from '../../testing/users';

// Provider (admin) → customer Buyer → Buyer's client; a third customer Other never sees their items.

let t: TestApp;
let admin: Session;
let providerId: number;
let buyerId: number;
let clientId: number;
let otherId: number;
let buyerBoss: Session; // assigns and views in Buyer
let buyerViewer: Session; // views only
let clientViewer: Session;
let otherBoss: Session;
let noCodes: Session;

const CODES = ['ASSIGN_RMS', 'ASSIGN_STLT', 'ASSIGN_POLE', 'VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE'];
const VIEW = ['VIEW_RMS', 'VIEW_STLT', 'VIEW_POLE'];
const TABLES = { rms: rmsDevices, stlt: stlts, pole: poles };

async function addOrganization(companyName: string, parentId: number): Promise<number> {
  return (await makeOrganization(t.database.db, { companyName, permissions: CODES, parentId })).id;
}

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

let serial = 0;
async function addItem(kind: AssignmentKind, organizationId = providerId) {
  serial += 1;
  const fields = { code: `${kind.toUpperCase()}-A${serial}`, organizationId };
  const db = t.database.db;
  const row =
    kind === 'rms'
      ? await makeDevice(db, { ...fields, expiryDate: dayFrom(30) })
      : await (kind === 'stlt' ? makeStlt : makePole)(db, fields);
  return { id: row.id, code: row.code };
}

async function ownerOf(kind: AssignmentKind, id: number) {
  const [row] = await t.database.db
    .select({ organizationId: TABLES[kind].organizationId })
    .from(TABLES[kind])
    .where(eq(TABLES[kind].id, id));
  return row!.organizationId;
}

const historyCount = async () => (await t.database.db.select().from(assignments)).length;

function bodyOf(kind: AssignmentKind, item: number, over: Record<string, unknown> = {}) {
  return {
    buyer: buyerId,
    [ASSIGNMENT[kind].itemField]: item,
    expiry_date: dayFrom(365),
    ...(kind === 'rms' && { device_type: 'RMS 12V GSM' }),
    ...over,
  };
}

const url = (kind: AssignmentKind, rest = '') => `/api/v1/${ASSIGNMENT[kind].path}${rest}`;
const post = (kind: AssignmentKind, session: Session | null, payload: object) =>
  t.app.inject({ method: 'POST', url: url(kind), payload, headers: session ? bearer(session) : {} });
const get = (session: Session | null, path: string) =>
  t.app.inject({ url: path, headers: session ? bearer(session) : {} });

/** The IDs of an inventory list as the session sees them. */
async function seenIds(kind: AssignmentKind, session: Session): Promise<string[]> {
  const res = await get(session, `/api/v1/${INVENTORY[kind].path}?pagination=false`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Record<string, string>[]).map((r) => r[INVENTORY[kind].idField]!);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  providerId = await providerIdOf(t.database.db);
  buyerId = await addOrganization('Buyer', providerId);
  clientId = await addOrganization('Client', buyerId);
  otherId = await addOrganization('Other', providerId);
  buyerBoss = await addUser(t, buyerId, 'boss@buyer.example', CODES);
  buyerViewer = await addUser(t, buyerId, 'viewer@buyer.example', VIEW);
  clientViewer = await addUser(t, clientId, 'viewer@client.example', VIEW);
  otherBoss = await addUser(t, otherId, 'boss@other.example', CODES);
  noCodes = await addUser(t, buyerId, 'nobody@buyer.example', []);
});
afterAll(() => t.close());

describe.each(['rms', 'stlt', 'pole'] as const)('%s assignment access', (kind) => {
  it('answers 401 without a token and 403 without the assign code, on every route', async () => {
    const item = await addItem(kind);
    for (const path of [url(kind), url(kind, 'items/')]) {
      expect((await get(null, path)).statusCode).toBe(401);
      expect((await get(noCodes, path)).statusCode).toBe(403);
      expect((await get(buyerViewer, path)).statusCode).toBe(403);
    }
    expect((await post(kind, null, bodyOf(kind, item.id))).statusCode).toBe(401);
    expect((await post(kind, noCodes, bodyOf(kind, item.id))).statusCode).toBe(403);
    expect((await post(kind, buyerViewer, bodyOf(kind, item.id))).statusCode).toBe(403);
    expect(await ownerOf(kind, item.id)).toBe(providerId);
  });
});

describe.each(['rms', 'stlt', 'pole'] as const)('%s assignment', (kind) => {
  const config = ASSIGNMENT[kind];

  it('moves the item into the buyer organization and records it', async () => {
    const item = await addItem(kind);
    expect(await seenIds(kind, admin)).toContain(item.code);
    expect(await seenIds(kind, buyerViewer)).not.toContain(item.code);
    const res = await post(kind, admin, bodyOf(kind, item.id));
    expect(res.statusCode).toBe(201);
    const row = res.json<AssignmentRow & { detail: string }>();
    expect(row.detail).toBe(config.assigned);
    expect(row).toMatchObject({
      kind,
      item: item.id,
      item_code: item.code,
      from_organization: { id: providerId },
      buyer: { id: buyerId, company_name: 'Buyer' },
      expiry_date: dayFrom(365),
      device_type: kind === 'rms' ? 'RMS 12V GSM' : null,
    });
    expect(row.assigned_by?.id).toBeTruthy();
    expect(await ownerOf(kind, item.id)).toBe(buyerId);

    // The buyer's users see it now; a third customer never does; the provider still does.
    expect(await seenIds(kind, buyerViewer)).toContain(item.code);
    expect(await seenIds(kind, otherBoss)).not.toContain(item.code);
    expect(await seenIds(kind, admin)).toContain(item.code);

    // History: the provider and the buyer see the row, the third customer not.
    const history = async (s: Session) =>
      (await get(s, `${url(kind)}?pagination=false`)).json<AssignmentRow[]>().map((r) => r.id);
    expect(await history(admin)).toContain(row.id);
    expect(await history(buyerBoss)).toContain(row.id);
    expect(await history(otherBoss)).not.toContain(row.id);
    const paged = (await get(admin, `${url(kind)}?query=${item.code}`)).json();
    expect(paged).toMatchObject({ count: 1, current: 1, next: null });
    expect(paged.results[0].id).toBe(row.id);

    if (kind === 'rms') {
      const [device] = await t.database.db
        .select({ expiry: rmsDevices.expiryDate })
        .from(rmsDevices)
        .where(eq(rmsDevices.id, item.id));
      expect(device!.expiry).toBe(dayFrom(365));
    }
  });

  it('lets the buyer pass the item on to its client: the buyer no longer sees it, the client does', async () => {
    const item = await addItem(kind, buyerId);
    expect(await seenIds(kind, buyerViewer)).toContain(item.code);
    const res = await post(kind, buyerBoss, bodyOf(kind, item.id, { buyer: clientId }));
    expect(res.statusCode).toBe(201);
    expect(await seenIds(kind, buyerViewer)).not.toContain(item.code);
    expect(await seenIds(kind, clientViewer)).toContain(item.code);
    expect(await seenIds(kind, otherBoss)).not.toContain(item.code);
  });

  it('lists as assignable only items the caller holds, active and not activated', async () => {
    const mine = await addItem(kind);
    const theirs = await addItem(kind, buyerId);
    const deleted = await addItem(kind);
    await t.database.db.update(TABLES[kind]).set({ isActive: false }).where(eq(TABLES[kind].id, deleted.id));
    const activated = await addItem(kind);
    await activate(kind, activated.id);
    const codes = async (s: Session, q = '') =>
      (await get(s, `${url(kind, 'items/')}?pagination=false${q}`))
        .json<{ code: string }[]>()
        .map((r) => r.code);
    const adminCodes = await codes(admin);
    expect(adminCodes).toContain(mine.code);
    expect(adminCodes).not.toContain(theirs.code);
    expect(adminCodes).not.toContain(deleted.code);
    expect(adminCodes).not.toContain(activated.code);
    expect(await codes(buyerBoss)).toContain(theirs.code);
    expect(await codes(buyerBoss)).not.toContain(mine.code);
    expect(await codes(admin, `&query=${mine.code}`)).toEqual([mine.code]);
  });

  it('names each missing field, saving nothing', async () => {
    const before = await historyCount();
    const res = await post(kind, admin, {});
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.buyer).toEqual(["'buyer' is required!"]);
    expect(errors[config.itemField]).toEqual([`'${config.itemField}' is required!`]);
    expect(errors.expiry_date).toEqual(["'expiry_date' is required!"]);
    if (kind === 'rms') expect(errors.device_type).toEqual(["'device_type' is required!"]);
    expect(await historyCount()).toBe(before);
  });

  it('refuses each bad input with its field, saving nothing', async () => {
    const item = await addItem(kind);
    const before = await historyCount();
    const refused = async (payload: object, field: string, message: string, session = admin) => {
      const res = await post(kind, session, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    };
    await refused(bodyOf(kind, item.id, { buyer: 999_999 }), 'buyer', M.buyerUnknown);
    await refused(bodyOf(kind, item.id, { buyer: providerId }), 'buyer', M.buyerOwn);
    await refused(bodyOf(kind, item.id, { expiry_date: dayFrom(0) }), 'expiry_date', M.expiryAfterToday);
    await refused(bodyOf(kind, item.id, { expiry_date: dayFrom(-5) }), 'expiry_date', M.expiryAfterToday);
    const garbled = await post(kind, admin, bodyOf(kind, item.id, { expiry_date: 'soon' }));
    expect(garbled.json().errors.expiry_date).toContain("'expiry_date' must be a date (YYYY-MM-DD)");
    if (kind === 'rms')
      await refused(bodyOf(kind, item.id, { device_type: 'Toaster' }), 'device_type', M.deviceTypeUnknown);
    // A customer may assign only to organizations it sees (itself and its clients).
    const held = await addItem(kind, buyerId);
    await refused(bodyOf(kind, held.id, { buyer: otherId }), 'buyer', M.buyerUnknown, buyerBoss);
    // The provider sees a customer's item but does not hold it.
    await refused(bodyOf(kind, held.id, { buyer: otherId }), config.itemField, M.itemNotAssignable);
    // An activated item stays where it is.
    const activated = await addItem(kind);
    await activate(kind, activated.id);
    await refused(bodyOf(kind, activated.id), config.itemField, M.itemNotAssignable);

    expect(await historyCount()).toBe(before);
    expect(await ownerOf(kind, item.id)).toBe(providerId);
    expect(await ownerOf(kind, held.id)).toBe(buyerId);
    expect(await ownerOf(kind, activated.id)).toBe(providerId);
  });

  it('answers 404 for an item outside the caller’s scope or deleted', async () => {
    const theirs = await addItem(kind, otherId);
    expect((await post(kind, buyerBoss, bodyOf(kind, theirs.id, { buyer: clientId }))).statusCode).toBe(404);
    expect((await post(kind, admin, bodyOf(kind, 999_999))).statusCode).toBe(404);
    const deleted = await addItem(kind);
    await t.database.db.update(TABLES[kind]).set({ isActive: false }).where(eq(TABLES[kind].id, deleted.id));
    expect((await post(kind, admin, bodyOf(kind, deleted.id))).statusCode).toBe(404);
    expect(await ownerOf(kind, theirs.id)).toBe(otherId);
  });

  it('moves an item once when two assignments of it arrive at the same time', async () => {
    const item = await addItem(kind);
    const answers = await Promise.all([
      post(kind, admin, bodyOf(kind, item.id, { buyer: buyerId })),
      post(kind, admin, bodyOf(kind, item.id, { buyer: otherId })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const won = answers.find((r) => r.statusCode === 201)!.json<AssignmentRow>();
    expect(await ownerOf(kind, item.id)).toBe(won.buyer.id);
    const rows = await t.database.db.select().from(assignments).where(eq(assignments.itemId, item.id));
    expect(rows.filter((r) => r.kind === kind)).toHaveLength(1);
  });
});

describe('RMS device type', () => {
  it('takes only enabled values of the Device Type group, in any case', async () => {
    const item = await addItem('rms');
    const [value] = await t.database.db
      .update(dropdownValues)
      .set({ isDisabled: true })
      .where(eq(dropdownValues.value, 'RMS 12V NB-IoT'))
      .returning();
    expect(value).toBeTruthy();
    const off = await post('rms', admin, bodyOf('rms', item.id, { device_type: 'RMS 12V NB-IoT' }));
    expect(off.statusCode).toBe(400);
    expect(off.json().errors.device_type).toEqual([M.deviceTypeUnknown]);
    // A value of another group is not a device type.
    const other = await post('rms', admin, bodyOf('rms', item.id, { device_type: 'Airtel' }));
    expect(other.json().errors.device_type).toEqual([M.deviceTypeUnknown]);
    const ok = await post('rms', admin, bodyOf('rms', item.id, { device_type: 'rms 24v' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().device_type).toBe('RMS 24V');
  });
});

async function activate(kind: AssignmentKind, itemId: number) {
  const item = { rms: { deviceId: itemId }, stlt: { stltId: itemId }, pole: { poleId: itemId } }[kind];
  await makeActivation(t.database.db, { ...item, organizationId: providerId });
}

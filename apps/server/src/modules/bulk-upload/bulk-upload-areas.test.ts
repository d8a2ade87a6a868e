import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { ACTIVATION_MESSAGES } from '@rms/contracts/activations';
import { ASSIGNMENT_MESSAGES } from '@rms/contracts/assignments';
import { BULK_AREAS, BULK_MESSAGES as B, type BulkAreaName } from '@rms/contracts/bulk-upload';
import { PIN_MESSAGE } from '@rms/contracts/fields';
import { addDays, today } from '../../calendar';
import { activations } from '../../db/schema/activations';
import { assignments } from '../../db/schema/assignments';
import { rmsDevices, stlts } from '../../db/schema/inventory';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeDevices, makeOrganization, makeStlts } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { bulkSaved, storeSheet, xlsx } from '../../testing/sheets';

// The assignment and activation areas: rows name a buyer e-mail, item IDs, a state and a city, which
// the upload resolves set-based and checks with the single forms' rules; all rows or none are saved.
// Seller (customer) → Buyer (its client, the samples' buyer@example.com); Other is unrelated.

let t: TestApp;
let seller: Session;
let sellerId: number;
let buyer: Session;
let buyerId: number;
let otherId: number;

const CODES = [
  'CREATE_RMS',
  'CREATE_STLT',
  'CREATE_POLE',
  'VIEW_RMS',
  'VIEW_STLT',
  'VIEW_POLE',
  'ASSIGN_RMS',
  'ASSIGN_STLT',
  'ASSIGN_POLE',
  'DEVICE_ACTIVATION',
  'VIEW_DEVICE_ACTIVATION',
];

async function addOrganization(companyName: string, email: string, parentId: number | null) {
  return (await makeOrganization(t.database.db, { companyName, email, permissions: CODES, parentId })).id;
}

beforeAll(async () => {
  t = await createTestApp();
  sellerId = await addOrganization('Seller', 'seller@example.com', null);
  buyerId = await addOrganization('Buyer', 'buyer@example.com', sellerId);
  otherId = await addOrganization('Other', 'other@example.com', null);
  seller = await addUser(t, sellerId, 'boss@seller.example', CODES);
  buyer = await addUser(t, buyerId, 'boss@buyer.example', CODES);
});
afterAll(() => t.close());

const headers = (area: BulkAreaName) => BULK_AREAS[area].columns.map((c) => c.header);

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

async function upload(area: BulkAreaName, body: Buffer, session: Session) {
  const key = await storeSheet(t.app, session, body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS[area].path}`,
    headers: bearer(session),
    payload: { report_upload: key },
  });
}

async function sample(area: BulkAreaName): Promise<Buffer> {
  const res = await t.app.inject({ url: `/samples/${area}.xlsx` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** `n` RMS devices and STLTs named `<prefix>-RMS-<i>` / `<prefix>-STLT-<i>` in the organization. */
async function addItems(prefix: string, n: number, organizationId: number) {
  const each = Array.from({ length: n }, (_, i) => i);
  const expiryDate = dayFrom(30);
  await makeDevices(
    t.database.db,
    each.map((i) => ({ code: `${prefix}-RMS-${i}`, organizationId, expiryDate })),
  );
  await makeStlts(
    t.database.db,
    each.map((i) => ({ code: `${prefix}-STLT-${i}`, organizationId })),
  );
}

async function ownerOf(code: string) {
  const [row] = await t.database.db
    .select({ organizationId: rmsDevices.organizationId })
    .from(rmsDevices)
    .where(eq(rmsDevices.code, code));
  return row?.organizationId;
}

describe('samples', () => {
  it('assign RMS, STLT and pole samples move the inventory samples; the activation sample activates them', async () => {
    for (const kind of ['rms', 'stlt', 'pole'] as const) {
      expect((await upload(kind, await sample(kind), seller)).statusCode).toBe(200);
    }
    for (const area of ['assign_rms', 'assign_stlt', 'assign_pole'] as const) {
      const saved = await upload(area, await sample(area), seller);
      expect(saved.json()).toEqual(bulkSaved(area, 1));
    }
    expect(await ownerOf('RMS-SAMPLE-0001')).toBe(buyerId);
    const history = await t.app.inject({ url: '/api/v1/devices/assign_rms/', headers: bearer(seller) });
    expect(history.json().results[0]).toMatchObject({
      item_code: 'RMS-SAMPLE-0001',
      buyer: { id: buyerId },
      device_type: 'RMS 12V',
    });

    const activated = await upload('activation', await sample('activation'), buyer);
    expect(activated.json()).toEqual(bulkSaved('activation', 1));
    const list = await t.app.inject({ url: '/api/v1/devices/activation/', headers: bearer(buyer) });
    expect(list.json().results[0]).toMatchObject({
      name: 'Sample Project',
      device_data: { device_id: 'RMS-SAMPLE-0001' },
      pole_data: { pole_id: 'POLE-SAMPLE-0001' },
      state_data: { name: 'Karnataka' },
      city_data: { name: 'Bengaluru' },
      pin: '560001',
      latitude: 12.9716,
    });
  });
});

const assignRow = (email: string, code: string, over: { expiry?: string; type?: string } = {}) => [
  email,
  code,
  over.expiry ?? dayFrom(365),
  over.type ?? 'rms 24v',
];

describe('assign RMS bulk upload', () => {
  it('saves none when rows are bad, naming each row and column', async () => {
    await addItems('AS', 40, sellerId);
    await addItems('OTHER', 1, otherId);
    const rows = Array.from({ length: 40 }, (_, i) => assignRow('Buyer@Example.com', `AS-RMS-${i}`));
    rows[3] = assignRow('nobody@example.com', 'AS-RMS-3');
    rows[7] = assignRow('buyer@example.com', 'NO-SUCH-RMS');
    rows[9] = assignRow('buyer@example.com', 'OTHER-RMS-0');
    rows[11] = assignRow('buyer@example.com', 'AS-RMS-11', { expiry: dayFrom(0) });
    rows[13] = assignRow('buyer@example.com', 'AS-RMS-13', { type: 'Toaster' });
    rows[15] = assignRow('seller@example.com', 'AS-RMS-15');
    rows[17] = assignRow('buyer@example.com', 'as-rms-0');
    rows[19] = assignRow('', 'AS-RMS-19');
    const res = await upload('assign_rms', await xlsx([headers('assign_rms'), ...rows]), seller);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      { row: 5, error: B.notFound('Buyer E-mail', 'nobody@example.com') },
      { row: 9, error: B.notFound('RMS ID', 'NO-SUCH-RMS') },
      { row: 11, error: B.notFound('RMS ID', 'OTHER-RMS-0') },
      { row: 13, error: ASSIGNMENT_MESSAGES.expiryAfterToday },
      { row: 15, error: B.about('Device Type', 'Toaster', ASSIGNMENT_MESSAGES.deviceTypeUnknown) },
      { row: 17, error: B.about('Buyer E-mail', 'seller@example.com', ASSIGNMENT_MESSAGES.buyerOwn) },
      { row: 19, error: B.duplicateInFile('RMS ID', 2) },
      { row: 21, error: expect.stringContaining('valid Email') },
    ]);
    const moved = await t.database.db
      .select({ n: count() })
      .from(rmsDevices)
      .where(and(eq(rmsDevices.organizationId, buyerId), inArray(rmsDevices.code, ['AS-RMS-0', 'AS-RMS-1'])));
    expect(moved[0]!.n).toBe(0);
  });

  it('moves every item into the buyer with a history row each; activated items are refused', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => assignRow('buyer@example.com', `AS-RMS-${i}`));
    const res = await upload('assign_rms', await xlsx([headers('assign_rms'), ...rows]), seller);
    expect(res.json()).toEqual(bulkSaved('assign_rms', 30));
    expect(await ownerOf('AS-RMS-29')).toBe(buyerId);
    const [history] = await t.database.db
      .select({ n: count() })
      .from(assignments)
      .where(and(eq(assignments.kind, 'rms'), eq(assignments.toOrganizationId, buyerId)));
    expect(history!.n).toBeGreaterThanOrEqual(30);
    const [row] = await t.database.db.select().from(rmsDevices).where(eq(rmsDevices.code, 'AS-RMS-0'));
    expect(row!.expiryDate).toBe(dayFrom(365));

    // An activated item of the seller cannot be assigned.
    const activate = await upload(
      'activation',
      await xlsx([headers('activation'), activationRow(0, { device: 'AS-RMS-30', stlt: 'AS-STLT-30' })]),
      seller,
    );
    expect(activate.statusCode).toBe(200);
    const refused = await upload(
      'assign_rms',
      await xlsx([headers('assign_rms'), assignRow('buyer@example.com', 'AS-RMS-30')]),
      seller,
    );
    expect(refused.json().detail).toEqual([
      { row: 2, error: B.about('RMS ID', 'AS-RMS-30', ASSIGNMENT_MESSAGES.itemNotAssignable) },
    ]);
  });

  it('assigns STLTs without a device type column', async () => {
    const res = await upload(
      'assign_stlt',
      await xlsx([headers('assign_stlt'), ['buyer@example.com', 'AS-STLT-0', dayFrom(10)]]),
      seller,
    );
    expect(res.json()).toEqual(bulkSaved('assign_stlt', 1));
  });
});

function activationRow(i: number, over: Record<string, string> = {}) {
  const row: Record<string, string> = {
    name: `Project ${i % 7}`,
    device: `ACT-RMS-${i}`,
    stlt: `ACT-STLT-${i}`,
    pole: '',
    address1: `${i} MG Road`,
    address2: 'Ward 4',
    state: 'karnataka',
    city: 'Mysuru',
    pin: '570001',
    panel_id: `PNL-${i}`,
    battery_id: '',
    latitude: '12.3',
    longitude: '76.6',
    ...over,
  };
  return BULK_AREAS.activation.columns.map((c) => row[c.key]);
}

describe('activation bulk upload', () => {
  it('saves none when rows are bad, naming each row and column', async () => {
    await addItems('ACT', 20, sellerId);
    await addItems('OACT', 1, otherId);
    const rows = Array.from({ length: 20 }, (_, i) => activationRow(i));
    rows[1] = activationRow(1, { state: 'Atlantis' });
    rows[2] = activationRow(2, { city: 'Pune' });
    rows[3] = activationRow(3, { pin: '12' });
    rows[4] = activationRow(4, { device: 'ACT-RMS-0' });
    rows[5] = activationRow(5, { stlt: 'OACT-STLT-0' });
    rows[6] = activationRow(6, { device: 'RMS-SAMPLE-0001' }); // the buyer's, activated
    rows[7] = activationRow(7, { name: '' });
    rows[8] = activationRow(8, { latitude: '95' });
    const res = await upload('activation', await xlsx([headers('activation'), ...rows]), seller);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      { row: 3, error: B.notFound('State', 'Atlantis') },
      { row: 4, error: B.about('City', 'Pune', ACTIVATION_MESSAGES.cityOfState) },
      { row: 5, error: PIN_MESSAGE },
      { row: 6, error: B.duplicateInFile('RMS ID', 2) },
      { row: 7, error: B.notFound('STLT ID', 'OACT-STLT-0') },
      { row: 8, error: B.notFound('RMS ID', 'RMS-SAMPLE-0001') },
      { row: 9, error: "'Project Name' is required!" },
      { row: 10, error: ACTIVATION_MESSAGES.latitude },
    ]);
    const [saved] = await t.database.db
      .select({ n: count() })
      .from(activations)
      .where(eq(activations.organizationId, sellerId));
    expect(saved!.n).toBe(1); // the one activated in the assignment test
  });

  it('saves a sheet with only the required cells filled: device, STLT, pole, panel and battery are optional (spec 02 §5)', async () => {
    const only = {
      name: 'Street Only',
      address1: '1 Ring Road',
      address2: 'Ward 9',
      state: 'Karnataka',
      city: 'Bengaluru',
      pin: '560001',
    };
    const blankRow = BULK_AREAS.activation.columns.map((c) =>
      c.key in only ? only[c.key as keyof typeof only] : '',
    );
    const res = await upload('activation', await xlsx([headers('activation'), blankRow]), buyer);
    expect(res.json()).toEqual(bulkSaved('activation', 1));
    const [saved] = await t.database.db
      .select()
      .from(activations)
      .where(eq(activations.address1, '1 Ring Road'));
    expect(saved).toMatchObject({
      deviceId: null,
      stltId: null,
      poleId: null,
      panelId: null,
      batteryId: null,
      latitude: null,
    });

    // The optional columns may also be left out of the header row.
    const required = BULK_AREAS.activation.columns.filter((c) => c.required);
    const short = await upload(
      'activation',
      await xlsx([
        required.map((c) => c.header),
        required.map((c) => (c.key === 'address1' ? '2 Ring Road' : only[c.key as keyof typeof only])),
      ]),
      buyer,
    );
    expect(short.json()).toEqual(bulkSaved('activation', 1));
  });

  it('refuses a header row that lacks an optional column and holds a name it does not take', async () => {
    // "Panel No" is most likely the Panel ID column misspelt: its cells would be lost without a word.
    const columns = BULK_AREAS.activation.columns.filter((c) => c.key !== 'panel_id');
    const res = await upload(
      'activation',
      await xlsx([
        [...columns.map((c) => c.header), 'Panel No'],
        [...activationRow(0).slice(0, columns.length), 'PNL-9'],
      ]),
      seller,
    );
    expect(res.json()).toEqual({ detail: [{ row: 1, error: B.unknownColumns(['Panel No'], ['Panel ID']) }] });
  });

  it('refuses an STLT ID outside the id grammar, as the STLT form does', async () => {
    const res = await upload(
      'activation',
      await xlsx([headers('activation'), activationRow(0, { stlt: 'st/1' })]),
      seller,
    );
    expect(res.json().detail).toEqual([
      { row: 2, error: expect.stringMatching(/'STLT ID' may hold only letters/) },
    ]);
  });

  it('refuses an item already activated', async () => {
    const res = await upload(
      'activation',
      await xlsx([
        headers('activation'),
        activationRow(0, { device: 'RMS-SAMPLE-0001', stlt: 'STLT-SAMPLE-0001' }),
      ]),
      buyer,
    );
    expect(res.json().detail).toEqual([
      {
        row: 2,
        error: [
          B.about('RMS ID', 'RMS-SAMPLE-0001', ACTIVATION_MESSAGES.deviceTaken),
          B.about('STLT ID', 'STLT-SAMPLE-0001', ACTIVATION_MESSAGES.stltTaken),
        ].join('; '),
      },
    ]);
  });

  it('activates 10,000 rows in one upload', { timeout: 240_000 }, async () => {
    const n = 10_000;
    await addItems('BIG', n, sellerId);
    const rows = Array.from({ length: n }, (_, i) =>
      activationRow(i, { device: `BIG-RMS-${i}`, stlt: `BIG-STLT-${i}` }),
    );
    const sheet = await xlsx([headers('activation'), ...rows]);
    const res = await upload('activation', sheet, seller);
    expect(res.json()).toEqual(bulkSaved('activation', n));
    const [saved] = await t.database.db
      .select({ n: count() })
      .from(activations)
      .where(eq(activations.organizationId, sellerId));
    expect(saved!.n).toBe(n + 1);
  });

  it('assigns 10,000 STLTs in one upload', { timeout: 240_000 }, async () => {
    const n = 10_000;
    await addItems('BIGA', n, sellerId);
    const rows = Array.from({ length: n }, (_, i) => ['buyer@example.com', `BIGA-STLT-${i}`, dayFrom(30)]);
    const sheet = await xlsx([headers('assign_stlt'), ...rows]);
    const res = await upload('assign_stlt', sheet, seller);
    expect(res.json()).toEqual(bulkSaved('assign_stlt', n));
    const [moved] = await t.database.db
      .select({ n: count() })
      .from(stlts)
      .where(eq(stlts.organizationId, buyerId));
    expect(moved!.n).toBeGreaterThanOrEqual(n);
  });
});

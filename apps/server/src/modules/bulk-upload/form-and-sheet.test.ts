import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACTIVATION_MESSAGES } from '@rms/contracts/activations';
import { ASSIGNMENT_MESSAGES } from '@rms/contracts/assignments';
import { BULK_AREAS, BULK_MESSAGES as B, type BulkAreaName } from '@rms/contracts/bulk-upload';
import { INVENTORY, INVENTORY_MESSAGES } from '@rms/contracts/inventory';
import { MSISDN_MESSAGES } from '@rms/contracts/msisdn';
import { today } from '../../calendar';
import { cities, states } from '../../db/schema/master-data';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { storeSheet, xlsx } from '../../testing/sheets';
import { addUser } from '../../testing/users';

// A form and a sheet share their area's rules: an input the single create refuses is refused by the
// sheet with the form's message (quoted with the cell's text where the column names a thing), for every
// area. Each case is one input, given as the form's body and as the sheet's row.

let t: TestApp;
let seller: Session;
let sellerId: number;
let buyerId: number;
const ids = { rms: 0, stlt: 0, pole: 0, activated: 0, state: 0, city: 0 };

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

/** The single create's path: the area's bulk path without its `bulk_upload/`. */
const formUrl = (area: BulkAreaName) => `/api/v1/${BULK_AREAS[area].path.replace(/bulk_upload\/$/, '')}`;

async function create(area: BulkAreaName, body: object) {
  return t.app.inject({ method: 'POST', url: formUrl(area), headers: bearer(seller), payload: body });
}

async function made(area: BulkAreaName, body: object): Promise<number> {
  const res = await create(area, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const day = () => today(t.config.timeZone);
const nextYear = () => `${Number(day().slice(0, 4)) + 1}${day().slice(4)}`;
const inventory = { manufacture: 'Surya', inventory_date: '2026-01-15', remarks: 'Batch F' };
const mapping = { sim_number: '8991000000000000777', imsi: '404450000000777', msisdn: '919800000777' };

beforeAll(async () => {
  t = await createTestApp();
  const [seller_, buyer_] = await t.database.db
    .insert(organizations)
    .values([
      { companyName: 'Form Seller', email: 'seller@form.example', permissions: CODES },
      { companyName: 'Form Buyer', email: 'buyer@form.example', permissions: CODES },
    ])
    .returning({ id: organizations.id });
  sellerId = seller_!.id;
  buyerId = buyer_!.id;
  await t.database.db.update(organizations).set({ parentId: sellerId }).where(eq(organizations.id, buyerId));
  seller = await addUser(t, sellerId, 'boss@form.example', CODES);

  ids.rms = await made('rms', { device_id: 'FS-RMS-1', model: 'M1', expiry_date: nextYear(), ...inventory });
  ids.activated = await made('rms', {
    device_id: 'FS-RMS-2',
    model: 'M1',
    expiry_date: nextYear(),
    ...inventory,
  });
  ids.stlt = await made('stlt', { stlt_id: 'FS-STLT-1', model_no: 'S1', ...inventory });
  ids.pole = await made('pole', { pole_id: 'FS-POLE-1', model: 'P1', ...inventory });
  await made('msisdn', mapping);
  const [place] = await t.database.db
    .select({ state: states.id, city: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, 'Karnataka'), eq(cities.name, 'Bengaluru')));
  ids.state = place!.state;
  ids.city = place!.city;
  await made('activation', { ...site(), device: ids.activated, state: ids.state, city: ids.city });
});
afterAll(() => t.close());

const site = () => ({ name: 'Form Project', address1: '1 MG Road', address2: 'Ward 1', pin: '560001' });

interface Case {
  area: BulkAreaName;
  /** The form field the rule refuses, and the form's message. */
  field: string;
  message: string;
  form: () => object;
  /** The same input as the sheet's cells, by column key. */
  sheet: () => Record<string, string>;
}

const CASES: Case[] = [
  {
    area: 'rms',
    field: 'expiry_date',
    message: INVENTORY_MESSAGES.expiryAfterToday,
    form: () => ({ device_id: 'FS-RMS-9', model: 'M1', expiry_date: day(), ...inventory }),
    sheet: () => ({ device_id: 'FS-RMS-9', model: 'M1', expiry_date: day(), ...inventory }),
  },
  {
    area: 'stlt',
    field: 'stlt_id',
    message: INVENTORY.stlt.duplicate,
    form: () => ({ stlt_id: 'fs-stlt-1', model_no: 'S1', ...inventory }),
    sheet: () => ({ stlt_id: 'fs-stlt-1', model_no: 'S1', ...inventory }),
  },
  {
    area: 'pole',
    field: 'pole_id',
    message: INVENTORY.pole.duplicate,
    form: () => ({ pole_id: 'FS-POLE-1', model: 'P1', ...inventory }),
    sheet: () => ({ pole_id: 'FS-POLE-1', model: 'P1', ...inventory }),
  },
  {
    area: 'msisdn',
    field: 'imsi',
    message: MSISDN_MESSAGES.imsiTaken,
    form: () => ({ ...mapping, sim_number: '8991000000000000778', msisdn: '919800000778' }),
    sheet: () => ({ ...mapping, sim_number: '8991000000000000778', msisdn: '919800000778' }),
  },
  {
    area: 'assign_rms',
    field: 'device_type',
    message: ASSIGNMENT_MESSAGES.deviceTypeUnknown,
    form: () => ({ buyer: buyerId, device: ids.rms, expiry_date: nextYear(), device_type: 'Toaster' }),
    sheet: () => ({
      buyer_email: 'buyer@form.example',
      item: 'FS-RMS-1',
      expiry_date: nextYear(),
      device_type: 'Toaster',
    }),
  },
  {
    area: 'assign_stlt',
    field: 'expiry_date',
    message: ASSIGNMENT_MESSAGES.expiryAfterToday,
    form: () => ({ buyer: buyerId, stlt: ids.stlt, expiry_date: day() }),
    sheet: () => ({ buyer_email: 'buyer@form.example', item: 'FS-STLT-1', expiry_date: day() }),
  },
  {
    area: 'assign_pole',
    field: 'buyer',
    message: ASSIGNMENT_MESSAGES.buyerOwn,
    form: () => ({ buyer: sellerId, pole: ids.pole, expiry_date: nextYear() }),
    sheet: () => ({ buyer_email: 'seller@form.example', item: 'FS-POLE-1', expiry_date: nextYear() }),
  },
  {
    area: 'activation',
    field: 'device',
    message: ACTIVATION_MESSAGES.deviceTaken,
    form: () => ({ ...site(), device: ids.activated, state: ids.state, city: ids.city }),
    sheet: () => ({ ...site(), device: 'FS-RMS-2', state: 'Karnataka', city: 'Bengaluru' }),
  },
];

describe('a form and a sheet share their rules', () => {
  it('covers every area', () => {
    expect(CASES.map((c) => c.area).sort()).toEqual(Object.keys(BULK_AREAS).sort());
  });

  it.each(CASES)('$area: the sheet refuses what the form refuses, with its message', async (c) => {
    const form = await create(c.area, c.form());
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ detail: c.message, errors: { [c.field]: [c.message] } });

    const { columns } = BULK_AREAS[c.area];
    const cells = c.sheet();
    const key = await storeSheet(
      t.app,
      seller,
      await xlsx([columns.map((col) => col.header), columns.map((col) => cells[col.key] ?? '')]),
    );
    const sheet = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${BULK_AREAS[c.area].path}`,
      headers: bearer(seller),
      payload: { report_upload: key },
    });
    const column = columns.find((col) => col.formField === c.field)!;
    const error = column.named ? B.about(column.header, cells[column.key]!, c.message) : c.message;
    expect(sheet.statusCode).toBe(400);
    expect(sheet.json()).toEqual({ detail: [{ row: 2, error }] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivationRow } from '@rms/contracts/activations';
import { MAX_TAGS, TAG_MESSAGE } from '@rms/contracts/lighting';
import { cities } from '../../db/schema/master-data';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganizations } from '../../testing/factories';
import { signedInUser } from '../../testing/users';

// Tags on an activation (dynamic device groups select by them): set on create, changed on update,
// left as they are when an update does not send them.

const URL = '/api/v1/devices/activation/';

let t: TestApp;
let customer: Session;
let orgId: number;
let state: number;
let city: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [org] = await makeOrganizations(db, [
    { companyName: 'Tagging customer', permissions: ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'] },
  ]);
  orgId = org!.id;
  customer = await signedInUser(t, { organizationId: orgId, permissions: ['DEVICE_ACTIVATION'] });
  const [c] = await db.select({ id: cities.id, state: cities.stateId }).from(cities).limit(1);
  city = c!.id;
  state = c!.state;
});
afterAll(() => t.close());

let serial = 0;
async function form(over: Record<string, unknown> = {}) {
  serial += 1;
  const device = await makeDevice(t.database.db, {
    organizationId: orgId,
    code: `TAG-${serial}`,
    model: 'M1',
  });
  return {
    name: `Tagged ${serial}`,
    device: device.id,
    address1: `${serial} Main Road`,
    address2: 'Sector 5',
    state,
    city,
    pin: '110001',
    ...over,
  };
}

const send = (method: 'POST' | 'PUT', payload: object) =>
  t.app.inject({ method, url: URL, payload, headers: bearer(customer) });
const one = async (id: number) =>
  (await t.app.inject({ url: `${URL}${id}/`, headers: bearer(customer) })).json() as ActivationRow;

describe('activation tags', () => {
  it('saves the tags given on create (once each) and shows them in the row and the list', async () => {
    const res = await send('POST', await form({ tags: ['Main road', 'festival', 'festival'] }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await one(id)).tags).toEqual(['Main road', 'festival']);
    const list = await t.app.inject({ url: `${URL}?pagination=false`, headers: bearer(customer) });
    expect((list.json() as ActivationRow[]).find((r) => r.id === id)?.tags).toEqual([
      'Main road',
      'festival',
    ]);
  });

  it('answers no tags when none were given', async () => {
    const res = await send('POST', await form());
    expect(res.statusCode, res.body).toBe(201);
    expect((await one(res.json().id)).tags).toEqual([]);
  });

  it('keeps the tags when an update does not send them, replaces or clears them when it does', async () => {
    const created = await send('POST', await form({ tags: ['zone-1'] }));
    const id = created.json().id as number;
    const fields = await form();
    const { device: _fresh, ...rest } = fields;
    const keep = { ...rest, device: (await one(id)).device };

    expect((await send('PUT', { id, ...keep, name: 'Renamed' })).statusCode).toBe(200);
    expect(await one(id)).toMatchObject({ name: 'Renamed', tags: ['zone-1'] });

    expect((await send('PUT', { id, ...keep, tags: ['zone-2', 'park'] })).statusCode).toBe(200);
    expect((await one(id)).tags).toEqual(['zone-2', 'park']);

    expect((await send('PUT', { id, ...keep, tags: [] })).statusCode).toBe(200);
    expect((await one(id)).tags).toEqual([]);
  });

  it('refuses a bad tag or too many with a 400 naming tags, saving nothing', async () => {
    const before = (await t.app.inject({ url: `${URL}?pagination=false`, headers: bearer(customer) })).json()
      .length as number;
    const bad = await send('POST', await form({ tags: ['ok', '#nope'] }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain(TAG_MESSAGE);
    expect(Object.keys(bad.json().errors).every((k) => k.startsWith('tags'))).toBe(true);

    const many = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`);
    const tooMany = await send('POST', await form({ tags: many }));
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['tags']);

    const notList = await send('POST', await form({ tags: 'festival' }));
    expect(notList.statusCode).toBe(400);
    expect(Object.keys(notList.json().errors)).toEqual(['tags']);

    const after = (await t.app.inject({ url: `${URL}?pagination=false`, headers: bearer(customer) })).json()
      .length as number;
    expect(after).toBe(before);
  });
});

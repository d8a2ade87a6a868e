import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PARAMETER_MESSAGES as M } from '@rms/contracts/parameters';
import { activations } from '../../db/schema/activations';
import { deviceCommands } from '../../db/schema/commands';
import { rmsDevices } from '../../db/schema/inventory';
import { deviceGroups } from '../../db/schema/lighting';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeActivations, makeDevice, makeOrganizations } from '../../testing/factories';
import { makeStaticGroup } from '../../testing/schedule-fixtures';
import { addUser } from '../../testing/users';

// A device group where a selection of devices is (docs/device-groups.md): the bulk parameter call and
// the inspection call take `devices` (the spec's payload) or `group`, resolved as the group is now.

let t: TestApp;
let admin: Session;
let customer: Session;
let ownId: number;
let theirsId: number;
let s1: number;
let s2: number;
let tagged: number;
let untagged: number;
let staticGroup: number;
let tagGroup: number;
let emptyGroup: number;
let foreignGroup: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signIn(t.app);
  const codes = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'];
  const [own, theirs] = await makeOrganizations(db, [
    { companyName: 'Group Lights', permissions: codes },
    { companyName: 'Other Group Lights', permissions: codes },
  ]);
  ownId = own!.id;
  theirsId = theirs!.id;
  customer = await addUser(t, ownId, 'boss@group-lights.example', ['DEVICE_ACTIVATION']);
  s1 = (await makeDevice(db, { code: 'GRP-S1', organizationId: ownId })).id;
  s2 = (await makeDevice(db, { code: 'GRP-S2', organizationId: ownId })).id;
  tagged = (await makeDevice(db, { code: 'GRP-T1', organizationId: ownId })).id;
  untagged = (await makeDevice(db, { code: 'GRP-U1', organizationId: ownId })).id;
  const foreign = (await makeDevice(db, { code: 'GRP-X1', organizationId: theirsId })).id;
  await makeActivations(db, [
    { organizationId: ownId, deviceId: tagged, tags: ['festival'] },
    { organizationId: ownId, deviceId: untagged, tags: ['park'] },
  ]);
  staticGroup = await makeStaticGroup(db, ownId, [s1, s2]);
  emptyGroup = await makeStaticGroup(db, ownId, []);
  foreignGroup = await makeStaticGroup(db, theirsId, [foreign]);
  const [dynamic] = await db
    .insert(deviceGroups)
    .values({ organizationId: ownId, name: 'Festival lights', kind: 'dynamic', filter: { tag: 'festival' } })
    .returning({ id: deviceGroups.id });
  tagGroup = dynamic!.id;
});
afterAll(() => t.close());

const call = (session: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(session) });
const bulk = (session: Session, payload: object) =>
  call(session, '/api/v1/devices/bulk_parameter/', { load_regulation: 40, dim_1: 4, dim_2: 6, ...payload });
const inspect = (session: Session, payload: object) =>
  call(session, '/api/v1/devices/inspection/', { insp: 1, ...payload });
const commandCount = async (ids: number[]) =>
  (await t.database.db.select().from(deviceCommands).where(inArray(deviceCommands.deviceId, ids))).length;

describe('a group as the selection of devices', () => {
  it("bulk parameter on a static group sends each of the group's devices its command", async () => {
    const before = await commandCount([s1, s2]);
    const res = await bulk(customer, { group: staticGroup });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().devices).toBe(2);
    expect(await commandCount([s1, s2])).toBe(before + 2);
  });

  it('inspection on a dynamic group takes the devices its criteria select at the time of the call', async () => {
    const first = await inspect(customer, { group: tagGroup });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().devices).toEqual([tagged]);

    // Tagging another activation puts its device in the group for the next call.
    await t.database.db
      .update(activations)
      .set({ tags: ['park', 'festival'] })
      .where(eq(activations.deviceId, untagged));
    const second = await inspect(customer, { group: tagGroup, insp: 2 });
    expect(second.statusCode, second.body).toBe(201);
    expect([...second.json().devices].sort()).toEqual([tagged, untagged].sort());
  });

  it('refuses an empty group with a 400 naming group, recording nothing', async () => {
    const before = await commandCount([s1, s2, tagged, untagged]);
    for (const res of [
      await bulk(customer, { group: emptyGroup }),
      await inspect(customer, { group: emptyGroup }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ group: [M.groupEmpty] });
    }
    expect(await commandCount([s1, s2, tagged, untagged])).toBe(before);
  });

  it('takes exactly one of devices and group, naming the field', async () => {
    for (const send of [bulk, inspect]) {
      const both = await send(customer, { devices: [s1], group: staticGroup });
      expect(both.statusCode).toBe(400);
      expect(both.json().errors).toEqual({ group: [M.devicesOrGroup] });
      const neither = await send(customer, {});
      expect(neither.statusCode).toBe(400);
      expect(neither.json().errors).toEqual({ devices: [M.devicesRequired] });
      const bad = await send(customer, { group: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['group']);
    }
  });

  it("answers 404 for another organization's group; the provider may use it", async () => {
    for (const send of [bulk, inspect]) {
      const res = await send(customer, { group: foreignGroup });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(M.groupNotFound);
    }
    const byProvider = await bulk(admin, { group: foreignGroup });
    expect(byProvider.statusCode, byProvider.body).toBe(201);
    expect(byProvider.json().devices).toBe(1);
  });

  it('leaves out a static member that moved to another organization', async () => {
    const moving = (await makeDevice(t.database.db, { code: 'GRP-M1', organizationId: ownId })).id;
    const group = await makeStaticGroup(t.database.db, ownId, [s1, moving]);
    await t.database.db.update(rmsDevices).set({ organizationId: theirsId }).where(eq(rmsDevices.id, moving));
    const res = await inspect(customer, { group });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().devices).toEqual([s1]);
  });

  it("keeps the spec's payload: devices alone works as before", async () => {
    const res = await bulk(customer, { devices: [s1] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().devices).toBe(1);
  });
});

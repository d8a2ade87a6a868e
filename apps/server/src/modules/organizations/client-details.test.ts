import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../calendar';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganization } from '../../testing/factories';

// Client Details counts an organization's RMS devices: active (expiry after today), expired (expiry
// today or before) and inactive (deleted); another organization's devices never count.

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
});
afterAll(() => t.close());

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

async function addOrganization(companyName: string) {
  return (await makeOrganization(t.database.db, { companyName })).id;
}

async function addDevice(organizationId: number, expiryDate: string, isActive = true) {
  await makeDevice(t.database.db, { organizationId, expiryDate, isActive });
}

async function detailsOf(id: number) {
  const list = await t.app.inject({
    url: `/api/v1/admin_settings/organizations/?id=${id}&pagination=false`,
    headers: bearer(admin),
  });
  expect(list.statusCode).toBe(200);
  return list.json()[0].client_details;
}

describe('client details', () => {
  it('counts active, expired and inactive RMS devices of the organization only', async () => {
    const org = await addOrganization('Counted');
    const other = await addOrganization('Elsewhere');
    expect(await detailsOf(org)).toEqual({ active_devices: 0, inactive_devices: 0, expired_count: 0 });
    await addDevice(org, dayFrom(1));
    await addDevice(org, dayFrom(400));
    await addDevice(org, dayFrom(0));
    await addDevice(org, dayFrom(-10));
    await addDevice(org, dayFrom(50), false);
    await addDevice(other, dayFrom(50));
    await addDevice(other, dayFrom(-1));
    expect(await detailsOf(org)).toEqual({ active_devices: 2, inactive_devices: 1, expired_count: 2 });
    expect(await detailsOf(other)).toEqual({ active_devices: 1, inactive_devices: 0, expired_count: 1 });
  });

  it('is the same in the paged list', async () => {
    const org = await addOrganization('Paged');
    await addDevice(org, dayFrom(3));
    const res = await t.app.inject({
      url: '/api/v1/admin_settings/organizations/?query=Paged',
      headers: bearer(admin),
    });
    expect(res.json().results[0].client_details).toEqual({
      active_devices: 1,
      inactive_devices: 0,
      expired_count: 0,
    });
  });
});

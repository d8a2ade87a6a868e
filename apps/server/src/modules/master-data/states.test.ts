import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { masterDataCallers, type MasterDataCallers } from '../../testing/master-data-callers';

let t: TestApp;
let who: MasterDataCallers;
beforeAll(async () => {
  t = await createTestApp();
  who = await masterDataCallers(t);
});
afterAll(() => t.close());

const URL = '/api/v1/admin_settings/state/';
const send = (method: 'POST' | 'PUT', session: Session | null, payload: object) =>
  t.app.inject({ method, url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: bearer(session) });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('admin_settings/state/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await send('POST', null, { name: 'X' })).statusCode).toBe(401);
    expect((await send('PUT', null, { id: 1, name: 'X' })).statusCode).toBe(401);
  });

  it('lets any signed-in user read, only MANAGE_STATE holders of the provider write', async () => {
    expect((await list(who.noCode, '?pagination=false')).statusCode).toBe(200);
    expect((await list(who.customer, '?pagination=false')).statusCode).toBe(200);
    expect((await send('POST', who.noCode, { name: 'Atlantis' })).statusCode).toBe(403);
    const customer = await send('POST', who.customer, { name: 'Atlantis' });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().detail).toBe(M.providerOnly);
    // Refused before validation: the customer is not told what is wrong with the body.
    expect((await send('PUT', who.customer, {})).statusCode).toBe(403);
  });

  it('names the missing field', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const res = await send('POST', who.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toEqual(["'State Name' is required!"]);
    }
  });

  it('adds, renames, refuses a duplicate and soft-deletes', async () => {
    const added = await send('POST', who.admin, { name: 'Atlantis' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Atlantis', country: 'India', detail: M.stateAdded });
    const id = added.json().id as number;

    const twice = await send('POST', who.admin, { name: 'atlantis' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.name).toEqual([M.stateTaken]);
    const renameOnto = await send('PUT', who.admin, { id, name: 'Kerala' });
    expect(renameOnto.json().errors.name).toEqual([M.stateTaken]);

    const renamed = await send('PUT', who.admin, { id, name: 'Lemuria' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Lemuria', detail: M.stateUpdated });
    expect(names((await list(who.admin, '?id=' + id)).json().results)).toEqual(['Lemuria']);

    const deleted = await send('PUT', who.admin, { id, is_active: false });
    expect(deleted.json()).toMatchObject({ is_active: false, detail: M.stateDeleted });
    expect(names((await list(who.admin, '?pagination=false')).json())).not.toContain('Lemuria');
    expect((await send('PUT', who.admin, { id, name: 'Again' })).statusCode).toBe(404);
    // The name is free again once the row is deleted.
    expect((await send('POST', who.admin, { name: 'Lemuria' })).statusCode).toBe(201);
  });

  it('pages, searches and filters by country', async () => {
    const first = (await list(who.admin)).json();
    expect(first.results).toHaveLength(20);
    expect(first.current).toBe(1);
    expect(first.next).toBe(2);
    const second = (await list(who.admin, '?page=2')).json();
    expect(second.next).toBeNull();
    expect(first.count).toBe(first.results.length + second.results.length);
    expect(names((await list(who.admin, '?query=prad')).json().results)).toEqual([
      'Andhra Pradesh',
      'Arunachal Pradesh',
      'Himachal Pradesh',
      'Madhya Pradesh',
      'Uttar Pradesh',
    ]);
    expect((await list(who.admin, '?country=india&pagination=false')).json().length).toBe(first.count);
    expect((await list(who.admin, '?country=Nowhere&pagination=false')).json()).toEqual([]);
  });
});

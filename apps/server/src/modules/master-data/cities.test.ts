import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { masterDataCallers, type MasterDataCallers } from '../../testing/master-data-callers';

let t: TestApp;
let who: MasterDataCallers;
let kerala: number;
let goa: number;
beforeAll(async () => {
  t = await createTestApp();
  who = await masterDataCallers(t);
  const states = (
    await t.app.inject({ url: '/api/v1/admin_settings/state/?pagination=false', headers: bearer(who.admin) })
  ).json<{ id: number; name: string }[]>();
  kerala = states.find((s) => s.name === 'Kerala')?.id as number;
  goa = states.find((s) => s.name === 'Goa')?.id as number;
});
afterAll(() => t.close());

const URL = '/api/v1/admin_settings/city/';
const send = (method: 'POST' | 'PUT', session: Session | null, payload: object) =>
  t.app.inject({ method, url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: bearer(session) });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('admin_settings/city/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await send('POST', null, { name: 'X', state: kerala })).statusCode).toBe(401);
  });

  it('lets any signed-in user read, only MANAGE_CITY holders of the provider write', async () => {
    expect((await list(who.noCode, `?state=${kerala}&pagination=false`)).statusCode).toBe(200);
    expect((await list(who.customer, `?state=${kerala}&pagination=false`)).statusCode).toBe(200);
    expect((await send('POST', who.noCode, { name: 'Munnar', state: kerala })).statusCode).toBe(403);
    expect((await send('POST', who.customer, { name: 'Munnar', state: kerala })).statusCode).toBe(403);
    expect((await send('PUT', who.customer, { id: 1, is_active: false })).statusCode).toBe(403);
  });

  it('requires the name and the state', async () => {
    const res = await send('POST', who.admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ["'City Name' is required!"],
      state: ["'State' is required!"],
    });
    const unknown = await send('POST', who.admin, { name: 'Nowhere', state: 999_999 });
    expect(unknown.json().errors.state).toEqual([M.stateUnknown]);
  });

  it("lists a state's cities with the state's name", async () => {
    const rows = (await list(who.noCode, `?state=${kerala}&pagination=false`)).json();
    expect(names(rows)).toEqual(expect.arrayContaining(['Thiruvananthapuram', 'Kochi', 'Kozhikode']));
    expect(rows.every((r: { state: number }) => r.state === kerala)).toBe(true);
    expect(rows[0].state_data).toEqual({ id: kerala, name: 'Kerala' });
  });

  it('adds, refuses a duplicate in the same state only, edits and soft-deletes', async () => {
    const added = await send('POST', who.admin, { name: 'Munnar', state: kerala });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Munnar',
      state_data: { name: 'Kerala' },
      detail: M.cityAdded,
    });
    const id = added.json().id as number;

    const twice = await send('POST', who.admin, { name: 'MUNNAR', state: kerala });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.name).toEqual([M.cityTaken]);
    expect((await send('POST', who.admin, { name: 'Munnar', state: goa })).statusCode).toBe(201);

    const moved = await send('PUT', who.admin, { id, name: 'Munnar Hills', state: kerala });
    expect(moved.json()).toMatchObject({ name: 'Munnar Hills', detail: M.cityUpdated });

    const deleted = await send('PUT', who.admin, { id, is_active: false });
    expect(deleted.json()).toMatchObject({ is_active: false, detail: M.cityDeleted });
    expect(names((await list(who.admin, `?state=${kerala}&pagination=false`)).json())).not.toContain(
      'Munnar Hills',
    );
    expect((await list(who.admin, `?id=${id}`)).json().results).toEqual([]);
  });

  it("drops a deleted state's cities from the lists", async () => {
    const state = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin_settings/state/',
        payload: { name: 'Temporary State' },
        headers: bearer(who.admin),
      })
    ).json().id as number;
    await send('POST', who.admin, { name: 'Temporary Town', state });
    expect((await list(who.admin, '?query=Temporary Town')).json().count).toBe(1);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin_settings/state/',
      payload: { id: state, is_active: false },
      headers: bearer(who.admin),
    });
    expect((await list(who.admin, '?query=Temporary Town')).json().count).toBe(0);
    expect((await send('POST', who.admin, { name: 'Later Town', state })).json().errors.state).toEqual([
      M.stateUnknown,
    ]);
  });

  it('pages with next until the last page, and searches city or state names', async () => {
    const first = (await list(who.admin)).json();
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe(2);
    const last = Math.ceil(first.count / 20);
    expect((await list(who.admin, `?page=${last}`)).json().next).toBeNull();
    const goaCities = (await list(who.admin, '?query=goa&pagination=false')).json();
    expect(names(goaCities)).toEqual(expect.arrayContaining(['Panaji', 'Margao']));
  });
});

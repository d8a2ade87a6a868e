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

const URL = '/api/v1/publisher/gst_setting/';
const save = (session: Session | null, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: bearer(session) });
const rate = { invoice_name: 'GST @ 3%', name: 'GST 3%', value: 3 };

describe('publisher/gst_setting/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await save(null, rate)).statusCode).toBe(401);
  });

  it('needs tax_settings to read and, in the provider organization, to write', async () => {
    expect((await list(who.noCode)).statusCode).toBe(403);
    expect((await save(who.noCode, rate)).statusCode).toBe(403);
    expect((await list(who.customer)).statusCode).toBe(200);
    expect((await save(who.customer, rate)).statusCode).toBe(403);
    expect((await save(who.customer, { id: 1, is_active: false })).statusCode).toBe(403);
  });

  it('names each missing field and checks the percent', async () => {
    const res = await save(who.admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      invoice_name: ["'Invoice Name' is required!"],
      name: ["'GST Name' is required!"],
      value: ["'GST Value (%)' is required!"],
    });
    expect((await save(who.admin, { ...rate, value: 120 })).json().errors.value).toEqual([M.gstRange]);
  });

  it('ships the usual rates, lowest first', async () => {
    const rows = (await list(who.admin, '?pagination=false')).json();
    expect(rows.map((r: { value: number }) => r.value)).toEqual([0, 5, 12, 18, 28]);
  });

  it('adds, edits with POST and id, refuses a duplicate name and soft-deletes', async () => {
    const added = await save(who.admin, rate);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ ...rate, detail: M.gstAdded });
    const id = added.json().id as number;

    expect((await save(who.admin, { ...rate, name: 'gst 5%' })).json().errors.name).toEqual([M.gstTaken]);

    const edited = await save(who.admin, { ...rate, id, value: 3.5, invoice_name: 'GST @ 3.5%' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, value: 3.5, detail: M.gstUpdated });
    const viaPut = await save(who.admin, { ...rate, id, value: 3 }, 'PUT');
    expect(viaPut.json()).toMatchObject({ id, value: 3, detail: M.gstUpdated });

    const deleted = await save(who.admin, { id, is_active: false });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().detail).toBe(M.gstDeleted);
    const rows = (await list(who.admin, '?pagination=false')).json();
    expect(rows.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await save(who.admin, { id, is_active: false })).statusCode).toBe(404);
  });

  it('pages', async () => {
    const page = (await list(who.admin, '?page_size=2&page=2')).json();
    expect(page).toMatchObject({ current: 2, next: 3, count: 5 });
    expect(page.results).toHaveLength(2);
  });
});

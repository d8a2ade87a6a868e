import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_DATA_MESSAGES as M } from '@rms/contracts/master-data';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { masterDataCallers, type MasterDataCallers } from '../../testing/master-data-callers';

let t: TestApp;
let who: MasterDataCallers;
let gst: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  who = await masterDataCallers(t);
  const rows = (
    await t.app.inject({ url: '/api/v1/publisher/gst_setting/?pagination=false', headers: bearer(who.admin) })
  ).json<{ id: number; name: string }[]>();
  gst = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => t.close());

const URL = '/api/v1/publisher/hsn_settings/';
const save = (session: Session | null, payload: object) =>
  t.app.inject({ method: 'POST', url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: bearer(session) });
const hsn = () => ({
  hsn_no: '8541',
  same_state: [gst['GST 12%']],
  other_state: [gst['GST 12%'], gst['GST 18%']],
});

describe('publisher/hsn_settings/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await save(null, hsn())).statusCode).toBe(401);
  });

  it('needs tax_settings, and the provider organization to write', async () => {
    expect((await list(who.noCode)).statusCode).toBe(403);
    expect((await save(who.noCode, hsn())).statusCode).toBe(403);
    expect((await list(who.customer)).statusCode).toBe(200);
    expect((await save(who.customer, hsn())).statusCode).toBe(403);
  });

  it('names each missing field and refuses unknown GST rates', async () => {
    const res = await save(who.admin, { same_state: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      hsn_no: ["'HSN Number' is required!"],
      same_state: ["'Same State' is required!"],
      other_state: ["'Other State' is required!"],
    });
    expect((await save(who.admin, { ...hsn(), hsn_no: '85A1' })).json().errors.hsn_no).toEqual([
      M.hsnPattern,
    ]);
    const unknown = await save(who.admin, { ...hsn(), other_state: [999_999] });
    expect(unknown.json().errors.other_state).toEqual([M.gstUnknown]);
  });

  it('adds with the GST names, edits, refuses a duplicate number and soft-deletes', async () => {
    const added = await save(who.admin, hsn());
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      hsn_no: '8541',
      same_state_data: [{ name: 'GST 12%', value: 12 }],
      other_state_data: [{ name: 'GST 12%' }, { name: 'GST 18%' }],
      detail: M.hsnAdded,
    });
    const id = added.json().id as number;
    expect((await save(who.admin, hsn())).json().errors.hsn_no).toEqual([M.hsnTaken]);

    const edited = await save(who.admin, { ...hsn(), id, same_state: [gst['GST 5%']] });
    expect(edited.json()).toMatchObject({ id, same_state: [gst['GST 5%']], detail: M.hsnUpdated });
    const listed = (await list(who.admin)).json();
    expect(listed.results[0]).toMatchObject({ id, same_state_data: [{ name: 'GST 5%' }] });

    expect((await save(who.admin, { id, is_active: false })).json().detail).toBe(M.hsnDeleted);
    expect((await list(who.admin)).json().results.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('drops a deleted GST rate from the HSN codes that used it', async () => {
    const rate = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/publisher/gst_setting/',
        payload: { invoice_name: 'GST @ 40%', name: 'GST 40%', value: 40 },
        headers: bearer(who.admin),
      })
    ).json().id as number;
    const id = (
      await save(who.admin, { ...hsn(), hsn_no: '8711', same_state: [rate, gst['GST 28%']] })
    ).json().id as number;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/publisher/gst_setting/',
      payload: { id: rate, is_active: false },
      headers: bearer(who.admin),
    });
    const row = (await list(who.admin, '?pagination=false')).json().find((r: { id: number }) => r.id === id);
    expect(row.same_state).toEqual([gst['GST 28%']]);
    expect(row.same_state_data.map((r: { name: string }) => r.name)).toEqual(['GST 28%']);
  });
});

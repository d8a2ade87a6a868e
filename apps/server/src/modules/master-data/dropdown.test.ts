import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MASTER_DATA_MESSAGES as M,
  type DropdownGroup,
  type DropdownValueRow,
} from '@rms/contracts/master-data';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { masterDataCallers, type MasterDataCallers } from '../../testing/master-data-callers';

let t: TestApp;
let who: MasterDataCallers;
let groups: Record<string, DropdownGroup>;
beforeAll(async () => {
  t = await createTestApp();
  who = await masterDataCallers(t);
  const tree = (await t.app.inject({ url: '/api/v1/publisher/dropdown/', headers: bearer(who.noCode) })).json<
    DropdownGroup[]
  >();
  const flat = (list: DropdownGroup[]): DropdownGroup[] => list.flatMap((g) => [g, ...flat(g.children)]);
  groups = Object.fromEntries(flat(tree).map((g) => [g.path, g]));
});
afterAll(() => t.close());

const URL = '/api/v1/publisher/dropdown_values/';
const send = (method: 'POST' | 'PUT', session: Session | null, payload: object) =>
  t.app.inject({ method, url: URL, payload, headers: session ? bearer(session) : {} });
const values = async (query: string, session: Session = who.noCode) =>
  (await t.app.inject({ url: `${URL}?pagination=false&${query}`, headers: bearer(session) })).json<
    DropdownValueRow[]
  >();
const valueOf = async (path: string, value: string) =>
  (await values(`name=${path}`)).find((v) => v.value === value) as DropdownValueRow;

describe('publisher/dropdown/ and dropdown_values/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: '/api/v1/publisher/dropdown/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await send('POST', null, { parent: 1, value: 'X' })).statusCode).toBe(401);
  });

  it('answers the tree of groups with their options', () => {
    expect(groups.devices?.children.map((g) => g.title)).toEqual([
      'Device Type',
      'Telecom Operator',
      'Battery Type',
      'Solar Panel Type',
    ]);
    expect(groups.device_type).toMatchObject({ can_disabled: true, children: [] });
    expect(groups.inspection_action).toMatchObject({ can_disabled: false });
  });

  it('lets any signed-in user read values by group id or path', async () => {
    expect((await values(`parent=${groups.telecom_operator?.id}`)).map((v) => v.value)).toEqual([
      'Airtel',
      'Jio',
      'Vi',
      'BSNL',
    ]);
    const actions = await values('name=inspection_action', who.customer);
    expect(actions.map((v) => [v.value, v.code])).toEqual([
      ['Force On', 1],
      ['Force Off', 2],
    ]);
    expect(actions[0]).toMatchObject({ name: 'inspection_action', is_editable: false, is_deletable: false });
  });

  it('writes only with dropdown_settings in the provider organization', async () => {
    const body = { parent: groups.telecom_operator?.id, value: 'MTNL' };
    expect((await send('POST', who.noCode, body)).statusCode).toBe(403);
    expect((await send('POST', who.customer, body)).statusCode).toBe(403);
    expect((await send('PUT', who.customer, { id: 1, is_disabled: true })).statusCode).toBe(403);
  });

  it('requires the value, and a group that holds values', async () => {
    const res = await send('POST', who.admin, { parent: groups.telecom_operator?.id, value: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toEqual(["'Value' is required!"]);
    const heading = await send('POST', who.admin, { parent: groups.devices?.id, value: 'X' });
    expect(heading.json().errors.parent).toEqual([M.groupUnknown]);
  });

  it('adds, refuses a duplicate, edits, disables, enables and soft-deletes', async () => {
    const parent = groups.telecom_operator?.id;
    const added = await send('POST', who.admin, { parent, value: 'MTNL', name: 'telecom_operator' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ value: 'MTNL', is_editable: true, detail: M.dropdownAdded });
    const id = added.json().id as number;
    expect((await send('POST', who.admin, { parent, value: 'mtnl' })).json().errors.value).toEqual([
      M.dropdownTaken,
    ]);

    expect((await send('PUT', who.admin, { id, value: 'MTNL Mumbai' })).json()).toMatchObject({
      value: 'MTNL Mumbai',
      detail: M.dropdownUpdated,
    });
    expect((await send('PUT', who.admin, { id, is_disabled: true })).json()).toMatchObject({
      is_disabled: true,
      detail: M.dropdownDisabled,
    });
    expect((await values(`parent=${parent}&is_disabled=false`)).map((v) => v.value)).not.toContain(
      'MTNL Mumbai',
    );
    expect((await send('PUT', who.admin, { id, is_disabled: false })).json().detail).toBe(M.dropdownEnabled);

    expect((await send('PUT', who.admin, { id, is_active: false })).json().detail).toBe(M.dropdownDeleted);
    expect((await values(`parent=${parent}`)).map((v) => v.value)).not.toContain('MTNL Mumbai');
  });

  it('keeps Not Editable, Not Deletable and fixed-group values as they are', async () => {
    const rms12 = await valueOf('device_type', 'RMS 12V');
    const renamed = await send('PUT', who.admin, { id: rms12.id, value: 'RMS 12 Volt' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.value).toEqual([M.notEditable]);
    const deleted = await send('PUT', who.admin, { id: rms12.id, is_active: false });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().detail).toBe(M.notDeletable);
    // Disabling is the group's choice, and Device Type allows it even for a fixed value.
    expect((await send('PUT', who.admin, { id: rms12.id, is_disabled: true })).statusCode).toBe(200);

    const forceOn = await valueOf('inspection_action', 'Force On');
    const toggled = await send('PUT', who.admin, { id: forceOn.id, is_disabled: true });
    expect(toggled.statusCode).toBe(400);
    expect(toggled.json().errors.is_disabled).toEqual([M.cannotDisable]);

    // Sending the unchanged text of a Not Editable value is not an edit.
    const rms24 = await valueOf('device_type', 'RMS 24V');
    expect(
      (await send('PUT', who.admin, { id: rms24.id, value: 'RMS 24V', is_disabled: true })).statusCode,
    ).toBe(200);
    expect((await send('PUT', who.admin, { id: rms24.id, is_active: false })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES, PROFILE_MESSAGES } from '@rms/contracts/session';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser } from '../../testing/factories';
import { uploadImage } from '../../testing/files';

let t: TestApp;
let acmeId: number;

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (await makeOrganization(t.database.db, { companyName: 'Acme' })).id;
});
afterAll(() => t.close());

async function newUser(email: string, password = 'Old-pass-1234'): Promise<{ id: number; session: Session }> {
  const user = await makeUser(t.database.db, { organizationId: acmeId, email, password, firstName: 'Ravi' });
  return { id: user.id, session: await signIn(t.app, email, password) };
}

const profile = {
  first_name: 'Ravi',
  middle_name: 'K',
  last_name: 'Menon',
  email: 'ravi@acme.example',
  mobile: '9876543210',
};
const post = (url: string, session: Session | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, payload });

describe('POST users/update_profile/', () => {
  it('requires authentication', async () => {
    expect((await post('/api/v1/users/update_profile/', null, profile)).statusCode).toBe(401);
  });

  it("names the bad field with the profile's messages and changes nothing", async () => {
    const { session } = await newUser('ravi@acme.example');
    const res = await post('/api/v1/users/update_profile/', session, {
      ...profile,
      email: 'ravi@',
      mobile: '98765',
      first_name: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: [PROFILE_MESSAGES.validEmail],
      mobile: [PROFILE_MESSAGES.mobile],
      first_name: [PROFILE_MESSAGES.firstNameRequired],
    });
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(session) })).json();
    expect(me.last_name).toBe('');
  });

  it('updates the own profile, with a photo', async () => {
    const { id, session } = await newUser('meera@acme.example');
    const photo = await uploadImage(t.app, session);
    const res = await post('/api/v1/users/update_profile/', session, {
      ...profile,
      id,
      email: 'Meera.N@Acme.example',
      first_name: 'Meera',
      photo,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(PROFILE_MESSAGES.updated);
    expect(res.json().user).toMatchObject({
      first_name: 'Meera',
      middle_name: 'K',
      last_name: 'Menon',
      email: 'meera.n@acme.example',
      photo,
    });
    expect((await t.app.inject({ url: res.json().user.photo_url })).statusCode).toBe(200);
  });

  it("answers 404 for another user's id and refuses an e-mail in use", async () => {
    const { session } = await newUser('kiran@acme.example');
    const other = await newUser('dev@acme.example');
    const res = await post('/api/v1/users/update_profile/', session, {
      ...profile,
      id: other.id,
      email: 'kiran@acme.example',
    });
    expect(res.statusCode).toBe(404);
    const taken = await post('/api/v1/users/update_profile/', session, {
      ...profile,
      email: 'dev@acme.example',
    });
    expect(taken.json().errors.email).toEqual([PROFILE_MESSAGES.emailTaken]);
  });
});

describe('POST users/password_change/', () => {
  const change = (session: Session | null, payload: object) =>
    post('/api/v1/users/password_change/', session, payload);

  it('requires authentication', async () => {
    expect((await change(null, {})).statusCode).toBe(401);
  });

  it("gives each field the spec's message", async () => {
    const { session } = await newUser('sam@acme.example');
    const empty = await change(session, {});
    expect(empty.json().errors).toEqual({
      old_password: [PASSWORD_CHANGE_MESSAGES.oldRequired],
      new_password: [PASSWORD_CHANGE_MESSAGES.newRequired],
      confirm: [PASSWORD_CHANGE_MESSAGES.confirmRequired],
    });
    const differ = await change(session, {
      old_password: 'Old-pass-1234',
      new_password: 'New-pass-1234',
      confirm: 'New-pass-9999',
    });
    expect(differ.json().errors).toEqual({ confirm: [PASSWORD_CHANGE_MESSAGES.passwordsDiffer] });
  });

  it('refuses a wrong old password on its field and keeps the password', async () => {
    const { session } = await newUser('lena@acme.example');
    const res = await change(session, {
      old_password: 'Wrong-pass-1',
      new_password: 'New-pass-1234',
      confirm: 'New-pass-1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.old_password).toEqual([PASSWORD_CHANGE_MESSAGES.wrongOld]);
    await signIn(t.app, 'lena@acme.example', 'Old-pass-1234');
  });

  it('changes the password and ends every session of the user', async () => {
    const { session } = await newUser('omar@acme.example');
    const second = await signIn(t.app, 'omar@acme.example', 'Old-pass-1234');
    const res = await change(session, {
      old_password: 'Old-pass-1234',
      new_password: 'New-pass-1234',
      confirm: 'New-pass-1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(PASSWORD_CHANGE_MESSAGES.changed);
    for (const s of [session, second]) {
      expect((await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(s) })).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token/refresh/',
        payload: { refresh: s.refresh },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    await expect(signIn(t.app, 'omar@acme.example', 'Old-pass-1234')).rejects.toThrow();
    await signIn(t.app, 'omar@acme.example', 'New-pass-1234');
  });
});

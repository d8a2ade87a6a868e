import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/app';
import { makeOrganizations } from '../../testing/factories';
import { PERMISSION_CODES } from '@rms/contracts/permissions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await makeOrganizations(t.database.db, [
    { companyName: 'Acme Solar', subDomain: 'acme', tagline: 'Lights that never sleep' },
    { companyName: 'Gone', subDomain: 'gone', tagline: 'Deleted', isActive: false },
  ]);
});
afterAll(() => t.close());

const details = (url: string, host = 'localhost') =>
  t.app.inject({ url: `/api/v1/admin_settings/organization_details/${url}`, headers: { host } });

describe('GET admin_settings/organization_details/', () => {
  it("answers the branding of the host's sub-domain without signing in", async () => {
    const res = await details('', 'acme.localhost:8080');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Acme Solar', url: null, tagline: 'Lights that never sleep' });
    expect((await details('', 'ACME.rms.example.com')).json().name).toBe('Acme Solar');
  });

  it('takes ?sub_domain= too', async () => {
    expect((await details('?sub_domain=acme')).json().tagline).toBe('Lights that never sleep');
  });

  it('answers nulls (the console shows its defaults) for no, unknown or deleted sub-domains', async () => {
    const none = { name: null, url: null, tagline: null };
    expect((await details('')).json()).toEqual(none);
    expect((await details('', '127.0.0.1:8080')).json()).toEqual(none);
    expect((await details('?sub_domain=nobody')).json()).toEqual(none);
    expect((await details('?sub_domain=gone')).json()).toEqual(none);
  });
});

describe('GET admin_settings/permissions/', () => {
  it('requires authentication', async () => {
    expect((await t.app.inject({ url: '/api/v1/admin_settings/permissions/' })).statusCode).toBe(401);
  });

  it('lists every code for a super-user', async () => {
    const admin = await signIn(t.app);
    const res = await t.app.inject({
      url: '/api/v1/admin_settings/permissions/?pagination=false',
      headers: bearer(admin),
    });
    expect(
      res
        .json()
        .map((p: { key: string }) => p.key)
        .sort(),
    ).toEqual([...PERMISSION_CODES].sort());
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('master data in the OpenAPI document', () => {
  it('lists every master-data path, the recursive group tree included', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/admin_settings/state/',
        '/api/v1/admin_settings/city/',
        '/api/v1/publisher/gst_setting/',
        '/api/v1/publisher/hsn_settings/',
        '/api/v1/publisher/dropdown/',
        '/api/v1/publisher/dropdown_values/',
      ]),
    );
  });
});

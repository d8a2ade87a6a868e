import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';

// A client written against the spec must work: every call the spec's API tables give as a concrete
// path (spec 01 §7 and 02 §7) is served at that path, with that method, and listed in the OpenAPI
// document. Calls the spec names only by purpose ("GET organization by e-mail", "POST/PUT state") have
// our own paths (docs/architecture.md "API map") and are not in this list.

type Method = 'get' | 'post' | 'put';

/** Transcribed from the spec's tables: [method, path relative to the API base, where the spec says it]. */
const SPEC_CALLS: [Method, string, string][] = [
  // 01-admin-console.md §7
  ['post', 'users/login/', '01 §7'],
  ['post', 'token/refresh/', '01 §7'],
  ['post', 'logout/', '01 §7'],
  ['post', 'users/update_profile/', '01 §7'],
  ['post', 'users/password_change/', '01 §7'],
  ['post', 'uploads/presigned_url/', '01 §7'],
  ['get', 'uploads/download_file/', '01 §7'],
  ['put', 'uploads/download_file/', '01 §7'],
  ['get', 'admin_settings/employee/', '01 §7'],
  ['get', 'admin_settings/device_data/', '01 §7'],
  ['get', 'admin_settings/dashboard_companies/', '01 §7'],
  ['get', 'admin_settings/dashboard_inventory/', '01 §7'],
  ['get', 'admin_settings/recent_companies/', '01 §7'],
  ['get', 'admin_settings/alarms/', '01 §7'],
  ['get', 'admin_settings/harvest_report/', '01 §7'],
  ['get', 'admin_settings/project_list/', '01 §7'],
  ['get', 'admin_settings/state/', '01 §7'],
  ['get', 'admin_settings/city/', '01 §7'],
  ['post', 'publisher/gst_setting/', '01 §7'],
  ['get', 'publisher/hsn_settings/', '01 §7 (GET/POST HSN)'],
  ['post', 'publisher/hsn_settings/', '01 §7 (GET/POST HSN)'],
  ['get', 'publisher/dropdown/', '01 §7'],
  ['get', 'publisher/dropdown_values/', '01 §7 (GET/POST/PUT dropdown values)'],
  ['post', 'publisher/dropdown_values/', '01 §7 (GET/POST/PUT dropdown values)'],
  ['put', 'publisher/dropdown_values/', '01 §7 (GET/POST/PUT dropdown values)'],
  // 02-devices-and-operations.md §7
  ['post', 'uploads/presigned_url/', '02 §7 (presign)'],
  ['put', 'uploads/download_file/', '02 §7 (presign)'],
  ['get', 'uploads/download_file/', '02 §7 (presign)'],
];

const BASE = '/api/v1/';

let t: TestApp;
let documented: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  documented = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
});
afterAll(() => t.close());

describe("the spec's API tables", () => {
  it('every concrete path the spec gives is served with its method and in the OpenAPI document', () => {
    const missing = SPEC_CALLS.filter(([method, path]) => {
      const url = `${BASE}${path}`;
      const served = t.app.hasRoute({ method: method.toUpperCase() as 'GET', url });
      return !served || documented[url]?.[method] === undefined;
    }).map(([method, path, where]) => `${method.toUpperCase()} ${path} (spec ${where})`);
    expect(missing).toEqual([]);
  });

  it('answers each of them with something other than "no such route"', async () => {
    for (const [method, path] of SPEC_CALLS) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${BASE}${path}`,
        ...(method !== 'get' && { payload: {} }),
      });
      // Unauthenticated calls answer 401 and empty bodies 400; a missing route would be 404.
      expect(res.statusCode, `${method.toUpperCase()} ${path}`).not.toBe(404);
    }
  });
});

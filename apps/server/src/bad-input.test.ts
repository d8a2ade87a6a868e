import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from './testing/app';

// Input a client gets wrong is a 400 that names the field, never a 5xx: text PostgreSQL cannot store,
// ids past the integer range, impossible dates, a file name that is no stored file.

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload && { payload }) });

function expectFieldError(
  res: { statusCode: number; json: () => { errors?: Record<string, string[]> } },
  field: string,
) {
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors ?? {})).toContain(field);
}

describe('text PostgreSQL cannot store', () => {
  it('is refused in a query string, naming the parameter', async () => {
    expectFieldError(await call('GET', '/api/v1/devices/rms/?query=lamp%00x'), 'query');
    expectFieldError(await call('GET', '/api/v1/admin_settings/employee/?query=%00'), 'query');
  });

  it('is refused anywhere in a JSON body, naming the path to it', async () => {
    expectFieldError(await call('POST', '/api/v1/admin_settings/state/', { name: 'Go\u0000a' }), 'name');
    expectFieldError(
      await call('PUT', '/api/v1/admin_settings/organizations/', {
        id: 1,
        permissions: [{ key: 'VIEW_\u0000COMPANY' }],
      }),
      'permissions.0.key',
    );
    expectFieldError(await call('POST', '/api/v1/admin_settings/state/', { name: 'Goa \ud800' }), 'name');
  });
});

describe('ids past the integer range', () => {
  it.each(['2147483648', '99999999999999999999', '1e20'])('%s in a query is a 400 naming it', async (id) => {
    expectFieldError(await call('GET', `/api/v1/devices/rms/?id=${id}`), 'id');
    expectFieldError(await call('GET', `/api/v1/admin_settings/employee/?user=${id}`), 'user');
    expectFieldError(await call('GET', `/api/v1/devices/activation/${id}/`), 'id');
    expectFieldError(await call('GET', `/api/v1/devices/rms/?page=${id}0`), 'page');
  });

  it('in a body is a 400 naming it', async () => {
    expectFieldError(await call('PUT', '/api/v1/devices/rms/', { id: 2 ** 31, model: 'x' }), 'id');
    expectFieldError(
      await call('POST', '/api/v1/admin_settings/city/', { name: 'Somewhere', state: 2 ** 31 }),
      'state',
    );
    expectFieldError(
      await call('PUT', '/api/v1/admin_settings/employee/', { id: 2 ** 40, mobile: '9876543210' }),
      'id',
    );
  });
});

describe('dates', () => {
  it.each(['', 'not-a-date', '2024-02-30', '2024-13-01', '0000-01-01', "2024-01-01' or 1=1"])(
    'refuses %j in a harvest range, naming the field',
    async (day) => {
      expectFieldError(
        await call(
          'GET',
          `/api/v1/admin_settings/harvest_report/?start_date=${encodeURIComponent(day)}&end_date=2024-03-01`,
        ),
        'start_date',
      );
      expectFieldError(
        await call(
          'GET',
          `/api/v1/monitoring/graph/power/?start_date=2024-01-01&end_date=${encodeURIComponent(day)}`,
        ),
        'end_date',
      );
    },
  );
});

describe('stored files', () => {
  it('refuses a company logo that is not a stored file name', async () => {
    for (const logo of ['../../etc/passwd', 'https://evil.example/x.png', 'image/nothing-here.png'])
      expectFieldError(
        await call('PUT', '/api/v1/admin_settings/organizations/', { id: 1, company_logo: logo }),
        'company_logo',
      );
  });
});

describe('a body the server cannot read', () => {
  const raw = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(admin), 'content-type': contentType },
    });

  it.each([
    ['not JSON', '{bad json'],
    ['empty', ''],
    ['a __proto__ key', '{"__proto__":{"a":1}}'],
  ])('is a 400 naming the body, on every route, bulk uploads too (%s)', async (_, payload) => {
    for (const url of [
      '/api/v1/devices/pole/bulk_upload/',
      '/api/v1/devices/rms/bulk_upload/',
      '/api/v1/devices/activation/bulk_upload/',
      '/api/v1/admin_settings/state/',
    ])
      expectFieldError(await raw(url, payload), 'body');
  });
});

describe('numbers in another notation', () => {
  it('are refused, naming the field, never read as another id', async () => {
    for (const id of ['0xC9', true, [1], '1e0', ' '])
      expectFieldError(await call('PUT', '/api/v1/devices/pole/', { id, is_active: false }), 'id');
    for (const device of [true, '0x1', [1]])
      expectFieldError(await call('POST', '/api/v1/devices/parameter_settings/', { device }), 'device');
    for (const id of ['0x1', '1e0', 'true'])
      expectFieldError(await call('GET', `/api/v1/devices/rms/?id=${id}`), 'id');
    expectFieldError(await call('GET', '/api/v1/devices/rms/?page_size=1e1'), 'page_size');
  });
});

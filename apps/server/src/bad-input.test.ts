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

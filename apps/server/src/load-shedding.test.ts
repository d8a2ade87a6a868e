import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from './load-shedding';
import { bearer, createTestApp, signIn, type TestApp } from './testing/app';

// Under load the server sheds new API requests with 503 and Retry-After at once (docs/operations.md
// "Under load"), and never sheds health, readiness or the console's files. The load is real where it
// can be made so in a test: the event loop is really blocked; the pool's waiting figure is what the
// pool reports, turned up, since PGlite has no pool to crowd.

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

function block(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // a request handler that hogs the event loop
  }
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, spares health, and serves again after', async () => {
    const t = await createTestApp({
      env: { SHED_EVENT_LOOP_DELAY_MS: '100', SHED_RETRY_AFTER_SECONDS: '7' },
    });
    apps.push(t);
    // The app's own start (or a busy box) may have lagged the loop already: sign in once it is calm.
    await until(() => !t.app.isUnderPressure());
    const session = await signIn(t.app);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin_settings/permissions/', headers: bearer(session) });

    // Hog the event loop until the sampler sees the lag, then ask at once (a busy test box may let
    // the sampler clear it first: ask again, a bounded number of times).
    let shed = null;
    for (let attempt = 0; attempt < 20 && !shed; attempt++) {
      while (!t.app.isUnderPressure()) {
        block(600);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const res = await list();
      if (res.statusCode === 503) shed = res;
    }
    expect(shed?.statusCode).toBe(503);
    expect(shed?.headers['retry-after']).toBe('7');
    expect(shed?.json()).toEqual({ detail: BUSY_MESSAGE });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/' })).statusCode).toBe(200);

    let served = false;
    for (let attempt = 0; attempt < 100 && !served; attempt++) {
      await until(() => !t.app.isUnderPressure());
      served = (await list()).statusCode === 200;
    }
    expect(served).toBe(true);
  });

  it('answers 503 while more requests wait for a database connection than allowed', async () => {
    let waiting = 0;
    const t = await createTestApp({
      env: { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_DB_WAITING: '10' },
      viewDatabase: (database) => ({ ...database, pool: () => ({ total: 20, idle: 0, waiting }) }),
    });
    apps.push(t);
    const session = await signIn(t.app);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin_settings/permissions/', headers: bearer(session) });
    waiting = 10;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await list()).statusCode).toBe(200);
    waiting = 11;
    await until(() => t.app.isUnderPressure());
    expect((await list()).statusCode).toBe(503);
    // Readiness still reports the instance's own checks (here: no broker started), not "busy".
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/ready/' })).json()).toHaveProperty(
      'checks',
    );
    waiting = 0;
    await until(() => !t.app.isUnderPressure());
    expect((await list()).statusCode).toBe(200);
  });
});

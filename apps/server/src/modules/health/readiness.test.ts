import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';

// GET /api/v1/health/ready/: 200 only when the database answers, has the newest migration and the
// broker is connected; otherwise 503 naming what fails. Liveness (/health/) stays 200 meanwhile.

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/health/ready/' });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('readiness', () => {
  it('is ready once the embedded broker listens, and not ready, naming the migration, without the newest', async () => {
    const t = await app();
    await t.app.deviceLink.start();
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, broker: { ok: true } },
      failing: [],
    });

    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await ready(t);
    expect(behind.statusCode).toBe(503);
    const body = behind.json<{ failing: string[]; checks: { migrations: { detail: string } } }>();
    expect(body.failing).toEqual(['migrations']);
    expect(body.checks.migrations.detail).toMatch(/^migration \d{4}_\w+ not applied$/);
  });

  it('is not ready, naming the broker, while the external broker cannot be reached', async () => {
    const t = await app({ MQTT_URL: `mqtt://127.0.0.1:${await closedPort()}` });
    await expect(t.app.deviceLink.start()).rejects.toThrow();
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { ok: true }, migrations: { ok: true }, broker: { ok: false } },
      failing: ['broker'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/' })).statusCode).toBe(200);
  });

  it('is not ready, naming the database and the migrations, when the database does not answer', async () => {
    const t = await app();
    await t.app.deviceLink.start();
    await t.database.close();
    // Closed already: the test's cleanup must not close it twice.
    t.database.close = async () => {};
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { ok: false }, migrations: { ok: false }, broker: { ok: true } },
      failing: ['database', 'migrations'],
    });
  });
});

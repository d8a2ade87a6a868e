import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activations } from '../db/schema/activations';
import { users } from '../db/schema/employees';
import { poles, rmsDevices, stlts } from '../db/schema/inventory';
import { msisdnMappings } from '../db/schema/msisdn';
import { organizations } from '../db/schema/organizations';
import { deviceParameters } from '../db/schema/parameters';
import { rowsOf } from '../db/rows';
import { alarms, dailyHarvest, deviceKeys, deviceLiveState } from '../db/schema/telemetry';
import { verifyDevice } from '../telemetry/device-keys';
import { storedSamples } from '../telemetry/storage/stored-samples';
import { bearer, createTestApp, signIn, type TestApp } from '../testing/app';
import { addDevice } from '../testing/devices';
import { backfill } from './backfill';
import { loadDemoDevices } from './demo-devices';
import { DEMO_FAULTS } from './demo-faults';
import { DEMO_DEVICE_COUNT, DEMO_ORGANIZATION } from './demo-fleet';
import { DemoRunner } from './run-demo';
import { findDemoOrganization, seedDemo } from './seed-demo';

// The demo customer on first start: seeded once, with an activated fleet whose history goes through
// the normal ingest.

describe('demo seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the organization, its owner and ~200 activated devices with keys, once', async () => {
    const db = t.database.db;
    const result = await seedDemo(db);
    expect(result).toMatchObject({ devices: DEMO_DEVICE_COUNT, email: expect.any(String) });
    const orgId = result!.organizationId;
    const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org).toMatchObject({ companyName: DEMO_ORGANIZATION, isProvider: false });
    expect(org!.permissions).toContain('VIEW_DEVICE_DATA');

    const n = db.$count.bind(db);
    expect(await n(rmsDevices, eq(rmsDevices.organizationId, orgId))).toBe(DEMO_DEVICE_COUNT);
    expect(await n(stlts, eq(stlts.organizationId, orgId))).toBe(DEMO_DEVICE_COUNT);
    expect(await n(poles, eq(poles.organizationId, orgId))).toBe(DEMO_DEVICE_COUNT);
    expect(await n(msisdnMappings, eq(msisdnMappings.organizationId, orgId))).toBe(DEMO_DEVICE_COUNT);
    expect(await n(deviceParameters)).toBe(DEMO_DEVICE_COUNT);
    expect(
      await n(
        activations,
        and(
          eq(activations.organizationId, orgId),
          eq(activations.isActive, true),
          isNotNull(activations.deviceId),
          isNotNull(activations.latitude),
        ),
      ),
    ).toBe(DEMO_DEVICE_COUNT);
    const projects = await db.selectDistinct({ name: activations.name }).from(activations);
    expect(projects.length).toBeGreaterThan(3);

    // The owner signs in with the printed password.
    const people = await db.select().from(users).where(eq(users.organizationId, orgId));
    const owner = people.find((p) => p.isPrimary);
    expect(owner!.email).toBe(result!.email);
    // With the two who handle its alarms (they have no password anyone was told).
    expect(people.map((p) => `${p.firstName} ${p.lastName}`).sort()).toEqual([
      'Asha Verma',
      'Meena Iyer',
      'Ravi Kumar',
    ]);
    await signIn(t.app, result!.email, result!.password);

    // Keys are issued when the fleet runs; each one signs its device in.
    const devices = await loadDemoDevices(db, orgId);
    expect(devices).toHaveLength(DEMO_DEVICE_COUNT);
    expect(await n(deviceKeys)).toBe(DEMO_DEVICE_COUNT);
    expect(await verifyDevice(db, devices[0]!.code, devices[0]!.key)).toMatchObject({ id: devices[0]!.id });

    // A second start seeds nothing.
    expect(await seedDemo(db)).toBeNull();
    expect(await n(organizations, eq(organizations.companyName, DEMO_ORGANIZATION))).toBe(1);
    expect(await n(rmsDevices)).toBe(DEMO_DEVICE_COUNT);
  });

  it('leaves a deleted demo organization deleted at the next start, seeding nothing', async () => {
    const db = t.database.db;
    const admin = await signIn(t.app);
    const orgId = await findDemoOrganization(db);
    const deleted = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin_settings/organizations/',
      headers: bearer(admin),
      payload: { id: orgId, is_active: false },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await seedDemo(db)).toBeNull();
    const n = db.$count.bind(db);
    expect(await n(organizations, eq(organizations.companyName, DEMO_ORGANIZATION))).toBe(1);
    expect(await n(rmsDevices)).toBe(DEMO_DEVICE_COUNT);
  });
});

describe('demo history and live fleet', () => {
  let t: TestApp;
  /** Every stored sample, rows and packed alike: the storage job may pack a closed UTC day meanwhile. */
  const storedCount = async () => {
    const [row] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${storedSamples({})} s`,
    );
    return row!.n;
  };
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.deviceLink.start();
  });
  afterAll(() => t.close());

  it('writes a day of history for 5 devices through the ingest: samples, live state, daily harvest', async () => {
    const db = t.database.db;
    const seeded = await seedDemo(db, 5);
    // A device of the organization that is not one of the seeded lights is left alone (and keeps its key).
    const other = await addDevice(t, 'CLI-OTHER-1', seeded!.organizationId);
    const devices = await loadDemoDevices(db, seeded!.organizationId);
    expect(devices).toHaveLength(5);
    expect(await verifyDevice(db, other.code, other.key)).not.toBeNull();
    const now = Date.now();
    const { samples } = await backfill(t.app.deviceLink.queue, devices, {
      fromMs: now - 86_400_000,
      toMs: now,
    });
    expect(samples).toBeGreaterThanOrEqual(5 * 280);
    expect(await storedCount()).toBe(samples);
    const live = await db.select().from(deviceLiveState);
    expect(live).toHaveLength(5);
    for (const l of live) {
      expect(l.status).not.toBe('Offline');
      expect(now - l.lastTs.getTime()).toBeLessThan(10 * 60_000);
    }
    // Every light whose panel is connected harvests within a day, whatever the hour: the demo's
    // pv_disconnected fault (demo-faults.ts) keeps one of them from it.
    const harvested = await db
      .selectDistinct({ code: rmsDevices.code })
      .from(dailyHarvest)
      .innerJoin(rmsDevices, eq(rmsDevices.id, dailyHarvest.deviceId))
      .where(gt(dailyHarvest.harvestWh, 20));
    const unplugged = new Set(DEMO_FAULTS.filter((f) => f.kind === 'pv_disconnected').map((f) => f.code));
    expect(harvested.map((h) => h.code).sort()).toEqual(
      devices
        .map((d) => d.code)
        .filter((code) => !unplugged.has(code))
        .sort(),
    );
    // Alarms derive from the same samples (none need exist; the query must simply work).
    await db.select().from(alarms);

    // Running the demo again catches up from the stored state and then goes live over MQTT.
    expect(await findDemoOrganization(db)).toBe(seeded!.organizationId);
    const runner = new DemoRunner({
      db,
      queue: t.app.deviceLink.queue,
      log: t.app.log,
      mqttUrl: `mqtt://127.0.0.1:${t.app.deviceLink.mqttPort}`,
      periodMs: 200,
    });
    await runner.done;
    expect(runner.live).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 800));
    await runner.stop();
    expect(await storedCount()).toBeGreaterThan(samples);
  });
});

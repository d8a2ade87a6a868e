import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_STATUSES, type CompactMap, type MapMarker, type MapResponse } from '@rms/contracts/monitoring';
import { buildApp } from '../../app';
import { activations } from '../../db/schema/activations';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { connectDevice, sample } from '../../testing/devices';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { addUser } from '../../testing/users';

// The console's map (GET monitoring/map/compact/): the spec map's devices as columns, with an ETag that
// holds while no device changes status and no activation changes, so a reload of an unchanged fleet is
// a 304; a marker's details come one device at a time (GET monitoring/map/<device>/).

let t: TestApp;
let f: Fleet;
let viewerA: Session;
let viewerB: Session;
/** A second viewer in viewerA's organization. */
let viewerA2: Session;

const get = (session: Session | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { ...(session ? bearer(session) : {}), ...headers },
  });

beforeAll(async () => {
  t = await createTestApp();
  // The device link's MQTT listener: a device reports over it below.
  await t.app.deviceLink.start();
  f = await buildFleet(t);
  const db = t.database.db;
  for (const org of [f.lampA.organizationId, f.lampB.organizationId])
    await db
      .update(organizations)
      .set({ permissions: ['VIEW_DEVICE_DATA', 'MAP_VIEW'] })
      .where(eq(organizations.id, org));
  viewerA = await addUser(t, f.lampA.organizationId, 'map@customer-a.example', ['MAP_VIEW']);
  viewerB = await addUser(t, f.lampB.organizationId, 'map@customer-b.example', ['MAP_VIEW']);
  viewerA2 = await addUser(t, f.lampA.organizationId, 'wall@customer-a.example', ['MAP_VIEW']);
  const spot = [
    [f.lampA, 28.5, 77.1],
    [f.quietA, 28.7, 77.3],
    [f.lampB, 19.0, 72.8],
  ] as const;
  for (const [device, latitude, longitude] of spot)
    await db.update(activations).set({ latitude, longitude }).where(eq(activations.deviceId, device.id));
}, 120_000);
afterAll(() => t.close());

describe('compact map', () => {
  it('answers the full map’s devices as columns, statuses as indexes, each caller its own', async () => {
    const full = (await get(viewerA, 'monitoring/map/')).json<MapResponse>();
    const res = await get(viewerA, 'monitoring/map/compact/');
    expect(res.statusCode).toBe(200);
    const map = res.json<CompactMap>();
    const byDevice = new Map(full.data.map((m) => [m.device, m]));
    expect(map.device).toEqual([...byDevice.keys()].sort((a, b) => a - b));
    map.device.forEach((device, i) => {
      const marker = byDevice.get(device)!;
      expect([map.lat[i], map.lon[i], MAP_STATUSES[map.status[i]!]]).toEqual([
        marker.lat,
        marker.lon,
        marker.status,
      ]);
    });
    expect(map.extra_data).toEqual(full.extra_data);
    expect((await get(viewerB, 'monitoring/map/compact/')).json<CompactMap>().device).toEqual([f.lampB.id]);
    expect((await get(viewerA, 'monitoring/map/compact/?online=false')).json<CompactMap>().device).toEqual([
      f.quietA.id,
    ]);
  });

  it('answers 304 to its own ETag until a device changes status or an activation changes', async () => {
    const first = await get(viewerA, 'monitoring/map/compact/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another caller, or other filters, never get this one's 304.
    expect((await get(viewerB, 'monitoring/map/compact/', { 'if-none-match': etag })).statusCode).toBe(200);
    expect(
      (await get(viewerA, 'monitoring/map/compact/?online=false', { 'if-none-match': etag })).statusCode,
    ).toBe(200);

    // The silent light reports over MQTT: Offline → Online (the PUBACK comes once it is committed).
    const device = await connectDevice(t.app.deviceLink.mqttPort!, f.quietA);
    try {
      await device.publishAsync(
        `rms/${f.quietA.code}/telemetry`,
        JSON.stringify(sample(Date.now() - 60_000)),
        {
          qos: 1,
        },
      );
    } finally {
      await device.endAsync();
    }
    const changed = await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const map = changed.json<CompactMap>();
    expect(MAP_STATUSES[map.status[map.device.indexOf(f.quietA.id)]!]).toBe('Online');
    const etag2 = changed.headers.etag as string;
    expect(etag2).not.toBe(etag);
    expect((await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag2 })).statusCode).toBe(304);
    // Its next sample changes no status: the map, and so its ETag, stay.
    await ingest(t, f.quietA, [sample(Date.now() - 30_000)]);
    expect((await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag2 })).statusCode).toBe(304);
    // A change that is rolled back was never made: nor is the map's.
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(activations).set({ latitude: 10 }).where(eq(activations.deviceId, f.quietA.id));
        tx.rollback();
      })
      .catch(() => {});
    expect((await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag2 })).statusCode).toBe(304);

    // A light is moved.
    await t.database.db
      .update(activations)
      .set({ latitude: 28.9, updatedAt: new Date() })
      .where(eq(activations.deviceId, f.quietA.id));
    const moved = await get(viewerA, 'monitoring/map/compact/', { 'if-none-match': etag2 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<CompactMap>().lat[map.device.indexOf(f.quietA.id)]).toBe(28.9);
  });

  it('sends another viewer of the same fleet the body kept under its ETag, in the encoding each accepts', async () => {
    const first = await get(viewerA, 'monitoring/map/compact/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const map = JSON.parse(brotliDecompressSync(first.rawPayload).toString()) as CompactMap;
    const at = map.device.indexOf(f.lampA.id);

    // A change written past the version the ETag is made of (this transaction says it has counted
    // itself already, so the triggers leave the count alone): the other viewer is sent the body built
    // for the first (the map is not built again), until the version moves.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rms.map_version_bumped', '1', true)`);
      await tx.update(activations).set({ latitude: 28.55 }).where(eq(activations.deviceId, f.lampA.id));
    });
    const second = await get(viewerA2, 'monitoring/map/compact/', { 'accept-encoding': 'gzip, deflate' });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(second.rawPayload).toString())).toEqual(map);
    const plain = await get(viewerA2, 'monitoring/map/compact/', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<CompactMap>()).toEqual(map);
    expect(plain.json<CompactMap>().lat[at]).toBe(28.5);
    const unasked = await get(viewerA2, 'monitoring/map/compact/', {
      'accept-encoding': 'br',
      'x-no-compression': '1',
    });
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(unasked.json<CompactMap>()).toEqual(map);
    // Viewers asking at once all get it.
    const together = await Promise.all(
      [viewerA, viewerA2, viewerA].map((v) => get(v, 'monitoring/map/compact/')),
    );
    for (const res of together) expect(res.json<CompactMap>()).toEqual(map);
    // Another organization's viewer never gets it: their ETag and body are their own.
    const other = await get(viewerB, 'monitoring/map/compact/');
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(other.json<CompactMap>().device).toEqual([f.lampB.id]);

    await t.database.db
      .update(activations)
      .set({ updatedAt: new Date() })
      .where(eq(activations.deviceId, f.lampA.id));
    const moved = await get(viewerA2, 'monitoring/map/compact/');
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    expect(moved.json<CompactMap>().lat[at]).toBe(28.55);
  });

  it('keeps a body under the filters it was built with, however the query is spelled', async () => {
    const all = await get(viewerA, 'monitoring/map/compact/');
    const one = `device=${f.lampA.id}`;
    const filtered = await get(viewerA, `monitoring/map/compact/?${one}`);
    expect(filtered.json<CompactMap>().device).toEqual([f.lampA.id]);
    // Text after a second '?' is read by the query parser: these are the same filters, not the whole map.
    for (const spelled of [`??&${one}`, `?${one}&`, `?&${one}`]) {
      const res = await get(viewerA, `monitoring/map/compact/${spelled}`);
      expect(res.headers.etag).toBe(filtered.headers.etag);
      expect(res.json<CompactMap>().device).toEqual([f.lampA.id]);
    }
    expect(all.headers.etag).not.toBe(filtered.headers.etag);
    expect((await get(viewerA2, 'monitoring/map/compact/')).json<CompactMap>()).toEqual(all.json());
  });

  it('sees a change stamped earlier than the newest one (committed after it)', async () => {
    const before = await get(viewerA, 'monitoring/map/compact/');
    const at = before.json<CompactMap>().device.indexOf(f.lampA.id);
    await t.database.db
      .update(activations)
      .set({ latitude: 28.57, updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(activations.deviceId, f.lampA.id));
    const after = await get(viewerA2, 'monitoring/map/compact/', { 'if-none-match': before.headers.etag! });
    expect(after.statusCode).toBe(200);
    expect(after.json<CompactMap>().lat[at]).toBe(28.57);
  });

  it('never answers 304 for a copy showing another tile attribution', async () => {
    const before = await get(viewerA, 'monitoring/map/compact/');
    // The same database served with another attribution (a restart with MAP_TILE_ATTRIBUTION changed).
    const renamed = await buildApp({
      config: { ...t.config, mapTileAttribution: 'Tiles by the city' },
      database: t.database,
    });
    try {
      const res = await renamed.inject({
        method: 'GET',
        url: '/api/v1/monitoring/map/compact/',
        headers: { ...bearer(viewerA), 'if-none-match': before.headers.etag! },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<CompactMap>().extra_data.tile_attribution).toBe('Tiles by the city');
    } finally {
      await renamed.close();
    }
  });

  it('gives one marker’s details to whoever sees it on the map, 404 to others', async () => {
    const res = await get(viewerA, `monitoring/map/${f.lampA.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json<MapMarker>()).toMatchObject({ RMS_ID: 'RMS-MON-A1', device: f.lampA.id, gsm_sig: 65 });
    expect((await get(viewerB, `monitoring/map/${f.lampA.id}/`)).statusCode).toBe(404);
    expect((await get(viewerA, 'monitoring/map/abc/')).statusCode).toBe(400);
    expect((await get(null, 'monitoring/map/compact/')).statusCode).toBe(401);
    expect((await get(f.userA, 'monitoring/map/compact/')).statusCode).toBe(403);
    expect((await get(f.userA, `monitoring/map/${f.lampA.id}/`)).statusCode).toBe(403);
  });
});

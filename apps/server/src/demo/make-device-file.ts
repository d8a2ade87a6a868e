import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { placeFleet } from '@rms/simulator/fleet';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { activations } from '../db/schema/activations';
import { rmsDevices } from '../db/schema/inventory';
import { organizations } from '../db/schema/organizations';
import { issueDeviceKey } from '../telemetry/device-keys';
import { nearestSite } from './demo-fleet';
import { findDemoOrganization, placesOf } from './seed-demo';

// Makes devices for the fleet simulator CLI (tools/simulator): RMS devices activated around the map
// centre in the demo organization (or the provider's), each with a new key, written to a device file.
// On the embedded database, run it while the server is stopped (PGlite has one user at a time).
//   npm run device-file -w @rms/server -- --count 5 --prefix CLI --out /tmp/devices.json

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '5' },
    prefix: { type: 'string', default: 'CLI' },
    out: { type: 'string', default: 'devices.json' },
    seed: { type: 'string', default: '7' },
  },
});
const count = Number(values.count);
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
await database.migrate();
const db = database.db;
const orgId =
  (await findDemoOrganization(db)) ??
  (await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.isProvider, true)))[0]
    ?.id;
if (!orgId) throw new Error('no organization yet: start the server once first');
const places = await placesOf(db);
const today = new Date().toISOString().slice(0, 10);
const entries = [];
for (const m of placeFleet({ count, seed: Number(values.seed), codePrefix: values.prefix, radiusKm: 15 })) {
  let [device] = await db
    .select({ id: rmsDevices.id })
    .from(rmsDevices)
    .where(and(sql`lower(${rmsDevices.code}) = lower(${m.code})`, eq(rmsDevices.isActive, true)));
  if (!device) {
    [device] = await db
      .insert(rmsDevices)
      .values({
        code: m.code,
        model: `RMS-${m.system}`,
        manufacture: 'Simulator',
        inventoryDate: today,
        expiryDate: '2030-12-31',
        organizationId: orgId,
      })
      .returning({ id: rmsDevices.id });
    const site = nearestSite(m.latitude, m.longitude);
    const place = places.get(`${site.state}|${site.city}`)!;
    await db.insert(activations).values({
      name: 'Simulator test lights',
      deviceId: device!.id,
      address1: `Simulated light ${m.code}`,
      address2: `${site.city}, ${site.state}`,
      stateId: place.stateId,
      cityId: place.cityId,
      pin: site.pins[0]!,
      latitude: m.latitude,
      longitude: m.longitude,
      organizationId: orgId,
    });
  }
  const key = await issueDeviceKey(db, device!.id);
  entries.push({
    code: m.code,
    key,
    lat: m.latitude,
    lon: m.longitude,
    system: m.system,
    panel_wp: m.panelWp,
  });
}
writeFileSync(values.out, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
await database.close();
process.stdout.write(`${entries.length} devices with new keys written to ${values.out}\n`);

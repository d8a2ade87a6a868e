import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { organizations } from '../db/schema/organizations';
import { ensureFirstUser } from '../first-start';
import { DeviceLink } from '../telemetry/device-link';
import { makeKeyedDevice } from './factories';

// The device link alone in a process of its own, so that a test can kill it (SIGKILL: no draining, no
// goodbye) and start another on the same database. Environment: LINK_DATABASE_URL (PostgreSQL) or
// LINK_PGLITE_DIR (PGlite on disk), LINK_MQTT_PORT (0: any), LINK_DEVICE (an RMS ID to create, with
// its key). It reports over IPC: {port, device?}; asked {type:'samples', deviceId}, it answers the
// device's stored sample times.

const database = await openDatabase({
  databaseUrl: process.env.LINK_DATABASE_URL,
  pgliteDir: process.env.LINK_PGLITE_DIR,
});
await database.migrate();
const db = database.db;
let device: { id: number; code: string; key: string } | undefined;
if (process.env.LINK_DEVICE) {
  await ensureFirstUser(db, { email: 'link@test.example', password: 'Link-pass-1234' });
  const [org] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  device = await makeKeyedDevice(db, { code: process.env.LINK_DEVICE, organizationId: org!.id });
}
const link = new DeviceLink({
  db,
  log: pino({ level: 'silent' }),
  timeZone: 'Asia/Kolkata',
  mqttPort: Number(process.env.LINK_MQTT_PORT ?? 0),
  mqttHost: '127.0.0.1',
  writers: database.kind === 'postgres' ? 4 : 1,
});
await link.start();

process.on('message', (m: { type: string; deviceId: number }) => {
  if (m.type !== 'samples') return;
  void rowsOf<{ ts: string }>(
    db,
    sql`select ts from telemetry_samples where device_id = ${m.deviceId} order by ts`,
  ).then((rows) => process.send!({ type: 'samples', ts: rows.map((r) => Date.parse(r.ts)) }));
});
process.on('disconnect', () => process.exit(1));
process.send!({ type: 'ready', port: link.mqttPort, device });

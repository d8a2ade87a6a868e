import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, Param, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rmsDevices } from '../db/schema/inventory';
import { deviceKeys } from '../db/schema/telemetry';
import { IDENTIFIER_PATTERN } from '@rms/contracts/fields';
import { isDeviceCode } from './topics';

// Device identity (docs/device-link.md): a device signs in with its RMS ID and its key, over MQTT
// (username, password) or HTTP. The key is shown once, when made; only its hash is kept.

export interface DeviceIdentity {
  /** Inventory id (rms_devices.id). */
  id: number;
  /** The RMS ID, as in topics. */
  code: string;
  organizationId: number;
}

export function newDeviceKey(): string {
  return `rmsk_${randomBytes(32).toString('base64url')}`;
}

function hashOf(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** Makes (or replaces) a device's key and returns it; the old key stops working at once. */
export async function issueDeviceKey(db: Db, deviceId: number): Promise<string> {
  const key = newDeviceKey();
  const keyHash = hashOf(key).toString('hex');
  await db
    .insert(deviceKeys)
    .values({ deviceId, keyHash })
    .onConflictDoUpdate({ target: deviceKeys.deviceId, set: { keyHash, createdAt: new Date() } });
  return key;
}

/**
 * Makes (or replaces) the keys of many devices in one statement and answers them by device id; each old
 * key stops working at once. Runs in the caller's transaction when given one.
 */
export async function issueDeviceKeys(db: Db, deviceIds: number[]): Promise<Map<number, string>> {
  const keys = new Map(deviceIds.map((id) => [id, newDeviceKey()]));
  if (!keys.size) return keys;
  const ids = [...keys.keys()];
  const hashes = ids.map((id) => hashOf(keys.get(id)!).toString('hex'));
  await db.execute(sql`
    insert into ${deviceKeys} (${sql.identifier(deviceKeys.deviceId.name)}, ${sql.identifier(deviceKeys.keyHash.name)})
    select * from unnest(${new Param(ids)}::integer[], ${new Param(hashes)}::text[])
    on conflict (${sql.identifier(deviceKeys.deviceId.name)}) do update
      set ${sql.identifier(deviceKeys.keyHash.name)} = excluded.${sql.identifier(deviceKeys.keyHash.name)},
          ${sql.identifier(deviceKeys.createdAt.name)} = now()`);
  return keys;
}

/** The active device with this RMS ID (case-insensitive), or null; an id outside the grammar is never one. */
export async function findDevice(db: Db, code: string): Promise<DeviceIdentity | null> {
  if (!isDeviceCode(code)) return null;
  const [row] = await db
    .select({ id: rmsDevices.id, code: rmsDevices.code, organizationId: rmsDevices.organizationId })
    .from(rmsDevices)
    .where(and(sql`lower(${rmsDevices.code}) = lower(${code})`, eq(rmsDevices.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The active device with this RMS ID whose key matches, or null. */
export async function verifyDevice(db: Db, code: string, key: string): Promise<DeviceIdentity | null> {
  // An RMS ID outside the grammar (made before it existed) is refused: its topics could hold wildcards.
  if (!isDeviceCode(code) || !key || key.length > 200) return null;
  const [row] = await db
    .select({
      id: rmsDevices.id,
      code: rmsDevices.code,
      organizationId: rmsDevices.organizationId,
      keyHash: deviceKeys.keyHash,
    })
    .from(rmsDevices)
    .innerJoin(deviceKeys, eq(deviceKeys.deviceId, rmsDevices.id))
    .where(and(sql`lower(${rmsDevices.code}) = lower(${code})`, eq(rmsDevices.isActive, true)))
    .limit(1);
  if (!row) return null;
  const expected = Buffer.from(row.keyHash, 'hex');
  const given = hashOf(key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { id: row.id, code: row.code, organizationId: row.organizationId };
}

/**
 * RMS IDs stored before the id grammar existed that break it. Such a device is refused at sign-in
 * (its topics could hold wildcards); the server names them at start so that someone renames them.
 */
export async function devicesOutsideGrammar(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: rmsDevices.code })
    .from(rmsDevices)
    .where(sql`${rmsDevices.code} !~ ${IDENTIFIER_PATTERN.source}`)
    .orderBy(rmsDevices.id);
  return rows.map((r) => r.code);
}

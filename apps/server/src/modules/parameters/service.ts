import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PARAMETER_DEFAULTS,
  PARAMETER_FIELDS,
  crossFieldIssues,
  type BulkParameterBody,
  type ParameterSetting,
  type ParameterValues,
} from '@rms/contracts/parameters';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { deviceCommands } from '../../db/schema/commands';
import { deviceParameters } from '../../db/schema/parameters';
import { isUniqueViolation } from '../../db/unique-violation';
import { fieldError } from '../../errors';
import { recordCommands } from '../../telemetry/commands';
import { devicesInScope, selectedDevicesOf, type ScopedDevice } from './devices-in-scope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The device's newest parameter version with its command's status, or the defaults (version null). */
export async function getSetting(db: Db, auth: AuthUser, deviceId: number): Promise<ParameterSetting> {
  const [device] = await devicesInScope(db, auth, [deviceId]);
  return settingOf(db, device!);
}

async function settingOf(db: Db, device: ScopedDevice): Promise<ParameterSetting> {
  const [row] = await db
    .select({ version: deviceParameters, status: deviceCommands.status })
    .from(deviceParameters)
    .leftJoin(deviceCommands, eq(deviceCommands.id, deviceParameters.commandId))
    .where(eq(deviceParameters.deviceId, device.id))
    .orderBy(desc(deviceParameters.version))
    .limit(1);
  return {
    id: row?.version.id ?? null,
    device: device.id,
    device_data: { id: device.id, device_id: device.deviceId },
    version: row?.version.version ?? null,
    values: row ? { ...PARAMETER_DEFAULTS, ...row.version.values } : { ...PARAMETER_DEFAULTS },
    created_at: row?.version.createdAt.toISOString() ?? null,
    command_status: row?.status ?? null,
  };
}

/** Keeps only the parameter fields, in contract order (the stored JSON and the command payload). */
function pickValues(source: Record<string, unknown>): ParameterValues {
  return Object.fromEntries(PARAMETER_FIELDS.map((f) => [f, source[f]])) as ParameterValues;
}

/** Saves a new version of one device's parameters and records the command that sends them. */
export async function saveSetting(
  db: Db,
  auth: AuthUser,
  body: { device: number } & ParameterValues,
): Promise<ParameterSetting> {
  const [device] = await devicesInScope(db, auth, [body.device]);
  const values = pickValues(body);
  await withVersionRetry(() =>
    db.transaction(async (tx) => {
      await storeVersions(tx, auth, [{ device: device!, values }], 'parameters');
    }),
  );
  return settingOf(db, device!);
}

/**
 * Bulk parameter: for each device a new version of its newest values (or the defaults) with the load
 * watt and the two brightness hours replaced, and one `bulk_parameter` command each, all or nothing.
 */
export async function saveBulk(db: Db, auth: AuthUser, body: BulkParameterBody): Promise<number> {
  const devices = await selectedDevicesOf(db, auth, body);
  await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const newest = await newestValues(
        tx,
        devices.map((d) => d.id),
      );
      const sets = devices.map((device) => {
        const values: ParameterValues = {
          ...PARAMETER_DEFAULTS,
          ...newest.get(device.id),
          load_regulation: body.load_regulation,
          dim_1: body.dim_1,
          dim_2: body.dim_2,
        };
        // The device's other hours still count towards the night's 24 h.
        const issue = crossFieldIssues(values).find((i) => i.field === 'dim_2');
        if (issue) throw fieldError('dim_2', `${issue.message} (${device.deviceId})`);
        return { device, values };
      });
      await storeVersions(tx, auth, sets, 'bulk_parameter');
    }),
  );
  return devices.length;
}

async function newestValues(tx: Tx, ids: number[]): Promise<Map<number, Record<string, number>>> {
  const rows = await tx
    .selectDistinctOn([deviceParameters.deviceId], {
      deviceId: deviceParameters.deviceId,
      values: deviceParameters.values,
    })
    .from(deviceParameters)
    .where(inArray(deviceParameters.deviceId, ids))
    .orderBy(deviceParameters.deviceId, desc(deviceParameters.version));
  return new Map(rows.map((r) => [r.deviceId, r.values]));
}

async function storeVersions(
  tx: Tx,
  auth: AuthUser,
  sets: { device: ScopedDevice; values: ParameterValues }[],
  kind: 'parameters' | 'bulk_parameter',
): Promise<void> {
  const ids = sets.map((s) => s.device.id);
  const latest = await tx
    .select({ deviceId: deviceParameters.deviceId, version: sql<number>`max(${deviceParameters.version})` })
    .from(deviceParameters)
    .where(inArray(deviceParameters.deviceId, ids))
    .groupBy(deviceParameters.deviceId);
  const versionOf = new Map(latest.map((r) => [r.deviceId, Number(r.version)]));
  const commandIds = await recordCommands(
    tx,
    sets.map((s) => ({
      deviceId: s.device.id,
      organizationId: s.device.organizationId,
      kind,
      payload: s.values,
      createdBy: auth.id,
    })),
  );
  await tx.insert(deviceParameters).values(
    sets.map((s, i) => ({
      deviceId: s.device.id,
      version: (versionOf.get(s.device.id) ?? 0) + 1,
      values: s.values,
      commandId: commandIds[i]!,
      createdBy: auth.id,
    })),
  );
}

/** Two saves for one device may pick the same next version; the unique index refuses one, which retries. */
async function withVersionRetry(work: () => Promise<void>, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}

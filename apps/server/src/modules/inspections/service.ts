import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InspectionBody, InspectionRow } from '@rms/contracts/inspections';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { inspectionDevices, inspections } from '../../db/schema/inspections';
import { deviceCommands } from '../../db/schema/commands';
import { rmsDevices } from '../../db/schema/inventory';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { containsPattern } from '../../db/search';
import { recordCommands } from '../../telemetry/commands';
import { selectedDevicesOf } from '../parameters';

/** One inspection and one `inspection` command per device (all or nothing). */
export async function inspect(db: Db, auth: AuthUser, body: InspectionBody): Promise<InspectionRow> {
  const devices = await selectedDevicesOf(db, auth, body);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inspections)
      .values({ insp: body.insp, organizationId: auth.organizationId, createdBy: auth.id })
      .returning({ id: inspections.id });
    const commandIds = await recordCommands(
      tx,
      devices.map((d) => ({
        deviceId: d.id,
        organizationId: d.organizationId,
        kind: 'inspection' as const,
        payload: { insp: body.insp, inspection: row!.id },
        createdBy: auth.id,
      })),
    );
    await tx
      .insert(inspectionDevices)
      .values(devices.map((d, i) => ({ inspectionId: row!.id, deviceId: d.id, commandId: commandIds[i]! })));
    return row!.id;
  });
  const [saved] = await rowsOf(db, [id]);
  return saved!;
}

/** The history, newest first; `query` matches a device id of the inspection. */
export async function listInspections(db: Db, auth: AuthUser, query: PageParams & { query?: string }) {
  const text = query.query?.trim();
  const where = and(
    orgScope(inspections.organizationId, auth),
    text
      ? inArray(
          inspections.id,
          db
            .select({ id: inspectionDevices.inspectionId })
            .from(inspectionDevices)
            .innerJoin(rmsDevices, eq(rmsDevices.id, inspectionDevices.deviceId))
            .where(sql`${rmsDevices.code} ilike ${containsPattern(text)}`),
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: inspections.id })
      .from(inspections)
      .where(where)
      .orderBy(desc(inspections.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(inspections).where(where),
  ]);
  return pageOf(
    query,
    await rowsOf(
      db,
      ids.map((r) => r.id),
    ),
    total?.n ?? 0,
  );
}

async function rowsOf(db: Db, ids: number[]): Promise<InspectionRow[]> {
  if (ids.length === 0) return [];
  const heads = await db.select().from(inspections).where(inArray(inspections.id, ids));
  const members = await db
    .select({
      inspectionId: inspectionDevices.inspectionId,
      id: rmsDevices.id,
      deviceId: rmsDevices.code,
      commandStatus: deviceCommands.status,
    })
    .from(inspectionDevices)
    .innerJoin(rmsDevices, eq(rmsDevices.id, inspectionDevices.deviceId))
    .leftJoin(deviceCommands, eq(deviceCommands.id, inspectionDevices.commandId))
    .where(inArray(inspectionDevices.inspectionId, ids))
    .orderBy(rmsDevices.code);
  const byId = new Map(heads.map((h) => [h.id, h]));
  return ids.map((id) => {
    const head = byId.get(id)!;
    const data = members
      .filter((m) => m.inspectionId === id)
      .map((m) => ({ id: m.id, device_id: m.deviceId, command_status: m.commandStatus ?? null }));
    return {
      id,
      created_at: head.createdAt.toISOString(),
      devices: data.map((d) => d.id),
      devices_data: data,
      insp: head.insp,
    };
  });
}

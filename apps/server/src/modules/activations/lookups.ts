import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  isNotNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ActivationItemKind, AvailableItem, DeviceListItem } from '@rms/contracts/activations';
import { MAX_PAGE_SIZE } from '@rms/contracts/common';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { activations } from '../../db/schema/activations';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { searches, textSearch } from '../../db/search';
import { notFound } from '../../errors';
import { ACTIVATION_MESSAGES as M } from '@rms/contracts/activations';
import { visibleActivations } from './filters';
import { cityName, companyName, stateName } from './select';

// Lookups around activations: the activated devices for device pickers (spec 02 §3 "Device list item"),
// the project names for the list filter, and the form's choices of RMS devices, STLTs and poles.

type ListParams = PageParams & { query?: string | undefined };

/** Activated devices the caller sees; `query` matches the device ID and the project name. */
export async function listActivatedDevices(db: Db, auth: AuthUser, params: ListParams) {
  const where = and(
    visibleActivations(auth),
    isNotNull(activations.deviceId),
    textSearch(params.query, [rmsDevices.code, rmsDevices.model, activations.name]),
  );
  const { limit, offset } = pageWindow(params);
  const all = db.select({ n: count() }).from(activations).$dynamic();
  // The device is joined to the count only for a text search (its code and model): see countActivations.
  const counted = searches(params.query)
    ? all.innerJoin(rmsDevices, eq(rmsDevices.id, activations.deviceId))
    : all;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        a: activations,
        deviceCode: rmsDevices.code,
        deviceModel: rmsDevices.model,
        companyName,
        stateName,
        cityName,
      })
      .from(activations)
      .innerJoin(rmsDevices, eq(rmsDevices.id, activations.deviceId))
      .where(where)
      .orderBy(desc(activations.id))
      .limit(limit)
      .offset(offset),
    counted.where(where),
  ]);
  const items = rows.map((r): DeviceListItem => ({
    id: r.a.id,
    device: r.a.deviceId!,
    device_data: { id: r.a.deviceId!, device_id: r.deviceCode, model: r.deviceModel },
    name: r.a.name,
    battery_id: r.a.batteryId,
    panel_id: r.a.panelId,
    organization_data: { id: r.a.organizationId, company_name: r.companyName },
    state_data: { id: r.a.stateId, name: r.stateName },
    city_data: { id: r.a.cityId, name: r.cityName },
    pin: r.a.pin,
  }));
  return pageOf(params, items, total?.n ?? 0);
}

/** Distinct project names of the activations the caller sees, in name order. */
export async function listProjects(db: Db, auth: AuthUser, params: ListParams) {
  const where = and(visibleActivations(auth), textSearch(params.query, [activations.name]));
  const { limit, offset } = pageWindow(params);
  const [rows, [total]] = await Promise.all([
    db
      .selectDistinct({ name: activations.name })
      .from(activations)
      .where(where)
      .orderBy(asc(activations.name))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: countDistinct(activations.name) })
      .from(activations)
      .where(where),
  ]);
  return pageOf(params, rows, total?.n ?? 0);
}

const KINDS = {
  rms: { table: rmsDevices, column: activations.deviceId },
  stlt: { table: stlts, column: activations.stltId },
  pole: { table: poles, column: activations.poleId },
} as const;

/**
 * The form's choices: active items of the caller's organization that no active activation uses. With
 * `activationId` (editing), the organization is that activation's and the item it uses is included.
 */
export async function listAvailableItems(
  db: Db,
  auth: AuthUser,
  kind: ActivationItemKind,
  activationId?: number,
  query?: string,
): Promise<AvailableItem[]> {
  const { table, column } = KINDS[kind];
  let organizationId = auth.organizationId;
  let current: SQL | undefined;
  if (activationId !== undefined) {
    const [editing] = await db
      .select({ organizationId: activations.organizationId, item: column })
      .from(activations)
      .where(and(eq(activations.id, activationId), visibleActivations(auth)));
    if (!editing) throw notFound(M.notFound);
    organizationId = editing.organizationId;
    if (editing.item !== null) current = eq(table.id, editing.item);
  }
  const used = db
    .select({ one: sql`1` })
    .from(activations)
    .where(and(eq(column, table.id), eq(activations.isActive, true)));
  return db
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(
      and(
        eq(table.isActive, true),
        eq(table.organizationId, organizationId),
        current ? or(current, notExists(used)) : notExists(used),
        textSearch(query, [table.code]),
      ),
    )
    .orderBy(asc(table.code))
    .limit(MAX_PAGE_SIZE);
}

/** The poles the caller's active activations use, for the list's pole filter. */
export async function listActivatedPoles(db: Db, auth: AuthUser): Promise<AvailableItem[]> {
  return db
    .selectDistinct({ id: poles.id, code: poles.code })
    .from(activations)
    .innerJoin(poles, eq(poles.id, activations.poleId))
    .where(visibleActivations(auth))
    .orderBy(asc(poles.code), asc(poles.id))
    .limit(MAX_PAGE_SIZE);
}

import { and, desc, eq } from 'drizzle-orm';
import {
  ACTIVATION_MESSAGES as M,
  type ActivationFields,
  type ActivationListQuery,
  type ActivationRow,
  type ActivationUpdateBody,
} from '@rms/contracts/activations';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { pageOf, pageWindow } from '../../db/paging';
import { activations } from '../../db/schema/activations';
import { rmsDevices } from '../../db/schema/inventory';
import { validateOne } from '../../batch/form-row';
import { guardUniqueFields } from '../../db/unique-violation';
import { refuseDeletedOrganization, restoreRow, softDelete } from '../../db/soft-delete';
import { orgScope } from '../../auth/tenant';
import { notFound } from '../../errors';
import { recordCommands } from '../../telemetry/commands';
import { ITEMS, saveActivations, validateActivations } from './batch';
import { activationWhere, searchesItemCodes, visibleActivations } from './filters';
import { countActivations, findActivation, selectActivations, toRow } from './select';

// Device activations (spec 02 §2, §4, §5): an organization's RMS device activated as a project, with
// its STLT and pole. Each item must be active, owned by the activation's organization and used by no
// other active activation; the partial unique indexes settle two saves that pass the checks at once.

/** Who saves: the activation belongs to the caller's organization. */
export type Activator = Pick<AuthUser, 'id' | 'organizationId'>;

export async function listActivations(db: Db, auth: AuthUser, query: ActivationListQuery) {
  const where = activationWhere(auth, query, query);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    selectActivations(db, query.is_parameter_data === 'true')
      .where(where)
      .orderBy(desc(activations.id))
      .limit(limit)
      .offset(offset),
    countActivations(db, where, { searched: searchesItemCodes(query) }),
  ]);
  return pageOf(query, rows.map(toRow), total);
}

/** One active activation the caller sees, or 404. */
export async function getActivation(db: Db, auth: AuthUser, id: number): Promise<ActivationRow> {
  const row = await findActivation(db, and(eq(activations.id, id), visibleActivations(auth)));
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * Activates a device for the activator's organization: the form's row through the rules and the save a
 * sheet's rows take (batch.ts). `body` is already parsed by the contract.
 */
export async function createActivation(db: Db, by: Activator, body: ActivationFields): Promise<number> {
  const row = await validateOne(validateActivations(), { db, auth: by }, body);
  const [id] = await guardTaken(() =>
    db.transaction(async (tx) => {
      const ids = await saveActivations({ db: tx, auth: by }, [row]);
      // The sheet's unnest insert cannot carry an array per row, so the form's tags follow it here.
      if (row.tags?.length)
        await tx
          .update(activations)
          .set({ tags: uniqueTags(row.tags) })
          .where(eq(activations.id, ids[0]!));
      return ids;
    }),
  );
  return id!;
}

/**
 * Saves an activation's fields, soft-deletes it (which frees its device, STLT and pole) or restores it:
 * a restore takes its device, STLT and pole back, so each must still be the organization's, active and
 * used by no other active activation (the field is named otherwise).
 */
export async function updateActivation(
  db: Db,
  auth: AuthUser,
  body: ActivationUpdateBody,
): Promise<{ id: number; detail: string }> {
  const scope = orgScope(activations.organizationId, auth);
  const visible = and(eq(activations.id, body.id), visibleActivations(auth));
  if (body.kind === 'delete') {
    const id = await softDelete(db, activations, and(eq(activations.id, body.id), scope));
    if (id === null) throw notFound(M.notFound);
    return { id, detail: M.deleted };
  }
  if (body.kind === 'restore' || body.restore) {
    const restored = await restoreRow(db, activations, body.id, {
      scope,
      check: async (tx, row) => {
        await refuseDeletedOrganization(tx, row.organizationId);
        const items = {
          state: row.stateId,
          city: row.cityId,
          device: row.deviceId,
          stlt: row.stltId,
          pole: row.poleId,
        };
        const rules = validateActivations({ exceptId: row.id, notOwned: M.itemGone });
        await validateOne(rules, { db: tx, auth: { organizationId: row.organizationId } }, items);
      },
      guard: guardTaken,
    });
    if (restored) return { id: restored.id, detail: M.restored };
  }
  const [existing] = await db
    .select({ organizationId: activations.organizationId })
    .from(activations)
    .where(visible);
  if (!existing) throw notFound(M.notFound);
  // {id, is_active: true} on an activation that is not deleted: nothing to change.
  if (body.kind === 'restore') return { id: body.id, detail: M.updated };
  const { id, kind: _kind, restore: _restore, ...fields } = body;
  await validateOne(validateActivations({ exceptId: id }), { db, auth: existing }, fields);
  const [row] = await guardTaken(() =>
    db
      .update(activations)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(visible)
      .returning({ id: activations.id }),
  );
  if (!row) throw notFound(M.notFound);
  return { id: row.id, detail: M.updated };
}

/** Records a `refresh` command for a device of an active activation the caller sees. */
export async function refreshDevice(db: Db, auth: AuthUser, deviceId: number): Promise<number> {
  const [row] = await db
    .select({ organizationId: rmsDevices.organizationId })
    .from(activations)
    .innerJoin(rmsDevices, eq(rmsDevices.id, activations.deviceId))
    .where(and(eq(activations.deviceId, deviceId), visibleActivations(auth)));
  if (!row) throw notFound(M.notFound);
  const [id] = await recordCommands(db, [
    { deviceId, organizationId: row.organizationId, kind: 'refresh', createdBy: auth.id },
  ]);
  return id!;
}

function columnsOf(body: ActivationFields) {
  return {
    name: body.name,
    deviceId: body.device,
    stltId: body.stlt,
    poleId: body.pole,
    address1: body.address1,
    address2: body.address2,
    stateId: body.state,
    cityId: body.city,
    pin: body.pin,
    panelId: body.panel_id,
    batteryId: body.battery_id,
    latitude: body.latitude,
    longitude: body.longitude,
    // Absent: undefined, which the update leaves out (unchanged) and the insert fills with no tags.
    tags: body.tags === undefined ? undefined : uniqueTags(body.tags),
  };
}

/** Each tag once, in the order given. */
function uniqueTags(tags: string[]): string[] {
  return [...new Set(tags)];
}

/** Two saves can pass the check at once; then the partial unique index decides, and names the field. */
function guardTaken<T>(write: () => Promise<T>): Promise<T> {
  return guardUniqueFields(write, ITEMS);
}

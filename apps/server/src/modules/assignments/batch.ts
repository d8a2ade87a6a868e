import { and, eq, getTableName, Param, sql } from 'drizzle-orm';
import {
  ASSIGNMENT,
  ASSIGNMENT_MESSAGES as M,
  type AssignmentInput,
  type AssignmentKind,
} from '@rms/contracts/assignments';
import { MESSAGES } from '@rms/contracts/messages';
import type { AuthUser } from '../../auth/access';
import { BatchConflict, splitRows, type RowProblem, type ValidateMany } from '../../batch/batch';
import type { Db } from '../../db/client';
import { assignments } from '../../db/schema/assignments';
import { organizations } from '../../db/schema/organizations';
import { insertUnnest } from '../../db/unnest-insert';
import { moveOrgHarvest } from '../../telemetry/org-harvest';
import {
  assignable,
  buyerCandidates,
  deviceTypeValues,
  expiryError,
  inActivation,
  TABLES,
} from './assignable';

// Assignments in batches, for the assign form (one row) and the sheet (many): the rules in a few
// queries for all rows, and every move applied with one UPDATE ... FROM unnest and one history insert.

/**
 * The assign rules. An item the caller does not see (another organization's, for a customer; deleted)
 * is `missing` (the form answers 404); else the item must be the caller's own and not activated, the
 * buyer an organization the caller sees other than its own, the expiry after today, and an RMS device
 * type an enabled value of its list (the row goes on with the value as the list spells it).
 */
export function validateAssignments(kind: AssignmentKind): ValidateMany<AssignmentInput> {
  const t = TABLES[kind];
  const { itemField } = ASSIGNMENT[kind];
  return async ({ db, auth, today }, rows) => {
    if (!rows.length) return { rows: [], problems: [] };
    const ids = (values: number[]) => new Param([...new Set(values)]);
    // One statement after another: the rules run inside the save's transaction, on one connection.
    const items = await db
      .select({ id: t.id, organizationId: t.organizationId, activated: inActivation(db, kind) })
      .from(t)
      .where(
        and(
          sql`${t.id} = any(${ids(rows.map((r) => r.data.item))}::integer[])`,
          eq(t.isActive, true),
          auth.isProvider ? undefined : eq(t.organizationId, auth.organizationId),
        ),
      );
    const buyers = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          sql`${organizations.id} = any(${ids(rows.map((r) => r.data.buyer))}::integer[])`,
          buyerCandidates(auth),
        ),
      );
    const deviceTypes =
      kind === 'rms'
        ? await deviceTypeValues(
            db,
            rows.map((r) => r.data.device_type ?? ''),
          )
        : undefined;
    const itemById = new Map(items.map((i) => [i.id, i]));
    const buyerIds = new Set(buyers.map((b) => b.id));
    const deviceType = (text: string | undefined) => deviceTypes?.get((text ?? '').toLowerCase());
    const problems: RowProblem[] = [];
    for (const { row, data } of rows) {
      const refuse = (field: string, message: string) => problems.push({ row, field, message });
      const item = itemById.get(data.item);
      if (!item) problems.push({ row, field: itemField, message: MESSAGES.notFound, missing: true });
      else if (item.organizationId !== auth.organizationId || item.activated)
        refuse(itemField, M.itemNotAssignable);
      if (data.buyer === auth.organizationId) refuse('buyer', M.buyerOwn);
      else if (!buyerIds.has(data.buyer)) refuse('buyer', M.buyerUnknown);
      const expiry = expiryError(data.expiry_date, today);
      if (expiry) refuse('expiry_date', expiry);
      if (deviceTypes && !deviceType(data.device_type)) refuse('device_type', M.deviceTypeUnknown);
    }
    return splitRows(rows, problems, ({ data }) =>
      deviceTypes ? { ...data, device_type: deviceType(data.device_type) } : data,
    );
  };
}

/**
 * Moves every item to its buyer (an RMS device with its fleet harvest) and keeps a history row per
 * move, on `db` (run it in a transaction);
 * answers the history rows' ids. The move re-states the rules' conditions on the item: if any item is
 * no longer assignable (another save moved it meanwhile), it throws BatchConflict.
 */
export async function assignMany(
  db: Db,
  auth: AuthUser,
  kind: AssignmentKind,
  inputs: AssignmentInput[],
): Promise<number[]> {
  if (!inputs.length) return [];
  const t = TABLES[kind];
  const ids = inputs.map((i) => i.item);
  const moved = await db.execute(
    sql`update ${t} set organization_id = u.buyer, updated_at = now()
          ${kind === 'rms' ? sql`, expiry_date = u.expiry` : sql``}
        from unnest(${new Param(ids)}::integer[], ${new Param(inputs.map((i) => i.buyer))}::integer[],
                    ${new Param(inputs.map((i) => i.expiry_date))}::date[]) as u(id, buyer, expiry)
        where ${t.id} = u.id and ${assignable(db, kind, auth)}
        returning ${t.id}`,
  );
  // PGlite and node-postgres both answer `rows`; Db's union type leaves the result unknown.
  if ((moved as { rows: unknown[] }).rows.length !== inputs.length) throw new BatchConflict();
  // The fleet harvest follows a device's current organization: its days move with it, now that the
  // devices' rows are locked by the update (the ingest waits for them: telemetry/org-harvest.ts).
  if (kind === 'rms')
    await moveOrgHarvest(
      db,
      auth.organizationId,
      inputs.map((i) => ({ deviceId: i.item, toOrganization: i.buyer })),
    );
  return insertUnnest(
    db,
    getTableName(assignments),
    [
      { name: assignments.itemId.name, type: 'integer', values: ids },
      { name: assignments.toOrganizationId.name, type: 'integer', values: inputs.map((i) => i.buyer) },
      { name: assignments.expiryDate.name, type: 'date', values: inputs.map((i) => i.expiry_date) },
      {
        name: assignments.deviceType.name,
        type: 'text',
        values: inputs.map((i) => (kind === 'rms' ? (i.device_type ?? null) : null)),
      },
    ],
    { kind, from_organization_id: auth.organizationId, assigned_by: auth.id },
  );
}

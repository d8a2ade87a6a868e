import { and, eq, getTableName, Param, sql } from 'drizzle-orm';
import type { AssignmentInput, AssignmentKind } from '@rms/contracts/assignments';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { assignments } from '../../db/schema/assignments';
import { organizations } from '../../db/schema/organizations';
import { insertUnnest } from '../../db/unnest-insert';
import { BulkConflict } from '../bulk-upload/engine';
import { assignable, buyerCandidates, inActivation, TABLES } from './service';

// Many assignments at once (the Excel upload): the names a sheet holds resolved to ids in one query per
// kind of name, and every move applied with one UPDATE ... FROM unnest and one history insert, under
// the same conditions as assignItem.

/** Organizations the caller may assign to, by lower-cased e-mail. */
export async function buyersByEmail(db: Db, auth: AuthUser, emails: string[]): Promise<Map<string, number>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .select({ id: organizations.id, email: sql<string>`lower(${organizations.email})` })
    .from(organizations)
    .where(
      and(buyerCandidates(auth), sql`lower(${organizations.email}) = any(${new Param(lowered)}::text[])`),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

export interface HeldItem {
  id: number;
  /** Held by the caller's organization and not in an active activation. */
  assignable: boolean;
}

/**
 * Active items of the caller's organization with these ID texts, by lower-cased code. Items of other
 * organizations are not listed: for the caller they do not exist (as the single assign answers 404).
 */
export async function heldItemsByCode(
  db: Db,
  auth: AuthUser,
  kind: AssignmentKind,
  codes: string[],
): Promise<Map<string, HeldItem>> {
  const t = TABLES[kind];
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  const rows = await db
    .select({ id: t.id, code: sql<string>`lower(${t.code})`, activated: inActivation(db, kind) })
    .from(t)
    .where(
      and(
        eq(t.isActive, true),
        eq(t.organizationId, auth.organizationId),
        sql`lower(${t.code}) = any(${new Param(lowered)}::text[])`,
      ),
    );
  return new Map(rows.map((r) => [r.code, { id: r.id, assignable: !r.activated }]));
}

/**
 * Moves every item to its buyer and keeps a history row per move, on `db` (the upload's transaction).
 * The move re-states assignItem's conditions; if any item is no longer assignable, nothing is kept.
 */
export async function assignMany(
  db: Db,
  auth: AuthUser,
  kind: AssignmentKind,
  inputs: (AssignmentInput & { device_type?: string | undefined })[],
): Promise<number> {
  if (!inputs.length) return 0;
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
  if ((moved as { rows: unknown[] }).rows.length !== inputs.length) throw new BulkConflict();
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

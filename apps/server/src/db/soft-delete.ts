import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DeletedRowsQuery } from '@rms/contracts/soft-delete';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { fieldError } from '../errors';
import type { Db } from './client';
import { organizations } from './schema/organizations';

// Soft delete and restore, written once for every area whose rows can be deleted and brought back
// (users, organizations, inventory, MSISDN mappings, activations; contracts/soft-delete.ts has the
// API). Deleting sets is_active false; lists and lookups then skip the row, and any unique index over
// active rows frees its values. Restoring sets it true again, after the area's checks that nothing now
// conflicts (another active row took its values, its organization was deleted ...): those refuse
// with a field error instead of bringing back a row that breaks a rule.

/** A table whose rows are deleted softly. */
export type SoftDeletable = PgTable & { id: PgColumn; isActive: PgColumn; updatedAt: PgColumn };

/** The list's condition: only deleted rows with `is_active=false`, otherwise only active ones. */
export function listedRows(table: SoftDeletable, query: DeletedRowsQuery): SQL {
  return eq(table.isActive, query.is_active !== 'false');
}

/**
 * Deletes the active row matching `where` (the caller's scope and id) and answers its id, or null when
 * no active row matched. `db` may be a transaction, for areas that end more with the row.
 */
export async function softDelete(
  db: Db,
  table: SoftDeletable,
  where: SQL | undefined,
): Promise<number | null> {
  const [row] = await db
    .update(table)
    .set({ isActive: false, updatedAt: new Date() } as never)
    .where(and(where, eq(table.isActive, true)))
    .returning({ id: table.id });
  return row ? (row.id as number) : null;
}

/** What an area checks and does when one of its rows is restored. */
export interface RestoreRules<Row> {
  /** The caller's organization scope over the table: a deleted row outside it is not found. */
  scope: SQL | undefined;
  /** Throws a field error when the row cannot come back as it is (runs in the restoring transaction). */
  check: (tx: Db, row: Row) => Promise<void>;
  /** Brings back what was deleted with the row (an organization's people). */
  alongside?: (tx: Db, row: Row) => Promise<void>;
  /**
   * Wraps the whole restore: a unique index over active rows may still refuse it when a concurrent
   * save took the value after the check; the area turns that into its field error.
   */
  guard?: <T>(write: () => Promise<T>) => Promise<T>;
}

/**
 * Restores the deleted row `id` inside the scope: checks, sets is_active, brings back what goes with it,
 * all in one transaction. Answers the row as it was found, or null when no deleted row matched (the
 * caller then treats the request as for an active row: unchanged, or 404).
 */
export async function restoreRow<T extends SoftDeletable>(
  db: Db,
  table: T,
  id: number,
  rules: RestoreRules<T['$inferSelect']>,
): Promise<T['$inferSelect'] | null> {
  const run = () =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = (await tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), eq(table.isActive, false), rules.scope))
        .for('update')) as T['$inferSelect'][];
      if (!row) return null;
      await rules.check(tx, row);
      await tx
        .update(table)
        .set({ isActive: true, updatedAt: new Date() } as never)
        .where(eq(table.id, id));
      await rules.alongside?.(tx, row);
      return row;
    });
  return rules.guard ? rules.guard(run) : run();
}

/**
 * The common check: a row cannot come back into a deleted organization (restore the organization
 * first). `field` names the row's organization field in the answer.
 */
export async function refuseDeletedOrganization(
  db: Db,
  organizationId: number,
  field = 'organization',
  message: string = RESTORE_MESSAGES.organizationDeleted,
): Promise<void> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isActive, true)));
  if (!organization) throw fieldError(field, message);
}

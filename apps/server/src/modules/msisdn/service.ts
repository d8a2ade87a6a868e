import { and, count, desc, eq } from 'drizzle-orm';
import {
  MSISDN_MESSAGES as M,
  type MsisdnFields,
  type MsisdnRow,
  type MsisdnUpdateBody,
} from '@rms/contracts/msisdn';
import type { DeletedRowsQuery } from '@rms/contracts/soft-delete';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { refusal, validateOne } from '../../batch/form-row';
import type { Db } from '../../db/client';
import { msisdnMappings } from '../../db/schema/msisdn';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { textSearch } from '../../db/search';
import { listedRows, refuseDeletedOrganization, restoreRow, softDelete } from '../../db/soft-delete';
import { notFound } from '../../errors';
import { guardUniqueFields } from '../../db/unique-violation';
import { NUMBERS, saveMappings, takenNumbers, validateMappings } from './batch';

type MappingRecord = typeof msisdnMappings.$inferSelect;

/**
 * Active mappings the caller's organization sees (deleted ones with `is_active=false`), newest first;
 * `query` searches the three numbers.
 */
export async function listMappings(
  db: Db,
  auth: AuthUser,
  query: PageParams & DeletedRowsQuery & { query?: string },
) {
  const where = and(
    listedRows(msisdnMappings, query),
    orgScope(msisdnMappings.organizationId, auth),
    textSearch(query.query, [msisdnMappings.simNumber, msisdnMappings.imsi, msisdnMappings.msisdn]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(msisdnMappings)
      .where(where)
      .orderBy(desc(msisdnMappings.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(msisdnMappings).where(where),
  ]);
  return pageOf(query, rows.map(toRow), total?.n ?? 0);
}

/** A new mapping owned by the caller's organization: the form's row through the rules and save a sheet's rows take. */
export async function createMapping(db: Db, auth: AuthUser, body: MsisdnFields): Promise<MsisdnRow> {
  const row = await validateOne(validateMappings, { db }, body);
  const [id] = await guardDuplicates(() => saveMappings({ db, auth }, [row]));
  return mappingOf(db, id!);
}

/**
 * Updates a mapping's numbers, soft-deletes it or restores it; a row outside the caller's organization
 * is 404. A restore is refused when another active mapping now holds one of its numbers.
 */
export async function updateMapping(
  db: Db,
  auth: AuthUser,
  body: MsisdnUpdateBody,
): Promise<{ row: MsisdnRow; detail: string }> {
  const scope = orgScope(msisdnMappings.organizationId, auth);
  const visible = and(eq(msisdnMappings.id, body.id), eq(msisdnMappings.isActive, true), scope);
  if (body.kind === 'delete') {
    const id = await softDelete(db, msisdnMappings, and(eq(msisdnMappings.id, body.id), scope));
    if (id === null) throw notFound(M.notFound);
    return { row: await mappingOf(db, id), detail: M.deleted };
  }
  if (body.kind === 'restore' || body.restore) {
    const restored = await restoreRow(db, msisdnMappings, body.id, {
      scope,
      check: async (tx, row) => {
        await refuseTaken(tx, { sim_number: row.simNumber, imsi: row.imsi, msisdn: row.msisdn }, row.id);
        await refuseDeletedOrganization(tx, row.organizationId);
      },
      guard: guardDuplicates,
    });
    if (restored) return { row: await mappingOf(db, restored.id), detail: M.restored };
  }
  const [existing] = await db.select().from(msisdnMappings).where(visible);
  if (!existing) throw notFound(M.notFound);
  // {id, is_active: true} on a mapping that is not deleted: nothing to change.
  if (body.kind === 'restore') return { row: toRow(existing), detail: M.updated };
  await refuseTaken(db, body, body.id);
  const [row] = await guardDuplicates(() =>
    db
      .update(msisdnMappings)
      .set({ simNumber: body.sim_number, imsi: body.imsi, msisdn: body.msisdn, updatedAt: new Date() })
      .where(visible)
      .returning(),
  );
  if (!row) throw notFound(M.notFound);
  return { row: toRow(row), detail: M.updated };
}

async function mappingOf(db: Db, id: number): Promise<MsisdnRow> {
  const [row] = await db.select().from(msisdnMappings).where(eq(msisdnMappings.id, id));
  if (!row) throw notFound(M.notFound);
  return toRow(row);
}

/** The numbers another active mapping already holds, each as an error on its field. */
async function refuseTaken(db: Db, body: MsisdnFields, exceptId: number): Promise<void> {
  const problems = await takenNumbers(db, [{ row: 1, data: body }], exceptId);
  if (problems.length) throw refusal(problems);
}

/** Two saves can pass the check at once; then the partial unique index decides, and names the field. */
function guardDuplicates<T>(write: () => Promise<T>): Promise<T> {
  return guardUniqueFields(write, NUMBERS);
}

function toRow(row: MappingRecord): MsisdnRow {
  return {
    id: row.id,
    sim_number: row.simNumber,
    imsi: row.imsi,
    msisdn: row.msisdn,
    organization: row.organizationId,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

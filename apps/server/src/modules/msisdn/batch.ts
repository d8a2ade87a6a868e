import { and, eq, getTableName, ne, or, Param, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MSISDN_MESSAGES as M, type MsisdnField, type MsisdnFields } from '@rms/contracts/msisdn';
import type { AuthUser } from '../../auth/access';
import { splitRows, type BatchRow, type RowProblem, type ValidateMany } from '../../batch/batch';
import type { Db } from '../../db/client';
import { msisdnMappings as t } from '../../db/schema/msisdn';
import { insertUnnest } from '../../db/unnest-insert';

// MSISDN mappings in batches, for the form (one row) and the sheet (many): each of the three numbers
// unique among active mappings of every organization (one query for all rows), and the save for the
// caller's organization (one unnest insert per batch).

/** The three numbers: the column, the message when another mapping holds it, its partial unique index. */
export const NUMBERS: { field: MsisdnField; column: PgColumn; taken: string; index: string }[] = [
  {
    field: 'sim_number',
    column: t.simNumber,
    taken: M.simNumberTaken,
    index: 'msisdn_mappings_sim_number_active',
  },
  { field: 'imsi', column: t.imsi, taken: M.imsiTaken, index: 'msisdn_mappings_imsi_active' },
  { field: 'msisdn', column: t.msisdn, taken: M.msisdnTaken, index: 'msisdn_mappings_msisdn_active' },
];

/** Each number of the rows that an active mapping (other than `exceptId`) already holds. */
export async function takenNumbers(
  db: Db,
  rows: BatchRow<MsisdnFields>[],
  exceptId?: number,
): Promise<RowProblem[]> {
  if (!rows.length) return [];
  const taken = await db
    .select({ sim_number: t.simNumber, imsi: t.imsi, msisdn: t.msisdn })
    .from(t)
    .where(
      and(
        eq(t.isActive, true),
        exceptId === undefined ? undefined : ne(t.id, exceptId),
        or(
          ...NUMBERS.map(
            (n) => sql`${n.column} = any(${new Param(rows.map((r) => r.data[n.field]))}::text[])`,
          ),
        ),
      ),
    );
  const held = (field: MsisdnField) => new Set(taken.map((r) => r[field]));
  const sets = new Map(NUMBERS.map((n) => [n.field, held(n.field)]));
  return rows.flatMap((r) =>
    NUMBERS.filter((n) => sets.get(n.field)!.has(r.data[n.field])).map((n) => ({
      row: r.row,
      field: n.field,
      message: n.taken,
    })),
  );
}

/** The create rules: every number free. */
export const validateMappings: ValidateMany<MsisdnFields, MsisdnFields, { db: Db }> = async ({ db }, rows) =>
  splitRows(rows, await takenNumbers(db, rows), (r) => r.data);

/** Inserts every row for the caller's organization; answers the new ids. */
export function saveMappings(
  { db, auth }: { db: Db; auth: Pick<AuthUser, 'organizationId'> },
  rows: MsisdnFields[],
): Promise<number[]> {
  return insertUnnest(
    db,
    getTableName(t),
    NUMBERS.map((n) => ({ name: n.column.name, type: 'text' as const, values: rows.map((r) => r[n.field]) })),
    { organization_id: auth.organizationId },
  );
}

import { and, eq, getTableName, or, Param, sql } from 'drizzle-orm';
import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import { MSISDN_MESSAGES as M } from '@rms/contracts/msisdn';
import { msisdnMappings as t } from '../../../db/schema/msisdn';
import { insertUnnest } from '../../../db/unnest-insert';
import type { BulkSaver } from '../engine';

// MSISDN mappings from a sheet: each of the three numbers unique among active mappings of every
// organization (one query finds every row holding a taken number), saved for the caller's organization.

const NUMBERS = [
  { key: 'sim_number', column: t.simNumber, taken: M.simNumberTaken },
  { key: 'imsi', column: t.imsi, taken: M.imsiTaken },
  { key: 'msisdn', column: t.msisdn, taken: M.msisdnTaken },
] as const;

export const msisdnBulk: BulkSaver = {
  area: BULK_AREAS.msisdn,
  async conflicts({ db }, rows) {
    if (!rows.length) return [];
    const valuesOf = (key: string) => rows.map((r) => String(r.data[key]));
    const taken = await db
      .select({ simNumber: t.simNumber, imsi: t.imsi, msisdn: t.msisdn })
      .from(t)
      .where(
        and(
          eq(t.isActive, true),
          or(...NUMBERS.map((n) => sql`${n.column} = any(${new Param(valuesOf(n.key))}::text[])`)),
        ),
      );
    const sets = {
      sim_number: new Set(taken.map((r) => r.simNumber)),
      imsi: new Set(taken.map((r) => r.imsi)),
      msisdn: new Set(taken.map((r) => r.msisdn)),
    };
    return rows.flatMap((r) =>
      NUMBERS.filter((n) => sets[n.key].has(String(r.data[n.key]))).map((n) => ({
        row: r.row,
        error: n.taken,
      })),
    );
  },
  save: async ({ db, auth }, rows) => ({
    created: await insertUnnest(
      db,
      getTableName(t),
      NUMBERS.map((n) => ({
        name: n.column.name,
        type: 'text' as const,
        values: rows.map((r) => r.data[n.key]),
      })),
      { organization_id: auth.organizationId },
    ),
  }),
};

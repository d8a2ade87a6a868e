import { and, eq, Param, sql } from 'drizzle-orm';
import type { InventoryKind } from '@rms/contracts/inventory';
import type { Db } from '../../db/client';
import { INVENTORY_TABLES } from './tables';

/**
 * Active items of one organization with these ID texts (any case): their ids by lower-cased code.
 * Items of other organizations are not listed: for that organization's sheet they do not exist. A
 * sheet names items by code (activations, assignments); whether an item may be used is its rules'
 * question.
 */
export async function heldItemsByCode(
  db: Db,
  organizationId: number,
  kind: InventoryKind,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  if (!lowered.length) return new Map();
  const t = INVENTORY_TABLES[kind];
  const rows = await db
    .select({ id: t.id, code: sql<string>`lower(${t.code})` })
    .from(t)
    .where(
      and(
        eq(t.isActive, true),
        eq(t.organizationId, organizationId),
        sql`lower(${t.code}) = any(${new Param(lowered)}::text[])`,
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  MASTER_DATA_MESSAGES as M,
  type DropdownGroup,
  type DropdownValueCreateBody,
  type DropdownValueQuery,
  type DropdownValueRow,
  type DropdownValueUpdateBody,
} from '@rms/contracts/master-data';
import type { Db } from '../../db/client';
import { dropdownGroups, dropdownValues } from '../../db/schema/master-data';
import { pageOf, pageWindow } from '../../db/paging';
import { textSearch } from '../../db/search';
import { badRequest, fieldError, notFound } from '../../errors';
import { guardUnique } from '../../db/unique-violation';

type GroupRow = typeof dropdownGroups.$inferSelect;
type ValueRow = typeof dropdownValues.$inferSelect;

/** The groups as a tree, in their shipped order. */
export async function dropdownTree(db: Db): Promise<DropdownGroup[]> {
  const rows = await db
    .select()
    .from(dropdownGroups)
    .orderBy(asc(dropdownGroups.sortOrder), asc(dropdownGroups.id));
  const childrenOf = (parentId: number | null): DropdownGroup[] =>
    rows
      .filter((g) => g.parentId === parentId)
      .map((g) => ({
        id: g.id,
        title: g.title,
        path: g.path,
        can_disabled: g.canDisabled,
        children: childrenOf(g.id),
      }));
  return childrenOf(null);
}

/** Active values of a group, chosen by id (`parent`) or by path (`name`, how other screens ask). */
export async function listDropdownValues(db: Db, query: DropdownValueQuery) {
  const where = and(
    eq(dropdownValues.isActive, true),
    query.parent ? eq(dropdownValues.groupId, query.parent) : undefined,
    query.name ? eq(dropdownGroups.path, query.name) : undefined,
    query.is_disabled ? eq(dropdownValues.isDisabled, query.is_disabled === 'true') : undefined,
    textSearch(query.query, [dropdownValues.value]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ value: dropdownValues, path: dropdownGroups.path })
      .from(dropdownValues)
      .innerJoin(dropdownGroups, eq(dropdownGroups.id, dropdownValues.groupId))
      .where(where)
      .orderBy(asc(dropdownValues.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(dropdownValues)
      .innerJoin(dropdownGroups, eq(dropdownGroups.id, dropdownValues.groupId))
      .where(where),
  ]);
  return pageOf(
    query,
    rows.map((r) => toRow(r.value, r.path)),
    total?.n ?? 0,
  );
}

export async function createDropdownValue(db: Db, body: DropdownValueCreateBody): Promise<DropdownValueRow> {
  const group = await valueGroup(db, body.parent);
  await refuseTaken(db, group.id, body.value);
  const [row] = await guardUnique(
    () => db.insert(dropdownValues).values({ groupId: group.id, value: body.value }).returning(),
    () => fieldError('value', M.dropdownTaken),
  );
  if (!row) throw new Error('insert returned no row');
  return toRow(row, group.path);
}

/**
 * Edits a value, flips is_disabled or soft-deletes it. The flags shipped with a value hold here, not
 * only in the console: a Not Editable value keeps its text, a Not Deletable one stays, and only groups
 * that allow it enable and disable their values.
 */
export async function updateDropdownValue(
  db: Db,
  body: DropdownValueUpdateBody,
): Promise<{ row: DropdownValueRow; detail: string }> {
  const [found] = await db
    .select({ value: dropdownValues, group: dropdownGroups })
    .from(dropdownValues)
    .innerJoin(dropdownGroups, eq(dropdownGroups.id, dropdownValues.groupId))
    .where(and(eq(dropdownValues.id, body.id), eq(dropdownValues.isActive, true)));
  if (!found) throw notFound('Dropdown value not found');
  const { value: current, group } = found;

  if (body.is_active === false) {
    if (!current.isDeletable) throw badRequest(M.notDeletable);
    const row = await write(db, current.id, { isActive: false });
    return { row: toRow(row, group.path), detail: M.dropdownDeleted };
  }
  const renamed = body.value !== undefined && body.value !== current.value;
  const toggled = body.is_disabled !== undefined && body.is_disabled !== current.isDisabled;
  if (renamed && !current.isEditable) throw fieldError('value', M.notEditable);
  if (toggled && !group.canDisabled) throw fieldError('is_disabled', M.cannotDisable);
  if (renamed) await refuseTaken(db, group.id, body.value as string, current.id);

  const row = await guardUnique(
    () =>
      write(db, current.id, {
        ...(renamed && { value: body.value }),
        ...(toggled && { isDisabled: body.is_disabled }),
      }),
    () => fieldError('value', M.dropdownTaken),
  );
  const detail =
    toggled && !renamed ? (row.isDisabled ? M.dropdownDisabled : M.dropdownEnabled) : M.dropdownUpdated;
  return { row: toRow(row, group.path), detail };
}

async function write(db: Db, id: number, changes: Partial<ValueRow>): Promise<ValueRow> {
  const [row] = await db
    .update(dropdownValues)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(dropdownValues.id, id))
    .returning();
  if (!row) throw notFound('Dropdown value not found');
  return row;
}

/** The group a new value goes into: it must exist and be a list, not a heading. */
async function valueGroup(db: Db, groupId: number): Promise<GroupRow> {
  const [group] = await db.select().from(dropdownGroups).where(eq(dropdownGroups.id, groupId));
  const [child] = await db
    .select({ id: dropdownGroups.id })
    .from(dropdownGroups)
    .where(eq(dropdownGroups.parentId, groupId))
    .limit(1);
  if (!group || child) throw fieldError('parent', M.groupUnknown);
  return group;
}

async function refuseTaken(db: Db, groupId: number, value: string, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [
    eq(dropdownValues.groupId, groupId),
    sql`lower(${dropdownValues.value}) = lower(${value})`,
    eq(dropdownValues.isActive, true),
  ];
  if (exceptId !== undefined) conditions.push(ne(dropdownValues.id, exceptId));
  const [taken] = await db
    .select({ id: dropdownValues.id })
    .from(dropdownValues)
    .where(and(...conditions));
  if (taken) throw fieldError('value', M.dropdownTaken);
}

function toRow(row: ValueRow, path: string): DropdownValueRow {
  return {
    id: row.id,
    name: path,
    parent: row.groupId,
    value: row.value,
    code: row.code,
    is_editable: row.isEditable,
    is_deletable: row.isDeletable,
    is_disabled: row.isDisabled,
    is_active: row.isActive,
  };
}

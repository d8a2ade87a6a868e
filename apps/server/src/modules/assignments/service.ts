import { aliasedTable, and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  ASSIGNMENT,
  ASSIGNMENT_MESSAGES as M,
  type AssignableItem,
  type AssignmentInput,
  type AssignmentKind,
  type AssignmentRow,
} from '@rms/contracts/assignments';
import type { AuthUser } from '../../auth/access';
import { BatchConflict, batchContext } from '../../batch/batch';
import { validateOne } from '../../batch/form-row';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { assignments } from '../../db/schema/assignments';
import { users } from '../../db/schema/employees';
import { rmsDevices } from '../../db/schema/inventory';
import { organizations } from '../../db/schema/organizations';
import { textSearch } from '../../db/search';
import { fieldError, notFound } from '../../errors';
import { assignable, TABLES } from './assignable';
import { assignMany, validateAssignments } from './batch';

// Assigning moves an inventory item out of the caller's organization into a buyer organization: from
// then on the buyer's users see it (inventory lists are scoped by the item's organization) and the
// former owner's do not. Each move is kept as a history row.

type ListQuery = PageParams & { query?: string | undefined };

export async function listAssignable(db: Db, auth: AuthUser, kind: AssignmentKind, query: ListQuery) {
  const t = TABLES[kind];
  const where = and(assignable(db, kind, auth), textSearch(query.query, [t.code]));
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.id,
        code: t.code,
        expiry_date: kind === 'rms' ? rmsDevices.expiryDate : sql<string | null>`null`,
      })
      .from(t)
      .where(where)
      .orderBy(asc(t.code))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return pageOf<AssignableItem>(query, rows, total?.n ?? 0);
}

/**
 * The assign form: its one row through the rules and the save a sheet's rows take (batch.ts), on `db`
 * (the route runs it in a transaction). An item outside the caller's scope is 404; every other bad
 * input is a 400 naming its field. Returns the history id.
 */
export async function assignItem(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  kind: AssignmentKind,
  input: AssignmentInput,
): Promise<number> {
  const row = await validateOne(validateAssignments(kind), batchContext(db, auth, timeZone), input);
  try {
    // One transaction: the move and the device's harvest moving with it (assignMany) commit together.
    const [id] = await db.transaction((tx) => assignMany(tx, auth, kind, [row]));
    return id!;
  } catch (error) {
    // Of two assignments of one item at once, only one moves it.
    if (error instanceof BatchConflict) throw fieldError(ASSIGNMENT[kind].itemField, M.itemNotAssignable);
    throw error;
  }
}

const fromOrg = aliasedTable(organizations, 'from_org');
const toOrg = aliasedTable(organizations, 'to_org');

function itemCode(kind: AssignmentKind) {
  return TABLES[kind].code;
}

/** History rows the caller may see: the provider all, a customer those its organization gave or got. */
function visibleHistory(auth: AuthUser): SQL | undefined {
  if (auth.isProvider) return undefined;
  return or(
    eq(assignments.fromOrganizationId, auth.organizationId),
    eq(assignments.toOrganizationId, auth.organizationId),
  );
}

function selectHistory(db: Db, kind: AssignmentKind) {
  const t = TABLES[kind];
  return db
    .select({
      id: assignments.id,
      itemId: assignments.itemId,
      code: itemCode(kind),
      fromId: fromOrg.id,
      fromName: fromOrg.companyName,
      toId: toOrg.id,
      toName: toOrg.companyName,
      expiryDate: assignments.expiryDate,
      deviceType: assignments.deviceType,
      userId: users.id,
      userFirst: users.firstName,
      userLast: users.lastName,
      userEmail: users.email,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(t, eq(t.id, assignments.itemId))
    .innerJoin(fromOrg, eq(fromOrg.id, assignments.fromOrganizationId))
    .innerJoin(toOrg, eq(toOrg.id, assignments.toOrganizationId))
    .leftJoin(users, eq(users.id, assignments.assignedBy))
    .$dynamic();
}

type HistorySelected = Awaited<ReturnType<ReturnType<typeof selectHistory>['execute']>>[number];

function toRow(kind: AssignmentKind, r: HistorySelected): AssignmentRow {
  return {
    id: r.id,
    kind,
    item: r.itemId,
    item_code: r.code,
    from_organization: { id: r.fromId, company_name: r.fromName },
    buyer: { id: r.toId, company_name: r.toName },
    expiry_date: r.expiryDate,
    device_type: r.deviceType,
    assigned_by:
      r.userId !== null
        ? {
            id: r.userId,
            name: [r.userFirst, r.userLast].filter(Boolean).join(' ') || (r.userEmail ?? ''),
          }
        : null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listAssignments(db: Db, auth: AuthUser, kind: AssignmentKind, query: ListQuery) {
  const where = and(
    eq(assignments.kind, kind),
    visibleHistory(auth),
    textSearch(query.query, [
      itemCode(kind),
      fromOrg.companyName,
      toOrg.companyName,
      sql`coalesce(${assignments.deviceType}, '')`,
    ]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectHistory(db, kind).where(where).orderBy(desc(assignments.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(assignments)
      .innerJoin(TABLES[kind], eq(TABLES[kind].id, assignments.itemId))
      .innerJoin(fromOrg, eq(fromOrg.id, assignments.fromOrganizationId))
      .innerJoin(toOrg, eq(toOrg.id, assignments.toOrganizationId))
      .where(where),
  ]);
  return pageOf(
    query,
    rows.map((r) => toRow(kind, r)),
    total?.n ?? 0,
  );
}

export async function getAssignment(db: Db, kind: AssignmentKind, id: number): Promise<AssignmentRow> {
  const [row] = await selectHistory(db, kind).where(eq(assignments.id, id));
  if (!row) throw notFound();
  return toRow(kind, row);
}

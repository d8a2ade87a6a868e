import { aliasedTable, and, asc, count, desc, eq, exists, or, Param, sql, type SQL } from 'drizzle-orm';
import {
  ASSIGNMENT,
  ASSIGNMENT_MESSAGES as M,
  DEVICE_TYPE_GROUP,
  type AssignableItem,
  type AssignmentInput,
  type AssignmentKind,
  type AssignmentRow,
} from '@rms/contracts/assignments';
import type { AuthUser } from '../../auth/access';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { activations } from '../../db/schema/activations';
import { assignments } from '../../db/schema/assignments';
import { users } from '../../db/schema/employees';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { dropdownGroups, dropdownValues } from '../../db/schema/master-data';
import { organizations } from '../../db/schema/organizations';
import { textSearch } from '../../db/search';
import { badRequest, notFound } from '../../errors';
import { visibleOrganizations } from '../organizations/service';

// Assigning moves an inventory item out of the caller's organization into a buyer organization: from
// then on the buyer's users see it (inventory lists are scoped by the item's organization) and the
// former owner's do not. Each move is kept as a history row.

export const TABLES = { rms: rmsDevices, stlt: stlts, pole: poles };
const ACTIVATION_COLUMN = { rms: activations.deviceId, stlt: activations.stltId, pole: activations.poleId };

type ListQuery = PageParams & { query?: string | undefined };

/** An active activation holds the item: it cannot change hands while it is in the field. */
export function inActivation(db: Db, kind: AssignmentKind) {
  const column = ACTIVATION_COLUMN[kind];
  return exists(
    db
      .select({ one: sql`1` })
      .from(activations)
      .where(and(eq(column, TABLES[kind].id), eq(activations.isActive, true))),
  );
}

/** Items the caller's organization holds itself, active and not activated. */
export function assignable(db: Db, kind: AssignmentKind, auth: AuthUser): SQL | undefined {
  const t = TABLES[kind];
  return and(
    eq(t.organizationId, auth.organizationId),
    eq(t.isActive, true),
    sql`not ${inActivation(db, kind)}`,
  );
}

export async function listAssignable(db: Db, auth: AuthUser, kind: AssignmentKind, query: ListQuery) {
  const t = TABLES[kind];
  const where = and(assignable(db, kind, auth), textSearch(query.query, [t.code]));
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: t.id,
      code: t.code,
      expiry_date: kind === 'rms' ? rmsDevices.expiryDate : sql<string | null>`null`,
    })
    .from(t)
    .where(where)
    .orderBy(asc(t.code))
    .limit(limit)
    .offset(offset);
  return pageOf<AssignableItem>(query, rows, total?.n ?? 0);
}

/** The enabled values of the Device Type group equal to the texts (any case), by lower-cased text. */
export async function deviceTypeValues(db: Db, texts: string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(texts.map((t) => t.toLowerCase()))];
  const rows = await db
    .select({ value: dropdownValues.value })
    .from(dropdownValues)
    .innerJoin(dropdownGroups, eq(dropdownGroups.id, dropdownValues.groupId))
    .where(
      and(
        eq(dropdownGroups.path, DEVICE_TYPE_GROUP.path),
        eq(dropdownValues.isActive, true),
        eq(dropdownValues.isDisabled, false),
        sql`lower(${dropdownValues.value}) = any(${new Param(lowered)}::text[])`,
      ),
    );
  return new Map(rows.map((r) => [r.value.toLowerCase(), r.value]));
}

/** The expiry date's rule (after today), shared by the form and the Excel upload. */
export function expiryError(expiryDate: string, todayDate: string): string | undefined {
  return expiryDate <= todayDate ? M.expiryAfterToday : undefined;
}

/** Organizations the caller may assign to: active and visible to it (the caller's own is refused apart). */
export function buyerCandidates(auth: AuthUser): SQL | undefined {
  return and(eq(organizations.isActive, true), visibleOrganizations(auth));
}

/**
 * Checks one assignment and applies it on `db`. The caller runs it in a transaction (the route does;
 * a bulk upload runs all its rows in one), so a refused row leaves nothing behind. An item outside
 * the caller's scope is 404; every other bad input is a 400 naming its field. Returns the history id.
 */
export async function assignItem(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  kind: AssignmentKind,
  input: AssignmentInput,
): Promise<number> {
  const t = TABLES[kind];
  const itemField = ASSIGNMENT[kind].itemField;
  const [item] = await db
    .select({ id: t.id, organizationId: t.organizationId, activated: inActivation(db, kind) })
    .from(t)
    .where(
      and(
        eq(t.id, input.item),
        eq(t.isActive, true),
        auth.isProvider ? undefined : eq(t.organizationId, auth.organizationId),
      ),
    );
  if (!item) throw notFound();

  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] = [message]);
  if (item.organizationId !== auth.organizationId || item.activated) refuse(itemField, M.itemNotAssignable);
  if (input.buyer === auth.organizationId) refuse('buyer', M.buyerOwn);
  else {
    const [buyer] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, input.buyer), buyerCandidates(auth)));
    if (!buyer) refuse('buyer', M.buyerUnknown);
  }
  const expiry = expiryError(input.expiry_date, today(timeZone));
  if (expiry) refuse('expiry_date', expiry);
  let deviceType: string | null = null;
  if (kind === 'rms') {
    const text = input.device_type ?? '';
    deviceType = (await deviceTypeValues(db, [text])).get(text.toLowerCase()) ?? null;
    if (!deviceType) refuse('device_type', M.deviceTypeUnknown);
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw badRequest(errors[fields[0]!]![0]!, errors);

  // The move re-states its conditions, so of two assignments of one item at once only one moves it.
  const moved = await db
    .update(t)
    .set({
      organizationId: input.buyer,
      updatedAt: new Date(),
      ...(kind === 'rms' && { expiryDate: input.expiry_date }),
    })
    .where(and(eq(t.id, item.id), assignable(db, kind, auth)))
    .returning({ id: t.id });
  if (moved.length === 0) throw badRequest(M.itemNotAssignable, { [itemField]: [M.itemNotAssignable] });

  const [row] = await db
    .insert(assignments)
    .values({
      kind,
      itemId: item.id,
      fromOrganizationId: auth.organizationId,
      toOrganizationId: input.buyer,
      expiryDate: input.expiry_date,
      deviceType,
      assignedBy: auth.id,
    })
    .returning({ id: assignments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
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
  const [total] = await db
    .select({ n: count() })
    .from(assignments)
    .innerJoin(TABLES[kind], eq(TABLES[kind].id, assignments.itemId))
    .innerJoin(fromOrg, eq(fromOrg.id, assignments.fromOrganizationId))
    .innerJoin(toOrg, eq(toOrg.id, assignments.toOrganizationId))
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await selectHistory(db, kind)
    .where(where)
    .orderBy(desc(assignments.id))
    .limit(limit)
    .offset(offset);
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

import { and, eq, exists, Param, sql, type SQL } from 'drizzle-orm';
import { ASSIGNMENT_MESSAGES as M, DEVICE_TYPE_GROUP, type AssignmentKind } from '@rms/contracts/assignments';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { dropdownGroups, dropdownValues } from '../../db/schema/master-data';
import { organizations } from '../../db/schema/organizations';
import { visibleOrganizations } from '../organizations';

// What an assignment may take: an item the caller's organization holds and no active activation uses,
// a buyer organization it sees, an expiry after today, an enabled device type.

export const TABLES = { rms: rmsDevices, stlt: stlts, pole: poles };
const ACTIVATION_COLUMN = { rms: activations.deviceId, stlt: activations.stltId, pole: activations.poleId };

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

/** The expiry date's rule (after today). */
export function expiryError(expiryDate: string, todayDate: string): string | undefined {
  return expiryDate <= todayDate ? M.expiryAfterToday : undefined;
}

/** Organizations the caller may assign to: active and visible to it (the caller's own is refused apart). */
export function buyerCandidates(auth: AuthUser): SQL | undefined {
  return and(eq(organizations.isActive, true), visibleOrganizations(auth));
}

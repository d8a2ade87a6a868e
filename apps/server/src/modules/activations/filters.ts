import { and, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ActivationFilters } from '@rms/contracts/activations';
import type { DeletedRowsQuery } from '@rms/contracts/soft-delete';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { containsPattern, searches, textSearch } from '../../db/search';
import { listedRows } from '../../db/soft-delete';
import { deviceLiveState as live } from '../../db/schema/telemetry';

// The activation list's filters (spec 02 §2, §7), built once: the activation list, the device report,
// the graphs and the map narrow the caller's active activations with the same conditions. They name
// activation columns and the device, STLT and pole codes, so a query using them left-joins those three
// (an activation may lack any of them), as `filteredDeviceIds` and the activation list do.

/**
 * The device reports now (Online or On Error), as EXISTS: the planner makes it a semi-join (or an
 * anti-join negated), where a scalar subquery per row would be costed as a loop.
 */
const reporting = sql`exists (select 1 from ${live} where ${live.deviceId} = ${activations.deviceId} and ${live.status} <> 'Offline')`;

/** Active activations the caller sees. */
export function visibleActivations(auth: AuthUser): SQL | undefined {
  return and(eq(activations.isActive, true), orgScope(activations.organizationId, auth));
}

/**
 * Whether the filters name the device, STLT and pole codes, which only a text search does (textSearch
 * ignores a blank one): a count without it can leave those three tables out (countActivations).
 */
export const searchesItemCodes = (f: ActivationFilters): boolean => searches(f.query);

/**
 * The caller's active activations matching the filters (over activations ⟕ rms_devices, stlts, poles);
 * the activation list passes `is_active=false` for the deleted ones.
 */
export function activationWhere(
  auth: AuthUser,
  f: ActivationFilters,
  rows: DeletedRowsQuery = {},
): SQL | undefined {
  return and(
    listedRows(activations, rows),
    orgScope(activations.organizationId, auth),
    textSearch(f.query, [
      activations.name,
      activations.address1,
      activations.address2,
      activations.pin,
      rmsDevices.code,
      stlts.code,
      poles.code,
    ]),
    f.state ? eq(activations.stateId, f.state) : undefined,
    f.city ? eq(activations.cityId, f.city) : undefined,
    f.project ? eq(activations.name, f.project) : undefined,
    f.online === 'true' ? reporting : f.online === 'false' ? sql`not ${reporting}` : undefined,
    f.pin ? ilike(activations.pin, containsPattern(f.pin)) : undefined,
    f.device ? eq(activations.deviceId, f.device) : undefined,
    f.pole ? eq(activations.poleId, f.pole) : undefined,
    f.address
      ? or(
          ilike(activations.address1, containsPattern(f.address)),
          ilike(activations.address2, containsPattern(f.address)),
        )
      : undefined,
  );
}

/**
 * The RMS device ids of the caller's active activations matching the filters, as a subquery
 * (`inArray(column, filteredDeviceIds(...))`: the database runs it as a semi-join).
 */
export function filteredDeviceIds(db: Db, auth: AuthUser, f: ActivationFilters) {
  return db
    .select({ id: activations.deviceId })
    .from(activations)
    .leftJoin(rmsDevices, eq(rmsDevices.id, activations.deviceId))
    .leftJoin(stlts, eq(stlts.id, activations.stltId))
    .leftJoin(poles, eq(poles.id, activations.poleId))
    .where(and(activationWhere(auth, f), isNotNull(activations.deviceId)));
}

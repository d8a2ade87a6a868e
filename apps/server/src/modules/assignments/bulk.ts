import { and, Param, sql } from 'drizzle-orm';
import { ASSIGNMENT, type AssignmentInput, type AssignmentKind } from '@rms/contracts/assignments';
import { BULK_AREAS, type BulkArea } from '@rms/contracts/bulk-upload';
import { MESSAGES } from '@rms/contracts/messages';
import type { AuthUser } from '../../auth/access';
import { splitRows, type RowProblem, type ValidateMany } from '../../batch/batch';
import { bulkSaver, type BulkSaver } from '../../batch/bulk-saver';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { heldItemsByCode } from '../inventory';
import { buyerCandidates } from './assignable';
import { assignMany, validateAssignments } from './batch';

// RMS, STLT and pole assignments from a sheet: the buyer named by its e-mail and the item by its ID
// text, looked up in one query each for all rows; then the assign form's rules and save (batch.ts).

/** Organizations the caller may assign to, by lower-cased e-mail. */
export async function buyersByEmail(db: Db, auth: AuthUser, emails: string[]): Promise<Map<string, number>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .select({ id: organizations.id, email: sql<string>`lower(${organizations.email})` })
    .from(organizations)
    .where(
      and(buyerCandidates(auth), sql`lower(${organizations.email}) = any(${new Param(lowered)}::text[])`),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** What every kind's sheet row holds (an RMS row adds the device type). */
interface AssignSheetRow {
  buyer_email: string;
  item: string;
  expiry_date: string;
  device_type?: string;
}

/** A sheet's rows as the assign form sends them: the buyer's and the item's ids. */
function resolveNames<Row extends AssignSheetRow>(kind: AssignmentKind): ValidateMany<Row, AssignmentInput> {
  const { itemField } = ASSIGNMENT[kind];
  return async ({ db, auth }, rows) => {
    if (!rows.length) return { rows: [], problems: [] };
    // One after the other: a sheet is read inside its save's transaction, on one connection.
    const buyers = await buyersByEmail(
      db,
      auth,
      rows.map((r) => r.data.buyer_email),
    );
    const items = await heldItemsByCode(
      db,
      auth.organizationId,
      kind,
      rows.map((r) => r.data.item),
    );
    const problems: RowProblem[] = [];
    for (const { row, data } of rows) {
      const missing = (field: string) =>
        problems.push({ row, field, message: MESSAGES.notFound, missing: true });
      if (!buyers.has(data.buyer_email.toLowerCase())) missing('buyer');
      if (!items.has(data.item.toLowerCase())) missing(itemField);
    }
    return splitRows(rows, problems, ({ data }) => ({
      buyer: buyers.get(data.buyer_email.toLowerCase())!,
      item: items.get(data.item.toLowerCase())!,
      expiry_date: data.expiry_date,
      device_type: data.device_type,
    }));
  };
}

function assignBulk<Row extends AssignSheetRow>(kind: AssignmentKind, area: BulkArea<Row>): BulkSaver<Row> {
  return bulkSaver({
    area,
    resolve: resolveNames<Row>(kind),
    validate: validateAssignments(kind),
    save: async ({ db, auth }, rows) => ({ created: (await assignMany(db, auth, kind, rows)).length }),
  });
}

export const assignRmsBulk = assignBulk('rms', BULK_AREAS.assign_rms);
export const assignStltBulk = assignBulk('stlt', BULK_AREAS.assign_stlt);
export const assignPoleBulk = assignBulk('pole', BULK_AREAS.assign_pole);

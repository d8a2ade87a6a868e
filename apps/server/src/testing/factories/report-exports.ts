import type { Db } from '../../db/client';
import { reportExports } from '../../db/schema/monitoring';
import { given, insertRows } from './rows';

type NewReportExport = typeof reportExports.$inferInsert;

/** A report export job of the user, running with no filters unless told. */
export async function makeReportExport(
  db: Db,
  fields: Partial<NewReportExport> & Pick<NewReportExport, 'userId' | 'organizationId'>,
): Promise<typeof reportExports.$inferSelect> {
  const [row] = await insertRows(db, reportExports, [{ filters: {}, ...given(fields) }]);
  return row!;
}

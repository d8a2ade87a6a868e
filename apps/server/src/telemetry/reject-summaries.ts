import { inArray } from 'drizzle-orm';
import type { RejectSummary } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { deviceRejects } from '../db/schema/telemetry';

// Refused messages per device (reject-log.ts counts them), as the console shows them: on the
// device's live report (/analysis) and on its RMS inventory row. The callers have checked that the
// devices are the caller's to see.

/** The reject summaries of the given devices; a device never refused has none in the map. */
export async function rejectSummaries(
  db: Db,
  deviceIds: readonly number[],
): Promise<Map<number, RejectSummary>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(deviceRejects)
    .where(inArray(deviceRejects.deviceId, [...deviceIds]));
  return new Map(
    rows.map((r) => [
      r.deviceId,
      {
        count: r.count,
        first_at: r.firstAt.toISOString(),
        last_at: r.lastAt.toISOString(),
        last_topic: r.lastTopic,
        last_reason: r.lastReason,
      },
    ]),
  );
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { texts } from '../db/sql-arrays';

// The hand-off from recording a command to delivering and announcing it: recordCommands writes the
// notice below with `pg_notify` in the transaction that inserts the rows, so it is heard when, and only
// if, they are committed, by every server instance (db/listener.ts). The dispatcher then publishes to
// devices connected here; the live channel tells this instance's consoles.

export const COMMANDS_CHANNEL = 'rms_commands';

/** The commands committed together (part of them, for a large batch) and their devices. */
export interface RecordedNotice {
  commands: number[];
  devices: number[];
}

/**
 * Notices carry at most this many commands: two ids of at most 19 digits each and their separators
 * stay well below PostgreSQL's 8000-byte payload limit.
 */
const COMMANDS_PER_NOTICE = 200;

/**
 * Notifies the recorded commands; in the recording transaction, so it waits for the commit. One
 * statement for all the notices (a plan for 10,000 devices is 50 of them), sent in order.
 */
export async function notifyRecorded(db: Db, recorded: { id: number; deviceId: number }[]): Promise<void> {
  const notices: string[] = [];
  for (let i = 0; i < recorded.length; i += COMMANDS_PER_NOTICE) {
    const part = recorded.slice(i, i + COMMANDS_PER_NOTICE);
    const notice: RecordedNotice = {
      commands: part.map((c) => c.id),
      devices: [...new Set(part.map((c) => c.deviceId))],
    };
    notices.push(JSON.stringify(notice));
  }
  if (notices.length === 0) return;
  await db.execute(sql`select pg_notify(${COMMANDS_CHANNEL}, n) from unnest(${texts(notices)}::text[]) as n`);
}

/** The notice in a payload, or null for one that is not (any database user may notify a channel). */
export function parseRecorded(payload: string): RecordedNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const ids = (list: unknown): list is number[] =>
    Array.isArray(list) && list.every((id) => Number.isSafeInteger(id) && (id as number) > 0);
  if (typeof value !== 'object' || value === null) return null;
  const { commands, devices } = value as Partial<Record<keyof RecordedNotice, unknown>>;
  return ids(commands) && ids(devices) ? { commands, devices } : null;
}

import { assertOwnFile, fileRecordOf } from '../uploads/file-access';
import type { BulkArea, BulkRowError, BulkUploadSuccess } from '@rms/contracts/bulk-upload';
import { BULK_LIMITS, BULK_MESSAGES } from '@rms/contracts/bulk-upload';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { fieldError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { today } from '../../calendar';
import { readSheet } from './read-sheet';

// The bulk upload of any area: read the stored sheet (never a path the caller names: only a stored key),
// validate every row with the area's create schema, find repeats within the file and values already
// taken in the database (set-based), and either answer every bad row or save all rows in one transaction.

export interface ParsedRow {
  row: number;
  /** The create schema's output for the row. */
  data: Record<string, unknown>;
}

export interface BulkContext {
  db: Db;
  auth: AuthUser;
  timeZone: string;
  /** Today in the deployment's time zone (YYYY-MM-DD), taken once per upload. */
  today: string;
}

/** What an area adds to the contract: server-side rules and a set-based save. */
export interface BulkSaver {
  area: BulkArea;
  /** A rule the schema cannot hold (it needs today's date ...): the row's message, or undefined. */
  rowError?(data: Record<string, unknown>, context: BulkContext): string | undefined;
  /**
   * Rows holding a value an active row already holds, or naming something that is not there (few queries
   * for all rows). Where a row names things (an e-mail, an ID text, a state), this resolves them and puts
   * the ids into the row's data for save().
   */
  conflicts(context: BulkContext, rows: ParsedRow[]): Promise<BulkRowError[]>;
  /**
   * Inserts every row for the caller's organization; runs inside the upload's transaction. Answers how
   * many it made, and what the answer carries besides (an RMS sheet's new device keys).
   */
  save(context: BulkContext, rows: ParsedRow[]): Promise<BulkSaved>;
}

export type BulkSaved = Pick<BulkUploadSuccess, 'created' | 'device_keys'>;

/** Thrown by a save that finds a row no longer as checked (another save moved it): nothing is saved. */
export class BulkConflict extends Error {}

/** A schema message naming the field by its key ("'manufacture' is required!") names the column instead. */
function inColumnTerms(area: BulkArea, issue: { path: PropertyKey[]; message: string }): string {
  const column = area.columns.find((c) => c.key === issue.path[0]);
  return column ? issue.message.replaceAll(`'${column.key}'`, `'${column.header}'`) : issue.message;
}

export type BulkOutcome = { ok: true; body: BulkUploadSuccess } | { ok: false; errors: BulkRowError[] };

export async function runBulkUpload(
  deps: { db: Db; storage: Storage; timeZone: string },
  auth: AuthUser,
  saver: BulkSaver,
  key: string,
): Promise<BulkOutcome> {
  await assertOwnFile(deps.db, auth, key, 'report_upload');
  const file = await deps.storage.read(key, BULK_LIMITS.maxBytes);
  if (file === null) throw fieldError('report_upload', UPLOAD_MESSAGES.notUploaded);
  if (file === 'too-large') throw fieldError('report_upload', BULK_MESSAGES.tooLarge);
  // Who uploaded the sheet and when: kept with the file, and told in the answer.
  const uploaded = await fileRecordOf(deps.db, deps.storage, key);
  if (!uploaded) throw fieldError('report_upload', UPLOAD_MESSAGES.notUploaded);

  const sheet = await readSheet(file, saver.area);
  if ('headerError' in sheet) return { ok: false, errors: [sheet.headerError] };

  const context: BulkContext = { db: deps.db, auth, timeZone: deps.timeZone, today: today(deps.timeZone) };
  const problems = new Map<number, string[]>();
  const add = (row: number, message: string) => {
    const list = problems.get(row) ?? [];
    if (!list.includes(message)) list.push(message);
    problems.set(row, list);
  };

  const valid: ParsedRow[] = [];
  for (const { row, values, errors } of sheet.rows) {
    // A cell the reader refused is absent from the values: its message stands, not "is required".
    for (const message of Object.values(errors)) add(row, message);
    const parsed = saver.area.schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        if (!Object.hasOwn(errors, String(issue.path[0]))) add(row, inColumnTerms(saver.area, issue));
      continue;
    }
    if (Object.keys(errors).length) continue;
    const ruleError = saver.rowError?.(parsed.data, context);
    if (ruleError) add(row, ruleError);
    else valid.push({ row, data: parsed.data });
  }

  for (const key of saver.area.uniqueKeys) {
    const header = saver.area.columns.find((c) => c.key === key)?.header ?? key;
    const firstRow = new Map<string, number>();
    for (const { row, data } of valid) {
      const value = String(data[key] ?? '').toLowerCase();
      if (value === '') continue; // an optional column left blank repeats nothing
      const first = firstRow.get(value);
      if (first === undefined) firstRow.set(value, row);
      else add(row, BULK_MESSAGES.duplicateInFile(header, first));
    }
  }

  for (const conflict of await saver.conflicts(context, valid)) add(conflict.row, conflict.error);

  if (problems.size) {
    const errors = [...problems.entries()]
      .sort(([a], [b]) => a - b)
      .map(([row, messages]) => ({ row, error: messages.join('; ') }));
    return { ok: false, errors };
  }

  try {
    const saved = await deps.db.transaction((tx) => saver.save({ ...context, db: tx }, valid));
    return { ok: true, body: { detail: saver.area.success, ...saved, file: uploaded } };
  } catch (error) {
    // Another save took a value between the check and the insert; the transaction saved nothing.
    if (isUniqueViolation(error) || error instanceof BulkConflict)
      return { ok: false, errors: [{ row: 1, error: BULK_MESSAGES.conflict }] };
    throw error;
  }
}

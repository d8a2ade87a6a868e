import { assertOwnFile, fileRecordOf } from '../uploads';
import type {
  BulkAreaName,
  BulkRowError,
  BulkRowOf,
  BulkSheet,
  BulkUploadSuccess,
} from '@rms/contracts/bulk-upload';
import { BULK_LIMITS, BULK_MESSAGES } from '@rms/contracts/bulk-upload';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import type { AuthUser } from '../../auth/access';
import { BatchConflict, batchContext, type BatchRow, type RowProblem } from '../../batch/batch';
import type { BulkSaver } from '../../batch/bulk-saver';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { fieldError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { readSheet } from './read-sheet';

// The sheet runner of every area: read the stored sheet (never a path the caller names: only a stored
// key), parse every row with the area's schema, find repeats within the file, hand the rows to the
// area's own rules (the ones its single create runs) and either answer every bad row, in the sheet's
// terms, or save all rows in one transaction. It knows no area: each brings a BulkSaver.

export interface BulkDeps {
  db: Db;
  storage: Storage;
  timeZone: string;
}

export type BulkOutcome = { ok: true; body: BulkUploadSuccess } | { ok: false; errors: BulkRowError[] };

/** An area's upload with its row type kept inside: what the routes register, one per area. */
export interface BulkUpload {
  area: BulkSheet;
  upload(deps: BulkDeps, auth: AuthUser, key: string): Promise<BulkOutcome>;
}

/** The upload of the area `name`: its saver must take the rows its contract schema makes. */
export function bulkUpload<N extends BulkAreaName>(_name: N, saver: BulkSaver<BulkRowOf<N>>): BulkUpload {
  return { area: saver.area, upload: (deps, auth, key) => runBulkUpload(deps, auth, saver, key) };
}

/** A schema message naming the field by its key ("'manufacture' is required!") names the column instead. */
function inColumnTerms(area: BulkSheet, issue: { path: PropertyKey[]; message: string }): string {
  const column = area.columns.find((c) => c.key === issue.path[0]);
  return column ? issue.message.replaceAll(`'${column.key}'`, `'${column.header}'`) : issue.message;
}

/**
 * A rule's problem as the sheet tells it: a name that matches nothing is "<header> "<text>" was not
 * found"; a rule about the thing a named column names comes with the column and its text; any other
 * rule's message is the form's own.
 */
function inSheetTerms(area: BulkSheet, texts: Record<string, string>, problem: RowProblem): string {
  const column = area.columns.find((c) => c.formField === problem.field);
  if (!column) return problem.message;
  const text = texts[column.key] ?? '';
  if (problem.missing) return BULK_MESSAGES.notFound(column.header, text);
  return column.named ? BULK_MESSAGES.about(column.header, text, problem.message) : problem.message;
}

/** The text values of a parsed row, by key (what repeats are compared on and messages quote). */
const textsOf = (data: object) =>
  Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

export async function runBulkUpload<Row extends object>(
  deps: BulkDeps,
  auth: AuthUser,
  saver: BulkSaver<Row>,
  key: string,
): Promise<BulkOutcome> {
  const { area } = saver;
  await assertOwnFile(deps.db, auth, key, 'report_upload');
  const file = await deps.storage.read(key, BULK_LIMITS.maxBytes);
  if (file === null) throw fieldError('report_upload', UPLOAD_MESSAGES.notUploaded);
  if (file === 'too-large') throw fieldError('report_upload', BULK_MESSAGES.tooLarge);
  // Who uploaded the sheet and when: kept with the file, and told in the answer.
  const uploaded = await fileRecordOf(deps.db, deps.storage, key);
  if (!uploaded) throw fieldError('report_upload', UPLOAD_MESSAGES.notUploaded);

  const sheet = await readSheet(file, area);
  if ('headerError' in sheet) return { ok: false, errors: [sheet.headerError] };

  const problems = new Map<number, string[]>();
  const add = (row: number, message: string) => {
    const list = problems.get(row) ?? [];
    if (!list.includes(message)) list.push(message);
    problems.set(row, list);
  };

  const valid: BatchRow<Row>[] = [];
  const texts = new Map<number, Record<string, string>>();
  for (const { row, values, errors } of sheet.rows) {
    // A cell the reader refused is absent from the values: its message stands, not "is required".
    for (const message of Object.values(errors)) add(row, message);
    const parsed = area.schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        if (!Object.hasOwn(errors, String(issue.path[0]))) add(row, inColumnTerms(area, issue));
      continue;
    }
    if (Object.keys(errors).length) continue;
    valid.push({ row, data: parsed.data });
    texts.set(row, textsOf(parsed.data));
  }

  for (const key of area.uniqueKeys) {
    const header = area.columns.find((c) => c.key === key)?.header ?? key;
    const firstRow = new Map<string, number>();
    for (const { row } of valid) {
      const value = texts.get(row)?.[key]?.toLowerCase();
      if (!value) continue; // an optional column left blank repeats nothing
      const first = firstRow.get(value);
      if (first === undefined) firstRow.set(value, row);
      else add(row, BULK_MESSAGES.duplicateInFile(header, first));
    }
  }

  const validated = await saver.validate(batchContext(deps.db, auth, deps.timeZone), valid);
  for (const problem of validated.problems)
    add(problem.row, inSheetTerms(area, texts.get(problem.row) ?? {}, problem));

  if (problems.size) {
    const errors = [...problems.entries()]
      .sort(([a], [b]) => a - b)
      .map(([row, messages]) => ({ row, error: messages.join('; ') }));
    return { ok: false, errors };
  }

  try {
    const saved = await deps.db.transaction((tx) => validated.save(tx));
    return { ok: true, body: { detail: area.success, ...saved, file: uploaded } };
  } catch (error) {
    // Another save took a value between the check and the insert; the transaction saved nothing.
    if (isUniqueViolation(error) || error instanceof BatchConflict)
      return { ok: false, errors: [{ row: 1, error: BULK_MESSAGES.conflict }] };
    throw error;
  }
}

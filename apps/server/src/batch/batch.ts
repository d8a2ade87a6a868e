import type { AuthUser } from '../auth/access';
import { today } from '../calendar';
import type { Db } from '../db/client';

// A batch is the rows one save takes: a form's one row or a sheet's many. Each area writes its rules
// once, set-based over a batch (a few queries for any number of rows), and its save once (one
// statement per batch); its single create and its bulk upload both call them (batch/form-row.ts,
// batch/bulk-saver.ts), so the two cannot drift apart.

export interface BatchContext {
  /** The connection or transaction the batch runs on. */
  db: Db;
  /** Who saves: rows are checked against what the caller may use, and saved for its organization. */
  auth: AuthUser;
  /** Today in the deployment's time zone (YYYY-MM-DD), taken once per batch. */
  today: string;
}

export function batchContext(db: Db, auth: AuthUser, timeZone: string): BatchContext {
  return { db, auth, today: today(timeZone) };
}

/** One row of a batch: its number (the sheet's row; 1 for a form) and its values. */
export interface BatchRow<T> {
  row: number;
  data: T;
}

/** A rule a row breaks, named by the form's field and told in the form's message. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
  /** The field names something the caller cannot see or use at all (a form answers 404). */
  missing?: true;
}

/** The rows that passed (as the save takes them) and the problems of the others. */
export interface Validated<T> {
  rows: BatchRow<T>[];
  problems: RowProblem[];
}

/**
 * An area's rules over a batch: what its single create and its bulk upload both call. `Context` is the
 * part of BatchContext the rules use (a form passes only that).
 */
export type ValidateMany<In, Out = In, Context = BatchContext> = (
  context: Context,
  rows: BatchRow<In>[],
) => Promise<Validated<Out>>;

/**
 * Splits rows by their problems: those with none go on (as `keep` makes them), the others stay behind.
 * Rules that look further at a row which broke one already need not.
 */
export function splitRows<In, Out>(
  rows: BatchRow<In>[],
  problems: RowProblem[],
  keep: (row: BatchRow<In>) => Out,
): Validated<Out> {
  const refused = new Set(problems.map((p) => p.row));
  return {
    rows: rows.filter((r) => !refused.has(r.row)).map((r) => ({ row: r.row, data: keep(r) })),
    problems,
  };
}

/** Thrown by a save that finds a row no longer as validated (another save moved it): nothing is saved. */
export class BatchConflict extends Error {}

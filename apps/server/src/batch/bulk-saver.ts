import type { BulkArea, BulkUploadSuccess } from '@rms/contracts/bulk-upload';
import type { Db } from '../db/client';
import type { BatchContext, BatchRow, RowProblem, ValidateMany } from './batch';

// An area's bulk upload, made of the area's own batch functions: the sheet's names looked up where the
// sheet names by text what the form picks by id, then the form's rules, then the save. The sheet runner
// (modules/bulk-upload) reads the file, parses each row with `area.schema` and calls validate(); it knows
// no area, and no area knows it.

/** What a sheet's save answers besides the file: how many rows it made (an RMS sheet: the new keys). */
export type BulkSaved = Pick<BulkUploadSuccess, 'created' | 'device_keys'>;

/** A sheet's rows after every rule: each bad row's problems, and the save of the rows (when none is bad). */
export interface SheetValidated {
  problems: RowProblem[];
  /** Saves every row on `db` (the upload's transaction); throws BatchConflict when a row moved meanwhile. */
  save(db: Db): Promise<BulkSaved>;
}

/** An area's sheet side: Row is its contract schema's output. */
export interface BulkSaver<Row extends object> {
  area: BulkArea<Row>;
  validate(context: BatchContext, rows: BatchRow<Row>[]): Promise<SheetValidated>;
}

export function bulkSaver<Row extends object, Form, Ready>(parts: {
  area: BulkArea<Row>;
  /**
   * The sheet's rows as the form sends them: names looked up set-based. A name matching nothing the
   * caller may use is a `missing` problem on the form's field, and its row goes no further.
   */
  resolve: ValidateMany<Row, Form>;
  /** The form's rules: the function the area's single create calls. */
  validate: ValidateMany<Form, Ready>;
  /** The form's save: the function the area's single create calls. */
  save(context: BatchContext, rows: Ready[]): Promise<BulkSaved>;
}): BulkSaver<Row> {
  return {
    area: parts.area,
    async validate(context, rows) {
      const resolved = await parts.resolve(context, rows);
      const validated = await parts.validate(context, resolved.rows);
      const ready = validated.rows.map((r) => r.data);
      return {
        problems: [...resolved.problems, ...validated.problems],
        save: (db) => parts.save({ ...context, db }, ready),
      };
    },
  };
}

/** The resolve step of a sheet whose rows are the form's own body. */
export async function asSent<Row>(_context: BatchContext, rows: BatchRow<Row>[]) {
  return { rows, problems: [] };
}

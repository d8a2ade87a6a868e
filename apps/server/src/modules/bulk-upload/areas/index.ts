import type { BulkAreaName } from '@rms/contracts/bulk-upload';
import { activationBulk } from '../../activations';
import { assignPoleBulk, assignRmsBulk, assignStltBulk } from '../../assignments';
import { poleBulk, rmsBulk, stltBulk } from '../../inventory';
import { msisdnBulk } from '../../msisdn';
import { bulkUpload, type BulkUpload } from '../engine';

// Every area with a bulk upload. The sheet runner (../engine.ts) is generic; each area's sheet side
// lives in its own module and is made of the functions its single create calls, so a rule is written
// once for the form (a batch of one) and the sheet (a batch of many). This module depends on the
// areas, never the reverse. Adding an area (e.g. an assignment, an activation):
// 1. packages/contracts/src/bulk-upload.ts: an entry in BULK_AREAS — name (the sample's file name), path
//    (`devices/assign_rms/bulk_upload/`), accessPath (the create screen), title, columnsOf(rowSchema,
//    {key: {header, example, kind, named?}}) (a type error until every row key has a column), schema (the
//    create body, or the form's body with named fields as text: every row must pass it; its output is
//    the area's Row type), uniqueKeys (no repeats within one file), success message.
// 2. modules/<area>/batch.ts: the area's rules over a batch, validate<Area>(context, rows) → the rows
//    that passed and each other row's problems ({row, field, message}; few set-based queries for all
//    rows: `= any($1::text[])`), and save<Area>(context, rows) (insertUnnest: one statement per batch).
//    The single create calls them with its one row (batch/form-row.ts validateOne answers the problems
//    as field errors).
// 3. modules/<area>/bulk.ts: bulkSaver({area: BULK_AREAS.<name>, resolve, validate, save}) — resolve
//    turns a sheet row into the form's body (`asSent` when it is that already; else names looked up,
//    a name matching nothing being a `missing` problem), validate and save are step 2's functions.
// 4. One line below (bulkUpload(name, saver) checks that the saver takes the rows of the area's schema).
//    The route, the sample sheet and the console's <BulkUpload area="..."> follow.

/** Every area's upload, by name. */
export const BULK_SAVERS: Record<BulkAreaName, BulkUpload> = {
  rms: bulkUpload('rms', rmsBulk),
  stlt: bulkUpload('stlt', stltBulk),
  pole: bulkUpload('pole', poleBulk),
  msisdn: bulkUpload('msisdn', msisdnBulk),
  assign_rms: bulkUpload('assign_rms', assignRmsBulk),
  assign_stlt: bulkUpload('assign_stlt', assignStltBulk),
  assign_pole: bulkUpload('assign_pole', assignPoleBulk),
  activation: bulkUpload('activation', activationBulk),
};

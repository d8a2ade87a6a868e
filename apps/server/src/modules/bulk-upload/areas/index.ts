import type { BulkAreaName } from '@rms/contracts/bulk-upload';
import type { BulkSaver } from '../engine';
import { activationBulk } from './activation';
import { assignPoleBulk, assignRmsBulk, assignStltBulk } from './assignments';
import { poleBulk, rmsBulk, stltBulk } from './inventory';
import { msisdnBulk } from './msisdn';

// Adding an area (e.g. assign_rms, activation):
// 1. packages/contracts/src/bulk-upload.ts: an entry in BULK_AREAS — name (the sample's file name), path
//    (`devices/assign_rms/bulk_upload/`), accessPath (the create screen), title, columnsOf(createBody,
//    {key: {header, example, date?}}) (a type error until every body key has a column), schema (the
//    create body: every row must pass it), uniqueKeys (no repeats within one file), success message.
// 2. areas/<area>.ts here: a BulkSaver — conflicts() finds rows whose values clash with the database in
//    a few set-based queries (`= any($1::text[])`), rowError() for rules the schema cannot hold, and
//    save() inserts every row with insertUnnest() (it runs inside the upload's transaction).
// 3. One line below. The route, the sample sheet and the console's <BulkUpload area="..."> follow.

/** Every area's server side; the contract's BULK_AREAS holds their columns and rules. */
export const BULK_SAVERS: Record<BulkAreaName, BulkSaver> = {
  rms: rmsBulk,
  stlt: stltBulk,
  pole: poleBulk,
  msisdn: msisdnBulk,
  assign_rms: assignRmsBulk,
  assign_stlt: assignStltBulk,
  assign_pole: assignPoleBulk,
  activation: activationBulk,
};

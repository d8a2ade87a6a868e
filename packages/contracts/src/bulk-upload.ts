import { z } from 'zod';
import { ACTIVATION_LABELS, activationFields } from './activations';
import {
  ASSIGNMENT,
  ASSIGNMENT_BODIES,
  ASSIGNMENT_KINDS,
  poleAssignBody,
  rmsAssignBody,
  stltAssignBody,
  type AssignmentKind,
} from './assignments';
import { email } from './employees';
import { identifier, requiredText } from './fields';
import { INVENTORY, INVENTORY_SCHEMAS, issuedDeviceKey, type InventoryKind } from './inventory';
import { MSISDN_LABELS, msisdnCreateBody, type MsisdnFields } from './msisdn';
import type { ConsolePath } from './routes';
import { FILE_KINDS, fileRecord, formatBytes, storedKey } from './uploads';

// Bulk upload from Excel (spec 02 §2, §3 "Bulk upload error entries", §4 "Bulk upload", §7, §8, §9).
// An area is one entry of BULK_AREAS: its columns are the keys of the area's own create-body schema (a
// type error until every key has a header), and each row is validated with that same schema, so the
// form, the upload and the sample sheet cannot drift apart. Where a sheet names by text what the form
// picks by id (an e-mail, an RMS ID, a state), the column is required exactly when the form's field is
// (namedBy). Each column declares what its cells hold (BulkColumnKind), which decides how the reader
// takes a number typed into it. An area is a BulkArea<Row>: Row is its schema's output, the type the
// server's sheet runner hands to the area's own rules and save (the ones its single create calls).

const MB = 1024 * 1024;

export const BULK_LIMITS = {
  /** The stored file, as the presign already allows for spreadsheets. */
  maxBytes: FILE_KINDS.spreadsheet.maxBytes,
  /** Data rows per file (the header row not counted). */
  maxRows: 10_000,
  /** All zip entries together once inflated: a "zip bomb" is refused before it is parsed. */
  maxUnpackedBytes: 40 * MB,
  /** Inflated ÷ compressed size of one entry, for entries past 1 MB (Excel's own XML stays below 100). */
  maxRatio: 200,
  maxEntries: 500,
} as const;

export const BULK_MESSAGES = {
  notASpreadsheet: 'The file is not an xlsx spreadsheet. Please upload the sample sheet filled in.',
  tooLarge: `The file is larger than ${formatBytes(BULK_LIMITS.maxBytes)}`,
  bomb: `The spreadsheet unpacks to more than ${formatBytes(BULK_LIMITS.maxUnpackedBytes)} or is packed suspiciously tightly; it is refused.`,
  tooManyRows: (rows: number) =>
    `The sheet has ${rows} data rows; at most ${BULK_LIMITS.maxRows} rows can be uploaded in one file. Please split it.`,
  noRows: 'The sheet has no data rows below its header',
  noSheet: 'The spreadsheet has no worksheet',
  missingColumns: (headers: string[]) =>
    `The header row is missing the column${headers.length > 1 ? 's' : ''} ${headers.map((h) => `"${h}"`).join(', ')}. Please use the sample sheet.`,
  duplicateInFile: (header: string, firstRow: number) => `${header} repeats row ${firstRow} of this file`,
  invalidDate: (header: string) => `'${header}' must be a date (YYYY-MM-DD or DD/MM/YYYY)`,
  /**
   * A number cell in a column of identifiers that a spreadsheet cannot hold exactly: more than 15
   * digits (Excel keeps 15, so a 19-digit SIM NO. typed as a number is already another number), a
   * fraction, or a value shown in exponent form.
   */
  numberNotExact: (header: string) =>
    `'${header}' was typed as a number the spreadsheet cannot hold exactly (more than 15 digits, a fraction or an exponent such as 1.5E+18). Format the '${header}' column as Text and type the value again.`,
  /** A header row naming a column more than once: the reader could keep only one column's data. */
  duplicateColumns: (headers: string[]) =>
    `The header row names ${headers.map((h) => `"${h}"`).join(', ')} more than once. Please keep one column of each, so no data is left out.`,
  /** A cell holding a spreadsheet error, typed or as its formula's result (#DIV/0!, #N/A, #REF! ...). */
  cellError: (header: string, error: string) =>
    `'${header}' holds a spreadsheet error (${error}). Correct the formula or the value and upload again.`,
  /** A formula whose result the file does not hold (written by a program that did not work it out) or an empty one. */
  formulaWithoutResult: (header: string) =>
    `'${header}' holds a formula whose result is not saved in the file, or is empty. Replace the formula with its value (Paste Special, Values), or open and save the file in a spreadsheet program.`,
  /** A date in a column of identifiers or numbers: the spreadsheet likely turned what was typed (1-2, 3/4) into one. */
  dateNotExpected: (header: string) =>
    `'${header}' holds a date, which the spreadsheet may have made of what was typed. Format the '${header}' column as Text and type the value again.`,
  /** A cell covered by merged cells: the file holds its value only in the first cell (the master). */
  mergedCell: (header: string, master: string) =>
    `'${header}' is part of cells merged from ${master}. Unmerge them and fill in each cell.`,
  /** A cell whose kind the reader does not know. */
  unreadableCell: (header: string) =>
    `'${header}' holds a value that cannot be read. Please type the value again.`,
  /** An optional column's header is missing while the header row holds names the sheet does not take. */
  unknownColumns: (unknown: string[], missing: string[]) =>
    `The header row has ${unknown.map((h) => `"${h}"`).join(', ')}, which ${unknown.length > 1 ? 'are not columns' : 'is not a column'} of this sheet, and lacks ${missing.map((h) => `"${h}"`).join(', ')}. Please rename the header or use the sample sheet.`,
  /** The save lost a race with another save of the same value: nothing was saved. */
  conflict:
    'Another upload or save took one of these values meanwhile; nothing was saved. Please upload again.',
  uploadFailed: 'Bulk upload failed',
  /** A name in a row that matches nothing the caller may use (an organization e-mail, an ID, a state ...). */
  notFound: (header: string, value: string) => `${header} "${value}" was not found`,
  /** A rule of the single form broken by the thing a row names: the column, the value and the form's message. */
  about: (header: string, value: string, message: string) => `${header} "${value}": ${message}`,
} as const;

/**
 * What a column's cells hold, which decides how a cell typed as a number is read:
 * - `id`: an identifier (RMS, STLT and pole IDs, model, SIM NO., IMSI, MSISDN, PIN, panel and battery
 *   IDs): a whole number of at most 15 digits is read as its digits; any other number (more digits, a
 *   fraction, an exponent) is refused, since the spreadsheet already changed it, asking for a Text column.
 * - `text`: names, addresses, remarks: a number is read as written, unless it has more than 15 digits.
 * - `number`: a quantity (latitude, longitude): the number as it is.
 * - `date`: Excel dates, YYYY-MM-DD or DD/MM/YYYY text, read as YYYY-MM-DD.
 */
export type BulkColumnKind = 'id' | 'text' | 'number' | 'date';

/** One column of an area's sheet. */
export interface BulkColumn {
  /** The row schema's field. */
  key: string;
  /** The header cell's text in the sample (matched ignoring case and spaces; the key is accepted too). */
  header: string;
  /** The sample sheet's example value: it must itself upload successfully. */
  example: string;
  kind: BulkColumnKind;
  /**
   * Whether a row must fill it: derived from the row schema (a blank cell is absent, and the schema
   * says whether absent is allowed). An optional column may also be left out of the header row.
   */
  required: boolean;
  /** The single form's field this column stands for (its own key unless the sheet names it by text). */
  formField: string;
  /**
   * The cell names a thing (an organization, an item, a place, a list value): a rule the form applies
   * to that thing is shown with the cell's text, `RMS ID "X": <the form's message>`.
   */
  named: boolean;
}

/** What an area's sheet looks like and where it goes, whatever its row type (the reader, the sample, the routes). */
export interface BulkSheet {
  /** Sample file `/samples/<name>.xlsx` and the area's name in code. */
  name: string;
  /** Under /api/v1, e.g. `devices/rms/bulk_upload/`. */
  path: string;
  /** The create screen's path: the upload route's access is the same as creating one row. */
  accessPath: ConsolePath;
  /** The modal's title. */
  title: string;
  columns: BulkColumn[];
  /** The single form's body, whose rules (required, ranges, grammar) the sheet's are (a test compares them). */
  form: z.ZodObject;
  success: string;
}

/** The keys of a row whose values are text (what may have to be unique within a file). */
export type TextKey<Row> = {
  [K in keyof Row]-?: Row[K] extends string | undefined ? K : never;
}[keyof Row] &
  string;

/** An area's sheet with its row type: Row is the schema's output, what the area's rules and save take. */
export interface BulkArea<Row extends object> extends BulkSheet {
  /** The row schema: the create body, or the form's body with named fields as text; every row must pass it. */
  schema: z.ZodType<Row>;
  /** Keys whose values must be unique within the file (compared ignoring case), e.g. the ID. */
  uniqueKeys: readonly TextKey<Row>[];
}

/** The row type of an area. */
export type BulkRowOf<N extends BulkAreaName> =
  (typeof BULK_AREAS)[N] extends BulkArea<infer Row extends object> ? Row : never;

type ColumnSpec = Omit<BulkColumn, 'key' | 'required' | 'formField' | 'named'> & {
  formField?: string;
  named?: true;
};

/** Whether a schema takes a missing value (an optional field, a blank cell). */
export const takesAbsent = (schema: z.ZodType) => schema.safeParse(undefined).success;

/** The columns of a row schema: one per key, in the order given (every key must be named). */
function columnsOf<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  specs: { [K in keyof S & string]: ColumnSpec },
): BulkColumn[] {
  const keys = Object.keys(schema.shape) as (keyof S & string)[];
  return (Object.keys(specs) as (keyof S & string)[])
    .filter((key) => keys.includes(key))
    .map((key) => ({
      key,
      ...specs[key],
      formField: specs[key].formField ?? key,
      named: specs[key].named ?? false,
      required: !takesAbsent(schema.shape[key] as z.ZodType),
    }));
}

/**
 * A sheet column that names by text what the form picks by id (an organization's e-mail, an RMS ID, a
 * state's name): the text's own rule, required exactly when the form requires the field. A blank
 * optional cell is absent, as a field the form leaves empty.
 */
export function namedBy<F extends z.ZodType, T extends z.ZodType>(formField: F, text: T): NamedBy<F, T> {
  // The type follows the form field's output (undefined in it: optional), the value its parse of absent.
  return (takesAbsent(formField) ? blankAsAbsent(text) : text) as NamedBy<F, T>;
}

const blankAsAbsent = <T extends z.ZodType>(text: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text.optional());

type NamedBy<F extends z.ZodType, T extends z.ZodType> =
  undefined extends z.output<F> ? ReturnType<typeof blankAsAbsent<T>> : T;

/** An example expiry one year out, so the RMS sample stays valid ("after today"). */
function aYearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

const inventoryShared = {
  manufacture: { header: 'Manufacture', example: 'Surya Power', kind: 'text' },
  inventory_date: { header: 'Inventory Date', example: '2026-01-15', kind: 'date' },
  remarks: { header: 'Remarks', example: 'Batch A', kind: 'text' },
} as const;

const INVENTORY_COLUMNS: Record<InventoryKind, BulkColumn[]> = {
  rms: columnsOf(INVENTORY_SCHEMAS.rms.create, {
    device_id: { header: 'RMS ID', example: 'RMS-SAMPLE-0001', kind: 'id' },
    manufacture: inventoryShared.manufacture,
    model: { header: 'Model', example: 'RMS-X1', kind: 'id' },
    inventory_date: inventoryShared.inventory_date,
    expiry_date: { header: 'Expiry Date', example: aYearFromNow(), kind: 'date' },
    remarks: inventoryShared.remarks,
  }),
  stlt: columnsOf(INVENTORY_SCHEMAS.stlt.create, {
    stlt_id: { header: 'STLT ID', example: 'STLT-SAMPLE-0001', kind: 'id' },
    manufacture: inventoryShared.manufacture,
    model_no: { header: 'Model No.', example: 'ST-200', kind: 'id' },
    inventory_date: inventoryShared.inventory_date,
    remarks: inventoryShared.remarks,
  }),
  pole: columnsOf(INVENTORY_SCHEMAS.pole.create, {
    pole_id: { header: 'Pole ID', example: 'POLE-SAMPLE-0001', kind: 'id' },
    manufacture: inventoryShared.manufacture,
    model: { header: 'Model', example: 'P-9M', kind: 'id' },
    inventory_date: inventoryShared.inventory_date,
    remarks: inventoryShared.remarks,
  }),
};

const INVENTORY_TITLES: Record<InventoryKind, string> = {
  rms: 'Bulk Upload RMS ID',
  stlt: 'Bulk Upload STLT ID',
  pole: 'Bulk Upload Pole ID',
};

/** An inventory kind's sheet: its create body as it is, the ID unique within the file. */
function inventoryArea<Row extends object>(
  kind: InventoryKind,
  schema: z.ZodType<Row> & z.ZodObject,
  idField: TextKey<Row>,
): BulkArea<Row> {
  const config = INVENTORY[kind];
  return {
    name: kind,
    path: `${config.path}bulk_upload/`,
    accessPath: config.createPath,
    title: INVENTORY_TITLES[kind],
    columns: INVENTORY_COLUMNS[kind],
    schema,
    form: schema,
    uniqueKeys: [idField],
    success: `Bulk ${config.label}s Added Successfully`,
  };
}

export const MSISDN_BULK_MESSAGES = {
  /** Spec 02 §8 names two; the list screen's upload shows the first, the add screen's the second. */
  added: 'Bulk MSISDN Mapping Added Successfully',
  created: 'Bulk MSISDN Mapping Successfully Created',
} as const;

/** The modal titles of the two MSISDN screens (spec 02 §2). */
export const MSISDN_BULK_TITLES = {
  add: 'Bulk Upload MSISDN Mapping',
  view: 'Bulk Upload MSISDN',
} as const;

const msisdnArea: BulkArea<MsisdnFields> = {
  name: 'msisdn',
  path: 'devices/msisdn_mapping/bulk_upload/',
  accessPath: '/add-msison-mapping',
  title: MSISDN_BULK_TITLES.view,
  columns: columnsOf(msisdnCreateBody, {
    sim_number: { header: MSISDN_LABELS.simNumber, example: '8991000000000000001', kind: 'id' },
    imsi: { header: MSISDN_LABELS.imsi, example: '404450000000001', kind: 'id' },
    msisdn: { header: MSISDN_LABELS.msisdn, example: '919800000001', kind: 'id' },
  }),
  schema: msisdnCreateBody,
  form: msisdnCreateBody,
  uniqueKeys: ['sim_number', 'imsi', 'msisdn'],
  success: MSISDN_BULK_MESSAGES.added,
};

// Assignments and activations: a sheet names things people know (the buyer organization's e-mail, the
// item's ID text, the state's and city's names) where the form sends ids. Each row schema is the form's
// body with those id fields swapped for text, so the other rules (expiry date, PIN ...) stay the form's;
// the server resolves the names set-based and applies the form's remaining rules.

const ASSIGN_COLUMNS = {
  buyer_email: {
    header: 'Buyer E-mail',
    example: 'buyer@example.com',
    kind: 'text',
    formField: 'buyer',
    named: true,
  },
  expiry_date: { header: 'Expiry Date', example: aYearFromNow(), kind: 'date' },
} as const;

/** The item column of each kind's sheet: the inventory area's ID header and its sample's ID. */
const ASSIGN_ITEM_EXAMPLES: Record<AssignmentKind, string> = {
  rms: 'RMS-SAMPLE-0001',
  stlt: 'STLT-SAMPLE-0001',
  pole: 'POLE-SAMPLE-0001',
};

/** Each kind's assignment row: the form's body with the buyer as an e-mail and the item as its ID text. */
const assignRowText = <F extends z.ZodType>(kind: AssignmentKind, itemField: F) => ({
  buyer_email: namedBy(ASSIGNMENT_BODIES[kind].shape.buyer, email),
  item: namedBy(itemField, identifier(ASSIGNMENT[kind].itemLabel)),
});
export const ASSIGN_ROW_SCHEMAS = {
  rms: rmsAssignBody
    .omit({ buyer: true, device: true })
    .extend(assignRowText('rms', rmsAssignBody.shape.device)),
  stlt: stltAssignBody
    .omit({ buyer: true, stlt: true })
    .extend(assignRowText('stlt', stltAssignBody.shape.stlt)),
  pole: poleAssignBody
    .omit({ buyer: true, pole: true })
    .extend(assignRowText('pole', poleAssignBody.shape.pole)),
};

const itemColumn = (kind: AssignmentKind) =>
  ({
    header: ASSIGNMENT[kind].itemLabel,
    example: ASSIGN_ITEM_EXAMPLES[kind],
    kind: 'id',
    formField: ASSIGNMENT[kind].itemField,
    named: true,
  }) as const;

const ASSIGN_COLUMN_LISTS: Record<AssignmentKind, BulkColumn[]> = {
  rms: columnsOf(ASSIGN_ROW_SCHEMAS.rms, {
    buyer_email: ASSIGN_COLUMNS.buyer_email,
    item: itemColumn('rms'),
    expiry_date: ASSIGN_COLUMNS.expiry_date,
    // The form too sends the text: the server takes the enabled list value it names.
    device_type: { header: 'Device Type', example: 'RMS 12V', kind: 'text', named: true },
  }),
  stlt: columnsOf(ASSIGN_ROW_SCHEMAS.stlt, {
    buyer_email: ASSIGN_COLUMNS.buyer_email,
    item: itemColumn('stlt'),
    expiry_date: ASSIGN_COLUMNS.expiry_date,
  }),
  pole: columnsOf(ASSIGN_ROW_SCHEMAS.pole, {
    buyer_email: ASSIGN_COLUMNS.buyer_email,
    item: itemColumn('pole'),
    expiry_date: ASSIGN_COLUMNS.expiry_date,
  }),
};

export const ASSIGN_BULK_TITLES: Record<AssignmentKind, string> = {
  rms: 'Bulk Assign RMS ID',
  stlt: 'Bulk Assign STLT ID',
  pole: 'Bulk Assign Pole ID',
};

function assignArea<Row extends object>(
  kind: AssignmentKind,
  schema: z.ZodType<Row>,
  itemKey: TextKey<Row>,
): BulkArea<Row> {
  const config = ASSIGNMENT[kind];
  return {
    name: `assign_${kind}`,
    path: `${config.path}bulk_upload/`,
    accessPath: config.consolePath,
    title: ASSIGN_BULK_TITLES[kind],
    columns: ASSIGN_COLUMN_LISTS[kind],
    schema,
    form: ASSIGNMENT_BODIES[kind],
    uniqueKeys: [itemKey],
    success: `Bulk ${config.itemLabel}s assigned successfully`,
  };
}

const L = ACTIVATION_LABELS;
const ACTIVATION_ITEM_HEADERS = { device: 'RMS ID', stlt: 'STLT ID', pole: 'Pole ID' } as const;

/**
 * An activation row: the form's fields with the RMS, STLT and pole as their ID texts and the state and
 * city as names, each required exactly when the form requires it (spec 02 §5: device, STLT and pole
 * are optional; state and city required).
 */
const activationForm = activationFields.shape;
// Tags are set in the form, not in the spreadsheet (the spec's columns stay as they are).
export const activationRowSchema = activationFields
  .omit({ device: true, stlt: true, pole: true, state: true, city: true, tags: true })
  .extend({
    device: namedBy(activationForm.device, identifier(ACTIVATION_ITEM_HEADERS.device)),
    stlt: namedBy(activationForm.stlt, identifier(ACTIVATION_ITEM_HEADERS.stlt)),
    pole: namedBy(activationForm.pole, identifier(ACTIVATION_ITEM_HEADERS.pole)),
    state: namedBy(activationForm.state, requiredText(L.state, 100)),
    city: namedBy(activationForm.city, requiredText(L.city, 100)),
  });
export type ActivationRowInput = z.output<typeof activationRowSchema>;

export const ACTIVATION_BULK_MESSAGES = {
  title: 'Bulk Device Activation',
  success: 'Bulk devices activated successfully',
} as const;

const activationArea: BulkArea<ActivationRowInput> = {
  name: 'activation',
  path: 'devices/activation/bulk_upload/',
  accessPath: '/device-activation',
  title: ACTIVATION_BULK_MESSAGES.title,
  columns: columnsOf(activationRowSchema, {
    name: { header: L.name, example: 'Sample Project', kind: 'text' },
    device: {
      named: true,
      header: ACTIVATION_ITEM_HEADERS.device,
      example: ASSIGN_ITEM_EXAMPLES.rms,
      kind: 'id',
    },
    stlt: {
      named: true,
      header: ACTIVATION_ITEM_HEADERS.stlt,
      example: ASSIGN_ITEM_EXAMPLES.stlt,
      kind: 'id',
    },
    pole: {
      named: true,
      header: ACTIVATION_ITEM_HEADERS.pole,
      example: ASSIGN_ITEM_EXAMPLES.pole,
      kind: 'id',
    },
    address1: { header: L.address1, example: '12 MG Road', kind: 'text' },
    address2: { header: L.address2, example: 'Near Bus Stand', kind: 'text' },
    state: { header: L.state, example: 'Karnataka', kind: 'text', named: true },
    city: { header: L.city, example: 'Bengaluru', kind: 'text', named: true },
    pin: { header: L.pin, example: '560001', kind: 'id' },
    panel_id: { header: L.panelId, example: 'PNL-0001', kind: 'id' },
    battery_id: { header: L.batteryId, example: 'BAT-0001', kind: 'id' },
    latitude: { header: L.latitude, example: '12.9716', kind: 'number' },
    longitude: { header: L.longitude, example: '77.5946', kind: 'number' },
  }),
  schema: activationRowSchema,
  // The sheet mirrors the spec's activation form; tags (ours, for lighting groups) are set in the
  // console's form or the API only.
  form: activationFields.omit({ tags: true }),
  uniqueKeys: ['device', 'stlt', 'pole'],
  success: ACTIVATION_BULK_MESSAGES.success,
};

/**
 * Every area with a bulk upload, by name. Adding an area: one entry here, and its sheet side on the
 * server (see apps/server/src/modules/bulk-upload/areas/index.ts).
 */
export const BULK_AREAS = {
  rms: inventoryArea('rms', INVENTORY_SCHEMAS.rms.create, INVENTORY.rms.idField),
  stlt: inventoryArea('stlt', INVENTORY_SCHEMAS.stlt.create, INVENTORY.stlt.idField),
  pole: inventoryArea('pole', INVENTORY_SCHEMAS.pole.create, INVENTORY.pole.idField),
  msisdn: msisdnArea,
  assign_rms: assignArea('rms', ASSIGN_ROW_SCHEMAS.rms, 'item'),
  assign_stlt: assignArea('stlt', ASSIGN_ROW_SCHEMAS.stlt, 'item'),
  assign_pole: assignArea('pole', ASSIGN_ROW_SCHEMAS.pole, 'item'),
  activation: activationArea,
} as const;
export type BulkAreaName = keyof typeof BULK_AREAS;
export const BULK_AREA_NAMES = Object.keys(BULK_AREAS) as BulkAreaName[];

/** The sample sheet's path (outside /api, public like the console's static files). */
/** The bulk area of each assignment kind. */
export const ASSIGN_BULK_AREA = Object.fromEntries(
  ASSIGNMENT_KINDS.map((kind) => [kind, `assign_${kind}`]),
) as Record<AssignmentKind, 'assign_rms' | 'assign_stlt' | 'assign_pole'>;

export const samplePath = (area: BulkAreaName) => `/samples/${area}.xlsx`;

/** POST `<area>/bulk_upload/`: the file name the presign returned, of a spreadsheet. */
export const bulkUploadBody = z.object({
  report_upload: storedKey.refine((key) => key.startsWith('spreadsheet/'), {
    message: BULK_MESSAGES.notASpreadsheet,
  }),
});
export type BulkUploadBody = z.infer<typeof bulkUploadBody>;

/** Spec 02 §3 "Bulk upload error entries": the spreadsheet's row number (1 = header) and the message. */
export const bulkRowError = z.object({ row: z.number().int(), error: z.string() });
export type BulkRowError = z.infer<typeof bulkRowError>;
/** 400: every bad row; nothing was saved. */
export const bulkUploadFailure = z.object({ detail: z.array(bulkRowError) });
export const bulkUploadSuccess = z.object({
  detail: z.string(),
  created: z.number().int(),
  /** The uploaded sheet: who uploaded it and when. */
  file: fileRecord,
  /**
   * RMS sheets: every new device's key, in the sheet's order, for the flashing step (docs/device-keys.md).
   * This answer is the only place they are shown; only their hashes are kept.
   */
  device_keys: z.array(issuedDeviceKey).optional(),
});
export type BulkUploadSuccess = z.infer<typeof bulkUploadSuccess>;

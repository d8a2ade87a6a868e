import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { bodyId, identifier, idOf, isoDate, queryId, requiredText } from './fields';
import { rejectSummary } from './telemetry';
import type { PermissionCode } from './permissions';
import { deletedRowsQuery } from './soft-delete';
import type { ConsolePath } from './routes';

// The inventory area (spec 02 §2–§8): RMS/device IDs, STLT IDs and pole IDs. The three kinds share
// their rules; they differ in the ID field's name, the model field's name and RMS's expiry date.

export const INVENTORY_KINDS = ['rms', 'stlt', 'pole'] as const;
export type InventoryKind = (typeof INVENTORY_KINDS)[number];

export const INVENTORY_MESSAGES = {
  deleted: 'Pole ID/STLT ID/Device ID has been Deleted Successfully.',
  expiryAfterToday: 'Expiry date must be after today',
} as const;

/** What differs between the kinds, for the server and the console alike. */
export const INVENTORY = {
  rms: {
    idField: 'device_id',
    modelField: 'model',
    label: 'RMS ID',
    path: 'devices/rms/',
    createPath: '/create-rms-device-id',
    viewPath: '/view-rms-device-id',
    view: 'VIEW_RMS',
    create: 'CREATE_RMS',
    created: 'RMS ID created successfully',
    updated: 'RMS ID updated successfully',
    restored: 'RMS ID restored successfully',
    duplicate: 'This RMS ID already exists',
  },
  stlt: {
    idField: 'stlt_id',
    modelField: 'model_no',
    label: 'STLT ID',
    path: 'devices/stlt/',
    createPath: '/create-stltid',
    viewPath: '/view-stltid',
    view: 'VIEW_STLT',
    create: 'CREATE_STLT',
    // Sic: the spec's text.
    created: 'STLD ID created successfully',
    updated: 'STLT ID updated successfully',
    restored: 'STLT ID restored successfully',
    duplicate: 'This STLT ID already exists',
  },
  pole: {
    idField: 'pole_id',
    modelField: 'model',
    label: 'Pole ID',
    path: 'devices/pole/',
    createPath: '/create-poleid',
    viewPath: '/view-poleid',
    view: 'VIEW_POLE',
    create: 'CREATE_POLE',
    created: 'Pole ID created successfully',
    updated: 'Pole ID updated successfully',
    restored: 'Pole ID restored successfully',
    duplicate: 'This Pole ID already exists',
  },
} as const satisfies Record<
  InventoryKind,
  {
    idField: string;
    modelField: string;
    label: string;
    path: string;
    createPath: ConsolePath;
    viewPath: ConsolePath;
    view: PermissionCode;
    create: PermissionCode;
    created: string;
    updated: string;
    restored: string;
    duplicate: string;
  }
>;

/** Field rules; `label` is the name in the message ("'<label>' is required!"). */
export const inventoryFields = {
  code: (label: string) => identifier(label),
  manufacture: (label: string) => requiredText(label, 150),
  model: (label: string) => requiredText(label, 150),
  remarks: (label: string) => requiredText(label, 500),
  date: (label: string) => isoDate(label),
};

const shared = {
  manufacture: inventoryFields.manufacture('manufacture'),
  inventory_date: inventoryFields.date('inventory_date'),
  remarks: inventoryFields.remarks('remarks'),
};

export const rmsCreateBody = z.object({
  device_id: inventoryFields.code('device_id'),
  model: inventoryFields.model('model'),
  expiry_date: inventoryFields.date('expiry_date'),
  ...shared,
});
export const stltCreateBody = z.object({
  stlt_id: inventoryFields.code('stlt_id'),
  model_no: inventoryFields.model('model_no'),
  ...shared,
});
export const poleCreateBody = z.object({
  pole_id: inventoryFields.code('pole_id'),
  model: inventoryFields.model('model'),
  ...shared,
});

/** Update: the fields are optional but validated; `is_active: false` is the soft delete (RMS also sends expiry_date). */
const updateOf = <T extends z.ZodRawShape>(body: z.ZodObject<T>) =>
  body.partial().extend({ id: idOf('id'), is_active: z.boolean().optional() });
export const rmsUpdateBody = updateOf(rmsCreateBody);
export const stltUpdateBody = updateOf(stltCreateBody);
export const poleUpdateBody = updateOf(poleCreateBody);

export type RmsCreateBody = z.infer<typeof rmsCreateBody>;
export type StltCreateBody = z.infer<typeof stltCreateBody>;
export type PoleCreateBody = z.infer<typeof poleCreateBody>;

export const inventoryListQuery = pageQuery.extend({ id: queryId.optional(), ...deletedRowsQuery.shape });

const rowBase = {
  id: z.number().int(),
  manufacture: z.string(),
  inventory_date: z.string(),
  remarks: z.string(),
  is_active: z.boolean(),
  organization: z.number().int(),
  current_organization: z.object({ id: z.number().int(), company_name: z.string() }),
  created_at: z.string(),
};
export const rmsRow = z.object({
  ...rowBase,
  device_id: z.string(),
  model: z.string(),
  expiry_date: z.string(),
  /** When the device's current key was made; null while it has none (it cannot sign in). */
  device_key_issued_at: z.string().nullable(),
});
/** An RMS row in the list: with its refused messages (null when none ever was). */
export const rmsListRow = rmsRow.extend({ rejects: rejectSummary });
export const stltRow = z.object({ ...rowBase, stlt_id: z.string(), model_no: z.string() });
export const poleRow = z.object({ ...rowBase, pole_id: z.string(), model: z.string() });
export type RmsRow = z.infer<typeof rmsRow>;
export type RmsListRow = z.infer<typeof rmsListRow>;
export type StltRow = z.infer<typeof stltRow>;
export type PoleRow = z.infer<typeof poleRow>;
export type InventoryRow = RmsRow | RmsListRow | StltRow | PoleRow;

/** Per kind: create and update bodies, the saved row (with `detail`) and the list answer. */
export const INVENTORY_SCHEMAS = {
  rms: {
    create: rmsCreateBody,
    update: rmsUpdateBody,
    // `device_key` is in the answer that creates the device, and nowhere else (only its hash is kept).
    row: rmsRow.extend({ detail: z.string(), device_key: z.string().optional() }),
    list: listResponse(rmsListRow),
  },
  stlt: {
    create: stltCreateBody,
    update: stltUpdateBody,
    row: stltRow.extend({ detail: z.string() }),
    list: listResponse(stltRow),
  },
  pole: {
    create: poleCreateBody,
    update: poleUpdateBody,
    row: poleRow.extend({ detail: z.string() }),
    list: listResponse(poleRow),
  },
} as const;

// --- Device keys (docs/device-keys.md) ----------------------------------------
// An RMS device signs in to the broker with its RMS ID and a key. A key is made with every RMS device
// (form or sheet) and can be made again for one device (its edit screen) or a selection (the list). The
// plaintext is in that one answer only, to be flashed into the device; the server keeps its hash.

export const DEVICE_KEY_LIMITS = {
  /** RMS devices per request for keys (a bulk upload's own keys come with its answer, up to its rows). */
  maxDevices: 1000,
} as const;

export const DEVICE_KEY_MESSAGES = {
  shownOnce: 'Keep this key now: it is shown only once. The device signs in with its RMS ID and this key.',
  rotated: 'New device key created; the old key no longer works.',
  rotateConfirm: 'The device’s current key stops working at once. Create a new key?',
  notFound: 'RMS ID not found',
  issueConfirm: (count: number) =>
    `Issue new keys for ${count} RMS device${count === 1 ? '' : 's'}? Their current keys stop working at once, so each device must be flashed with its new key.`,
  issued: (count: number) =>
    `${count} device key${count === 1 ? '' : 's'} issued; the old keys no longer work.`,
  downloaded: (file: string) =>
    `${file} downloaded. Keep it safe for flashing: the keys are not shown again (only their hashes are kept).`,
  selectDevices: 'Select at least one RMS ID',
  tooMany: `At most ${DEVICE_KEY_LIMITS.maxDevices} RMS IDs at once`,
  outsideGrammar: (code: string) =>
    `RMS ID "${code}" breaks the id grammar and cannot sign in; rename it before issuing a key`,
} as const;

/** POST devices/rms/device_key/: makes a new key for the device. */
export const deviceKeyBody = z.object({ id: idOf('id') });
export const deviceKeyAnswer = z.object({ device_key: z.string(), detail: z.string() });

/** POST devices/rms/keys/: new keys for the selected RMS devices (every one the caller's, or 404). */
export const deviceKeysBody = z.object({
  devices: z
    .array(bodyId, { error: DEVICE_KEY_MESSAGES.selectDevices })
    .min(1, DEVICE_KEY_MESSAGES.selectDevices)
    .max(DEVICE_KEY_LIMITS.maxDevices, DEVICE_KEY_MESSAGES.tooMany),
});
export type DeviceKeysBody = z.infer<typeof deviceKeysBody>;

/** One device's new key: the only place its plaintext ever appears. */
export const issuedDeviceKey = z.object({
  id: z.number().int(),
  device_id: z.string(),
  device_key: z.string(),
});
export type IssuedDeviceKey = z.infer<typeof issuedDeviceKey>;
export const deviceKeysAnswer = z.object({ detail: z.string(), keys: z.array(issuedDeviceKey) });
export type DeviceKeysAnswer = z.infer<typeof deviceKeysAnswer>;

/** The flashing step's file (docs/device-keys.md): `device-keys-<YYYY-MM-DD>.csv`, one device per line. */
export const DEVICE_KEYS_CSV = {
  columns: ['RMS ID', 'Device Key'],
  fileName: (day: string) => `device-keys-${day}.csv`,
} as const;

/** RFC 4180: a field with a comma, quote or line break is quoted (RMS IDs in the grammar never need it). */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The CSV of issued keys, CRLF line ends, in the order given. */
export function deviceKeysCsv(keys: readonly Pick<IssuedDeviceKey, 'device_id' | 'device_key'>[]): string {
  const lines = [DEVICE_KEYS_CSV.columns, ...keys.map((k) => [k.device_id, k.device_key])];
  return lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

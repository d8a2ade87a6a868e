import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { idOf, numberFromText, optionalText, pin, queryId, requiredText } from './fields';
import { deletedRowsQuery, formUpdateBody } from './soft-delete';
import { tags } from './lighting';
import { DEVICE_STATUSES } from './telemetry';

// Device activation (spec 02 §2 "Device activation", §3, §4, §5, §7, §8): an RMS device activated as
// a project at an address, with its STLT and pole. Server and console take rules and texts from here.

export const ACTIVATION_LABELS = {
  name: 'Project Name',
  device: 'Device',
  stlt: 'STLT',
  pole: 'Pole',
  address1: 'Address 1',
  address2: 'Address 2',
  state: 'State',
  city: 'City',
  pin: 'PIN',
  panelId: 'Panel ID',
  batteryId: 'Battery ID',
  latitude: 'Latitude',
  longitude: 'Longitude',
  tags: 'Tags',
} as const;
const L = ACTIVATION_LABELS;

export const ACTIVATION_MESSAGES = {
  activated: 'Device activated successfully',
  updated: 'Device activation updated successfully',
  deleted: 'Device activation deleted successfully',
  restored: 'Device activation restored successfully',
  refreshed: 'Device has refreshed successfully',
  notFound: 'Device activation not found',
  deviceTaken: 'This device is already activated',
  stltTaken: 'This STLT is already fitted to an active project',
  poleTaken: 'This pole is already used by an active project',
  notOwned: 'Choose one of your organization’s items',
  /** Restoring an activation whose device, STLT or pole was deleted or moved to another organization since. */
  itemGone: 'This item is deleted or no longer belongs to the organization',
  cityOfState: 'The city is not in the chosen state',
  latitude: 'Latitude is between -90 and 90',
  longitude: 'Longitude is between -180 and 180',
} as const;
const M = ACTIVATION_MESSAGES;

/** An optional id: blank or null means none; absent stays absent (an update leaves it as it is). */
const optionalId = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), idOf(label).nullable().optional());

const coordinate = (message: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    numberFromText(z.number({ error: message }).min(-limit, message).max(limit, message))
      .nullable()
      .optional(),
  );

/** The form's fields (POST body; spec 02 §5: name, addresses, state, city, PIN required). */
export const activationFields = z.object({
  name: requiredText(L.name, 150),
  device: optionalId(L.device),
  stlt: optionalId(L.stlt),
  pole: optionalId(L.pole),
  address1: requiredText(L.address1, 250),
  address2: requiredText(L.address2, 250),
  state: idOf(L.state),
  city: idOf(L.city),
  pin,
  panel_id: optionalText(64),
  battery_id: optionalText(64),
  latitude: coordinate(M.latitude, 90),
  longitude: coordinate(M.longitude, 180),
  /** Free tags (dynamic device groups select by them); absent on an update leaves them as they are. */
  tags: tags.optional(),
});
export type ActivationFields = z.output<typeof activationFields>;
export type ActivationField = keyof ActivationFields;
export const activationCreateBody = activationFields;

/** PUT: the fields plus id, `{id, is_active: false}` to delete (soft) or `{id, is_active: true}` to restore. */
export const activationUpdateBody = formUpdateBody(activationFields);
export type ActivationUpdateBody = z.output<typeof activationUpdateBody>;

/** POST devices/activation/refresh/: asks the device for a fresh report. */
export const activationRefreshBody = z.object({ device: idOf(L.device) });

const flag = z.enum(['true', 'false']).optional();

/**
 * The activation list's filters (spec 02 §2, §7), shared by the device report, the graphs and the map:
 * each narrows the active activations the caller sees. `query` searches project, addresses, device,
 * STLT, pole and PIN.
 */
export const activationFilters = z.object({
  query: z.string().trim().max(200).optional(),
  state: queryId.optional(),
  city: queryId.optional(),
  /** Project name, exact. */
  project: z.string().trim().max(150).optional(),
  /** true: devices reporting now (Online or On Error); false: the others. */
  online: flag,
  /** PIN (zip code), contains. */
  pin: z.string().trim().max(6).optional(),
  /** RMS device (inventory id). */
  device: queryId.optional(),
  /** Pole (inventory id). */
  pole: queryId.optional(),
  /** Address text (address 1 or 2 contains it). */
  address: z.string().trim().max(250).optional(),
});
export type ActivationFilters = z.infer<typeof activationFilters>;

/** GET devices/activation/ (spec 02 §7): paging, the filters, is_parameter_data; `is_active=false` lists the deleted ones. */
export const activationListQuery = pageQuery
  .extend({ is_parameter_data: flag })
  .extend(activationFilters.shape)
  .extend(deletedRowsQuery.shape);
export type ActivationListQuery = z.infer<typeof activationListQuery>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** The three bulk-parameter values of the device's newest parameter set (with is_parameter_data). */
export const parameterSummary = z.object({
  load_regulation: z.number(),
  dim_1: z.number(),
  dim_2: z.number(),
});

export const activationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  device: z.number().int().nullable(),
  stlt: z.number().int().nullable(),
  pole: z.number().int().nullable(),
  address1: z.string(),
  address2: z.string(),
  state: z.number().int(),
  city: z.number().int(),
  pin: z.string(),
  panel_id: z.string().nullable(),
  battery_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  device_data: z.object({ id: z.number().int(), device_id: z.string() }).nullable(),
  stlt_data: z.object({ id: z.number().int(), stlt_id: z.string() }).nullable(),
  pole_data: z.object({ id: z.number().int(), pole_id: z.string() }).nullable(),
  state_data: named,
  city_data: named,
  organization: z.number().int(),
  organization_data: z.object({ id: z.number().int(), company_name: z.string() }),
  /** When the device last reported; null until it has (device link). */
  last_add_on: z.string().nullable(),
  online: z.boolean(),
  /** The device's state as the map shows it ('Offline' before it has reported); null without a device. */
  status: z.enum(DEVICE_STATUSES).nullable(),
  parameter_data: parameterSummary.nullable(),
  tags: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ActivationRow = z.infer<typeof activationRow>;
export const activationList = listResponse(activationRow);

/** GET devices/device_list/ (spec 02 §3 "Device list item"): activated devices, for device pickers. */
export const deviceListQuery = pageQuery;
export const deviceListItem = z.object({
  id: z.number().int(),
  device: z.number().int(),
  /** model: the header's device search shows "device ID — model". */
  device_data: z.object({ id: z.number().int(), device_id: z.string(), model: z.string() }),
  name: z.string(),
  battery_id: z.string().nullable(),
  panel_id: z.string().nullable(),
  organization_data: z.object({ id: z.number().int(), company_name: z.string() }),
  state_data: named,
  city_data: named,
  pin: z.string(),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;
export const deviceList = listResponse(deviceListItem);

/** GET devices/activation/projects/ (spec 02 §3 "Project lookup"): distinct project names. */
export const projectItem = z.object({ name: z.string() });
export const projectList = listResponse(projectItem);

/** The inventory kinds an activation uses; the form's choices come from GET devices/activation/available/. */
export const ACTIVATION_ITEM_KINDS = ['rms', 'stlt', 'pole'] as const;
export type ActivationItemKind = (typeof ACTIVATION_ITEM_KINDS)[number];

/**
 * The form's choices of one kind: active items of the organization not used by an active activation.
 * With `activation`, the organization is that activation's and the item it uses stays selectable (edit).
 */
export const availableItemsQuery = z.object({
  kind: z.enum(ACTIVATION_ITEM_KINDS),
  activation: queryId.optional(),
  query: z.string().trim().max(200).optional(),
});
export const availableItem = z.object({ id: z.number().int(), code: z.string() });
export type AvailableItem = z.infer<typeof availableItem>;
export const availableItems = z.array(availableItem);

import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { idOf, isoDate, requiredText } from './fields';
import { INVENTORY_MESSAGES, type InventoryKind } from './inventory';
import type { PermissionCode } from './permissions';
import type { ConsolePath } from './routes';

// The assignment area (spec 02 §2–§8): an RMS, STLT or pole ID moves from the caller's organization
// into a buyer organization, with an expiry date (and, for RMS, a device type). Every assignment is
// kept as a history row.

export const ASSIGNMENT_KINDS = ['rms', 'stlt', 'pole'] as const satisfies readonly InventoryKind[];
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** The dropdown group (master data) whose enabled values are the RMS device types. */
export const DEVICE_TYPE_GROUP = { title: 'Device Type', path: 'device_type' } as const;

export const ASSIGNMENT_MESSAGES = {
  searchFirst: 'Please search user by email',
  noOrganization: 'No organization found',
  buyerUnknown: 'Organization not found',
  buyerOwn: 'An item cannot be assigned to your own organization',
  itemNotAssignable: 'This item is not held by your organization or is already activated',
  expiryAfterToday: INVENTORY_MESSAGES.expiryAfterToday,
  deviceTypeUnknown: 'Choose a device type from the list',
} as const;

/** What differs between the kinds (field names, paths, codes, the spec's success messages). */
export const ASSIGNMENT = {
  rms: {
    itemField: 'device',
    itemLabel: 'RMS ID',
    path: 'devices/assign_rms/',
    consolePath: '/assign-rms',
    code: 'ASSIGN_RMS',
    assigned: 'RMS ID assigned successfully',
  },
  stlt: {
    itemField: 'stlt',
    itemLabel: 'STLT ID',
    path: 'devices/assign_stlt/',
    consolePath: '/assign-stlt',
    code: 'ASSIGN_STLT',
    // The spec has one text for STLT and pole.
    assigned: 'STLT ID and Pole ID assigned successfully',
  },
  pole: {
    itemField: 'pole',
    itemLabel: 'Pole ID',
    path: 'devices/assign_pole/',
    consolePath: '/assign-pole',
    code: 'ASSIGN_POLE',
    assigned: 'STLT ID and Pole ID assigned successfully',
  },
} as const satisfies Record<
  AssignmentKind,
  {
    itemField: string;
    itemLabel: string;
    path: string;
    consolePath: ConsolePath;
    code: PermissionCode;
    assigned: string;
  }
>;

export const ASSIGNMENT_LABELS = {
  buyer: 'Organization',
  expiry_date: 'Expiry Date',
  device_type: 'Device Type',
} as const;

const buyer = idOf('buyer');
const expiry_date = isoDate('expiry_date');

export const rmsAssignBody = z.object({
  buyer,
  device: idOf('device'),
  expiry_date,
  device_type: requiredText('device_type', 100),
});
export const stltAssignBody = z.object({ buyer, stlt: idOf('stlt'), expiry_date });
export const poleAssignBody = z.object({ buyer, pole: idOf('pole'), expiry_date });
export type RmsAssignBody = z.infer<typeof rmsAssignBody>;
export type StltAssignBody = z.infer<typeof stltAssignBody>;
export type PoleAssignBody = z.infer<typeof poleAssignBody>;

export const ASSIGNMENT_BODIES = {
  rms: rmsAssignBody,
  stlt: stltAssignBody,
  pole: poleAssignBody,
} as const;

/** A kind's body under neutral names: what the service works on (and a bulk upload would build). */
export interface AssignmentInput {
  buyer: number;
  item: number;
  expiry_date: string;
  device_type?: string | undefined;
}

export function assignmentInput(kind: AssignmentKind, body: Record<string, unknown>): AssignmentInput {
  return {
    buyer: Number(body.buyer),
    item: Number(body[ASSIGNMENT[kind].itemField]),
    expiry_date: String(body.expiry_date),
    device_type: kind === 'rms' ? String(body.device_type) : undefined,
  };
}

export const assignmentListQuery = pageQuery;

const organizationRef = z.object({ id: z.number().int(), company_name: z.string() });

/** A history row: which item went from which organization to which, when and by whom. */
export const assignmentRow = z.object({
  id: z.number().int(),
  kind: z.enum(ASSIGNMENT_KINDS),
  item: z.number().int(),
  item_code: z.string(),
  from_organization: organizationRef,
  buyer: organizationRef,
  expiry_date: z.string(),
  device_type: z.string().nullable(),
  assigned_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRow>;
export const assignmentList = listResponse(assignmentRow);
export const assignmentSaved = assignmentRow.extend({ detail: z.string() });

/** An item the caller's organization may assign: held by it, active, not in an active activation. */
export const assignableItem = z.object({
  id: z.number().int(),
  code: z.string(),
  expiry_date: z.string().nullable(),
});
export type AssignableItem = z.infer<typeof assignableItem>;
export const assignableList = listResponse(assignableItem);

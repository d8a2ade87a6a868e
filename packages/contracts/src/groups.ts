import { z } from 'zod';
import { pageQuery } from './common';
import { bodyId, queryId, requiredText } from './fields';
import { GROUP_KINDS, groupFilter, MAX_GROUP_DEVICES } from './lighting';

// Device groups' API shapes (docs/device-groups.md). A static group lists chosen devices; a dynamic one
// selects its organization's active activations by `groupFilter` (lighting.ts). Membership is computed
// when a group is used, so the lists below are always as of now.

export const GROUP_MESSAGES = {
  created: 'Device group added successfully',
  updated: 'Device group updated successfully',
  deleted: 'Device group deleted successfully',
  membersChanged: 'Group devices updated',
  notFound: 'Device group not found.',
  nameTaken: 'The organization already has a group of this name',
  inUse: (schedules: number) =>
    `This group is used by ${schedules} schedule${schedules === 1 ? '' : 's'}: give ${schedules === 1 ? 'it' : 'them'} another group first`,
  filterOnDynamic: 'Only a dynamic group has criteria',
  devicesOnStatic: 'Only a static group lists devices',
  deviceNotInOrganization: (id: number) =>
    `Device ${id} is not one of the group organization's active devices`,
  tooManyDevices: `A group holds at most ${MAX_GROUP_DEVICES.toLocaleString('en')} devices`,
  organizationNotFound: 'Organization not found',
  stateNotFound: 'State not found',
  cityNotFound: 'City not found in this state',
} as const;

const deviceIds = z
  .array(bodyId)
  .max(MAX_GROUP_DEVICES, GROUP_MESSAGES.tooManyDevices)
  .refine((ids) => new Set(ids).size === ids.length, 'A device is listed once');

export const groupCreateBody = z
  .object({
    /** The provider's people name the organization; a customer's is its own (absent: the caller's). */
    organization: bodyId.optional(),
    name: requiredText('Name', 100),
    kind: z.enum(GROUP_KINDS),
    /** Dynamic groups: what they select (absent: every active device of the organization). */
    filter: groupFilter.optional(),
    /** Static groups: the devices chosen at once. */
    devices: deviceIds.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'static' && b.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: GROUP_MESSAGES.filterOnDynamic });
    if (b.kind === 'dynamic' && b.devices)
      ctx.addIssue({ code: 'custom', path: ['devices'], message: GROUP_MESSAGES.devicesOnStatic });
  });
export type GroupCreateBody = z.input<typeof groupCreateBody>;

/** A field absent is left as it is; the kind never changes (make another group). */
export const groupUpdateBody = z.object({
  name: requiredText('Name', 100).optional(),
  filter: groupFilter.optional(),
});
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;

/** A static group's devices: added and removed in one all-or-nothing change. */
export const groupMembersBody = z
  .object({ add: deviceIds.optional(), remove: deviceIds.optional() })
  .refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, 'Add or remove at least one device');
export type GroupMembersBody = z.input<typeof groupMembersBody>;

export const groupParams = z.object({ id: queryId });

export const groupListQuery = pageQuery.extend({
  organization: queryId.optional(),
  kind: z.enum(GROUP_KINDS).optional(),
});

export const groupRow = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  organization_name: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  filter: groupFilter.nullable(),
  /** Its devices now. */
  devices: z.number().int(),
  /** Schedules giving it a profile. */
  schedules: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupRow = z.infer<typeof groupRow>;

export const groupSaved = z.object({ detail: z.string(), group: groupRow });

/** One of a group's devices (or a candidate for a static group). */
export const groupDevice = z.object({
  id: z.number().int(),
  device_id: z.string(),
  project: z.string().nullable(),
  city: z.string().nullable(),
  status: z.string(),
});
export type GroupDevice = z.infer<typeof groupDevice>;

export const groupDevicesQuery = pageQuery;

/** What an unsaved dynamic filter selects: the count and the first devices. */
export const groupPreviewBody = z.object({ organization: bodyId.optional(), filter: groupFilter });
export const groupPreview = z.object({ count: z.number().int(), devices: z.array(groupDevice) });
export const GROUP_PREVIEW_DEVICES = 10;

/** Candidates for a static group: the organization's active devices matching `query`. */
export const groupCandidatesQuery = z.object({
  organization: queryId.optional(),
  query: z.string().trim().max(200).optional(),
});
export const GROUP_CANDIDATES_MAX = 50;

import { z } from 'zod';
import { bodyId, ID_RANGE_MESSAGE, MAX_ID, queryId, requiredMessage } from './fields';
import { listResponse, pageQuery } from './common';

// The master-data area (spec 01 §2 "Master data screens", §3, §5, §8): states, cities, GST rates,
// HSN codes and dropdown settings. Server and console take their rules and texts from here.

/** Spec 01 §5: the default required message. */

/** Form labels; the required messages name them. */
export const MASTER_DATA_LABELS = {
  stateName: 'State Name',
  cityName: 'City Name',
  state: 'State',
  city: 'City',
  invoiceName: 'Invoice Name',
  gstName: 'GST Name',
  gstValue: 'GST Value (%)',
  hsnNo: 'HSN Number',
  sameState: 'Same State',
  otherState: 'Other State',
  dropdownValue: 'Value',
} as const;
const L = MASTER_DATA_LABELS;

export const MASTER_DATA_MESSAGES = {
  stateAdded: 'State Added Successfully.',
  stateUpdated: 'State Updated Successfully.',
  stateDeleted: 'State deleted successfully',
  stateTaken: 'A state with this name already exists',
  cityAdded: 'City Added Successfully.',
  cityUpdated: 'City Updated Successfully.',
  cityDeleted: 'City deleted successfully',
  cityTaken: 'This state already has a city with this name',
  gstAdded: 'GST Value Added Successfully.',
  gstUpdated: 'GST Value Updated Successfully.',
  gstDeleted: 'GST deleted successfully',
  gstTaken: 'A GST rate with this name already exists',
  gstRange: 'GST value must be between 0 and 100',
  hsnAdded: 'HSN Setting Added Successfully.',
  hsnUpdated: 'HSN Setting Updated Successfully.',
  hsnDeleted: 'HSN Setting deleted successfully',
  hsnTaken: 'This HSN number already exists',
  hsnPattern: 'HSN number is 2 to 8 digits',
  gstUnknown: 'Choose GST rates from the list',
  dropdownAdded: 'Dropdown Value Added Successfully.',
  dropdownUpdated: 'Dropdown Value Updated Successfully.',
  dropdownDeleted: 'Dropdown value deleted successfully',
  dropdownEnabled: 'Dropdown value enabled',
  dropdownDisabled: 'Dropdown value disabled',
  dropdownTaken: 'This group already has this value',
  notEditable: 'This value is not editable',
  notDeletable: 'This value is not deletable',
  cannotDisable: 'Values of this group cannot be enabled or disabled',
  stateUnknown: 'State not found',
  groupUnknown: 'Dropdown group not found',
  idRequired: 'id is required to delete',
  providerOnly: 'Master data is shared by every organization: only the provider organization changes it.',
  noMoreData: 'No More Data Found',
  loadMore: 'Load More',
} as const;
const M = MASTER_DATA_MESSAGES;

const id = queryId;
/** A required text: missing or blank both give the spec's required message. */
const requiredText = (label: string, max = 150) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `'${label}' is at most ${max} characters`);
const idList = (label: string) =>
  z
    .array(bodyId, { error: requiredMessage(label) })
    .min(1, requiredMessage(label))
    .max(50);

/**
 * Spec 01 §7: GST and HSN save through POST, with `id` when editing and `{id, is_active: false}` to
 * delete. A deletion carries no form fields, so the fields are required only when not deleting; the
 * parsed body says which of the two it is.
 */
function saveOrDelete<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  const envelope = z.looseObject({ id: id.optional(), is_active: z.boolean().optional() });
  return envelope
    .superRefine((body, ctx) => {
      if (body.is_active === false) {
        if (body.id === undefined) ctx.addIssue({ code: 'custom', path: ['id'], message: M.idRequired });
        return;
      }
      const parsed = fields.safeParse(body);
      if (!parsed.success)
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    })
    .transform((body) =>
      body.is_active === false
        ? { kind: 'delete' as const, id: body.id as number }
        : { kind: 'save' as const, id: body.id, ...fields.parse(body) },
    );
}

// --- States ---------------------------------------------------------------------------------------

export const stateQuery = pageQuery.extend({
  country: z.string().trim().max(80).optional(),
  id: id.optional(),
});
export const stateCreateBody = z.object({
  name: requiredText(L.stateName, 100),
  country: z.string().trim().min(1).max(80).optional(),
});
export const stateUpdateBody = z.object({
  id,
  name: requiredText(L.stateName, 100).optional(),
  is_active: z.boolean().optional(),
});
export const stateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  is_active: z.boolean(),
});
export type StateQuery = z.infer<typeof stateQuery>;
export type StateCreateBody = z.infer<typeof stateCreateBody>;
export type StateUpdateBody = z.infer<typeof stateUpdateBody>;
export type StateRow = z.infer<typeof stateRow>;
export const stateList = listResponse(stateRow);

// --- Cities ---------------------------------------------------------------------------------------

export const cityQuery = pageQuery.extend({ state: id.optional(), id: id.optional() });
export const cityCreateBody = z.object({
  name: requiredText(L.cityName, 100),
  state: z
    .number({ error: requiredMessage(L.state) })
    .int()
    .positive(requiredMessage(L.state))
    .max(MAX_ID, ID_RANGE_MESSAGE),
});
export const cityUpdateBody = z.object({
  id,
  name: requiredText(L.cityName, 100).optional(),
  state: bodyId.optional(),
  is_active: z.boolean().optional(),
});
export const cityRow = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.number().int(),
  state_data: z.object({ id: z.number().int(), name: z.string() }),
  is_active: z.boolean(),
});
export type CityQuery = z.infer<typeof cityQuery>;
export type CityCreateBody = z.infer<typeof cityCreateBody>;
export type CityUpdateBody = z.infer<typeof cityUpdateBody>;
export type CityRow = z.infer<typeof cityRow>;
export const cityList = listResponse(cityRow);

// --- GST ------------------------------------------------------------------------------------------

export const gstFields = z.object({
  invoice_name: requiredText(L.invoiceName, 100),
  name: requiredText(L.gstName, 100),
  value: z
    .number({ error: requiredMessage(L.gstValue) })
    .min(0, M.gstRange)
    .max(100, M.gstRange)
    .multipleOf(0.01, 'GST value has at most two decimals'),
});
export type GstFields = z.infer<typeof gstFields>;
export const gstSaveBody = saveOrDelete(gstFields);
export type GstSaveBody = z.output<typeof gstSaveBody>;
export const gstRow = z.object({
  id: z.number().int(),
  invoice_name: z.string(),
  name: z.string(),
  value: z.number(),
  is_active: z.boolean(),
});
export type GstRow = z.infer<typeof gstRow>;
export const gstList = listResponse(gstRow);

// --- HSN ------------------------------------------------------------------------------------------

export const hsnFields = z.object({
  hsn_no: requiredText(L.hsnNo, 8).regex(/^\d{2,8}$/, M.hsnPattern),
  same_state: idList(L.sameState),
  other_state: idList(L.otherState),
});
export type HsnFields = z.infer<typeof hsnFields>;
export const hsnSaveBody = saveOrDelete(hsnFields);
export type HsnSaveBody = z.output<typeof hsnSaveBody>;
const gstRef = z.object({ id: z.number().int(), name: z.string(), value: z.number() });
export const hsnRow = z.object({
  id: z.number().int(),
  hsn_no: z.string(),
  same_state: z.array(z.number().int()),
  other_state: z.array(z.number().int()),
  same_state_data: z.array(gstRef),
  other_state_data: z.array(gstRef),
  is_active: z.boolean(),
});
export type HsnRow = z.infer<typeof hsnRow>;
export const hsnList = listResponse(hsnRow);

// --- Dropdown settings ----------------------------------------------------------------------------

/** A group of the tree (spec 01 §3 "Group option"); a group with children is a heading, not a list. */
export interface DropdownGroup {
  id: number;
  title: string;
  path: string;
  can_disabled: boolean;
  children: DropdownGroup[];
}
export const dropdownGroup: z.ZodType<DropdownGroup> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    path: z.string(),
    can_disabled: z.boolean(),
    children: z.array(dropdownGroup),
  }),
);
export const dropdownTree = z.array(dropdownGroup);

export const dropdownValueQuery = pageQuery.extend({
  parent: id.optional(),
  /** The group's path, e.g. `device_type`: how other screens ask for their list. */
  name: z.string().trim().max(80).optional(),
  is_disabled: z.enum(['true', 'false']).optional(),
});
export const dropdownValueCreateBody = z.object({
  parent: z.number({ error: 'Choose a group' }).int().positive().max(MAX_ID, ID_RANGE_MESSAGE),
  value: requiredText(L.dropdownValue, 100),
  /** Accepted for the spec's payload; the group's path is taken from `parent`. */
  name: z.string().optional(),
});
export const dropdownValueUpdateBody = z.object({
  id,
  value: requiredText(L.dropdownValue, 100).optional(),
  is_disabled: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
export const dropdownValueRow = z.object({
  id: z.number().int(),
  /** The group's path. */
  name: z.string(),
  parent: z.number().int(),
  value: z.string(),
  /** A fixed number the devices know the value by (e.g. Force On = 1), when it has one. */
  code: z.number().int().nullable(),
  is_editable: z.boolean(),
  is_deletable: z.boolean(),
  is_disabled: z.boolean(),
  is_active: z.boolean(),
});
export type DropdownValueQuery = z.infer<typeof dropdownValueQuery>;
export type DropdownValueCreateBody = z.infer<typeof dropdownValueCreateBody>;
export type DropdownValueUpdateBody = z.infer<typeof dropdownValueUpdateBody>;
export type DropdownValueRow = z.infer<typeof dropdownValueRow>;
export const dropdownValueList = listResponse(dropdownValueRow);

/** Spec 01 §4: the tags a value shows. */
export function dropdownTags(row: Pick<DropdownValueRow, 'is_editable' | 'is_deletable'>): string[] {
  const tags: string[] = [];
  if (!row.is_editable) tags.push('Not Editable');
  if (!row.is_deletable) tags.push('Not Deletable');
  return tags.length > 0 ? tags : ['Default'];
}

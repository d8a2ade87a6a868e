import { z } from 'zod';
import { COMMAND_STATUSES } from './commands';
import { listResponse, pageQuery } from './common';
import { PARAMETER_MESSAGES, checkDeviceSelection, deviceSelectionShape } from './parameters';

// Inspections (spec 02 §2 "Inspections", §3, §7, §8, §9): forcing selected devices' lamps on or off for
// a field check. Each inspection records one command per device; the history lists them.

/** Spec §9 control options. */
export const INSPECTION_ACTIONS = [
  { value: 1, label: 'Force On' },
  { value: 2, label: 'Force Off' },
] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number]['value'];

/** "Force On" for 1, "Force Off" for 2, otherwise "--" (spec §2). */
export function inspectionLabel(insp: number | null | undefined): string {
  return INSPECTION_ACTIONS.find((a) => a.value === insp)?.label ?? '--';
}

export const INSPECTION_LABELS = { insp: 'Select Action', devices: 'Devices' } as const;

export const INSPECTION_MESSAGES = {
  inspected: PARAMETER_MESSAGES.inspected,
  actionRequired: "'Select Action' is required!",
  deviceNotFound: PARAMETER_MESSAGES.deviceNotFound,
} as const;

/** POST devices/inspection/. */
export const inspectionBody = z
  .object({
    ...deviceSelectionShape,
    insp: z.union([z.literal(1), z.literal(2)], { error: INSPECTION_MESSAGES.actionRequired }),
  })
  .superRefine(checkDeviceSelection);
export type InspectionBody = z.output<typeof inspectionBody>;

/** GET devices/inspection/: `query` matches a device id. */
export const inspectionListQuery = pageQuery;

export const inspectionRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Inventory ids of the devices. */
  devices: z.array(z.number().int()),
  devices_data: z.array(
    z.object({
      id: z.number().int(),
      device_id: z.string(),
      /** How far the device has got with this inspection's force on/off command. */
      command_status: z.enum(COMMAND_STATUSES).nullable(),
    }),
  ),
  insp: z.number().int(),
});
export type InspectionRow = z.infer<typeof inspectionRow>;
export const inspectionList = listResponse(inspectionRow);

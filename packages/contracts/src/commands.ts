import { z } from 'zod';

// Commands to devices (DESIGN "Device link"). The screens of the inventory issue record them; the
// device link publishes them as `{id, kind, payload}` on `rms/{device_id}/cmd` and tracks the status.

export const COMMAND_KINDS = ['load', 'parameters', 'bulk_parameter', 'inspection', 'refresh'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** pending → sent → acknowledged | failed | timed_out. */
export const COMMAND_STATUSES = ['pending', 'sent', 'acknowledged', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const COMMAND_STATUS_LABELS: Record<CommandStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  acknowledged: 'Applied',
  failed: 'Failed',
  timed_out: 'Timed out',
};

/** A command as the console shows it. */
export const commandRow = z.object({
  id: z.number().int(),
  device: z.number().int(),
  kind: z.enum(COMMAND_KINDS),
  status: z.enum(COMMAND_STATUSES),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CommandRow = z.infer<typeof commandRow>;

import { z } from 'zod';

// Commands to devices (docs/device-link.md). The screens of the inventory issue record them; the
// device link publishes them as `{id, kind, payload}` on `rms/{device_id}/cmd` and tracks the status.

export const COMMAND_KINDS = [
  'load',
  'parameters',
  'bulk_parameter',
  'inspection',
  'refresh',
  'schedule',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/**
 * A device remembers the ids of (at least) its last this many commands: a command whose id it has run
 * already is acknowledged again, with the same answer, and not run twice (docs/device-link.md). The server
 * sends a command again, with the same id, when the device comes back without having acknowledged it.
 */
export const DEVICE_COMMAND_MEMORY = 64;

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

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FleetMember } from './fleet';

// The CLI's device list: a JSON array of {code, key, lat, lon, params?, system?, panel_wp?}; the keys
// are the devices' real keys (the server shows a key once, when it is made).

const entry = z.object({
  code: z.string().min(1).max(64),
  key: z.string().min(1).max(200),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  params: z.record(z.string(), z.number()).optional(),
  system: z.union([z.literal(12), z.literal(24)]).optional(),
  panel_wp: z.number().positive().max(2000).optional(),
});
export const deviceFile = z.array(entry).min(1);
export type DeviceFileEntry = z.infer<typeof entry>;

export function readDeviceFile(path: string): DeviceFileEntry[] {
  const parsed = deviceFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export function memberOf(e: DeviceFileEntry): FleetMember & { key: string } {
  return {
    code: e.code,
    key: e.key,
    latitude: e.lat,
    longitude: e.lon,
    system: e.system ?? 12,
    panelWp: e.panel_wp ?? 100,
    ...(e.params && { params: e.params }),
  };
}

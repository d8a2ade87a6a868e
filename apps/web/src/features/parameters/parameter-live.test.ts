import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CommandEvent } from '@rms/contracts/events';
import type { ParameterSetting } from '@rms/contracts/parameters';
import { liveUpdater } from '../../api/live';
import { parameterSettingQuery } from './api';

// The parameter settings screen shows its command's progress: a command event of that device reloads
// it (api/live.ts), another device's leaves it alone.

const command = (device: number, kind: CommandEvent['kind']): CommandEvent => ({
  id: 1,
  device,
  device_id: `RMS-${device}`,
  kind,
  status: 'acknowledged',
  error: null,
});

/** A device's parameters as the screen shows them: no version saved yet. */
const defaults = (device: number): ParameterSetting => ({
  id: null,
  device,
  device_data: { id: device, device_id: `RMS-${device}` },
  version: null,
  values: {},
  created_at: null,
  command_status: null,
});

function cachedSettings(devices: number[]) {
  const queryClient = new QueryClient();
  for (const device of devices)
    queryClient.setQueryData(parameterSettingQuery(device).queryKey, defaults(device));
  const stale = (device: number) =>
    queryClient.getQueryState(parameterSettingQuery(device).queryKey)?.isInvalidated;
  return { update: liveUpdater(queryClient), stale };
}

describe('parameter settings and the live channel', () => {
  it("reloads a device's settings when its parameter or bulk parameter command moves on", () => {
    const { update, stale } = cachedSettings([5, 6, 7]);
    update({ event: 'command', data: command(5, 'parameters') });
    update({ event: 'command', data: command(7, 'bulk_parameter') });
    expect([stale(5), stale(6), stale(7)]).toEqual([true, false, true]);
  });

  it("leaves them alone for the device's other commands", () => {
    const { update, stale } = cachedSettings([5]);
    update({ event: 'command', data: command(5, 'load') });
    expect(stale(5)).toBe(false);
  });
});

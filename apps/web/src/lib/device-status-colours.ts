import type { DeviceStatus } from '@rms/contracts/telemetry';

// The one place a device state gets its colour. Every screen that shows a state takes it from here: the
// map's markers, cluster rings, legend and hover card, the status tags of lists (components/status-tags)
// and the dashboard's device counts. Each state is an antd preset palette, so a Tag of that preset and a
// marker drawn with `fill` are the same hue: `fill` is the palette's primary shade (markers, rings, dots),
// `text` its darker 7th shade (the state's name written on white), `tag` the preset's name for antd's Tag.
//
// The spec's hover card reads "green for Online, red otherwise" (spec 02 §2), so Offline, the state
// a device that stops reporting is in, is red everywhere. The console also keeps On Error apart (the
// device reported a fault: a different action than a site visit for a silent one): it takes antd's
// magenta, a red of its own, on the markers, rings, legend, hover card and lists alike.

export interface StatusColour {
  /** antd Tag preset of the palette. */
  tag: 'green' | 'red' | 'magenta';
  /** The palette's primary shade: markers, cluster rings, legend dots. */
  fill: string;
  /** The palette's 7th shade: the state's name as text on a light background. */
  text: string;
}

export const DEVICE_STATUS_COLOURS: Readonly<Record<DeviceStatus, StatusColour>> = {
  Online: { tag: 'green', fill: '#52c41a', text: '#389e0d' },
  Offline: { tag: 'red', fill: '#f5222d', text: '#cf1322' },
  'On Error': { tag: 'magenta', fill: '#eb2f96', text: '#c41d7f' },
};

/** The states in the order legends, rings and counts list them. */
export const STATUS_ORDER = ['Online', 'Offline', 'On Error'] as const satisfies readonly DeviceStatus[];

/** A state's colours; anything unknown (a newer server's state) reads as Offline. */
export function statusColour(status: string): StatusColour {
  return DEVICE_STATUS_COLOURS[status as DeviceStatus] ?? DEVICE_STATUS_COLOURS.Offline;
}

import { PARAMETER_DEFAULTS } from '@rms/contracts/parameters';

// A device's parameter set as its controller keeps it (spec 02 "Parameter setting": the six groups).
// Defaults are the parameter contract's (a 12 V LiFePO4 light of 30 W with a 40 Ah battery); a 24 V
// system doubles the voltages. Unknown names in a command are kept and ignored.

export type DeviceParameters = Record<string, number>;

/** The parameter contract's defaults: a 12 V LiFePO4 light (the console and the demo use the same). */
export const DEFAULT_PARAMETERS_12V: Readonly<DeviceParameters> = PARAMETER_DEFAULTS;

/** A 24 V system: the voltages doubled (the contract's limits cover both). */
const VOLTAGES_24V: DeviceParameters = {
  low_cut_recover: 24,
  high_cut_recover: 27.6,
  high_cut: 29.2,
  power_saving: 24.8,
  battery_charging_cut: 28.8,
  solar_over_volt: 50,
  solar_over_reconnect: 46,
};

export function defaultParameters(system: 12 | 24 = 12, over: DeviceParameters = {}): DeviceParameters {
  return { ...DEFAULT_PARAMETERS_12V, ...(system === 24 ? VOLTAGES_24V : {}), ...over };
}

/** Numbers from a command payload (anything else is left out). */
export function parametersOf(payload: unknown): DeviceParameters {
  if (!payload || typeof payload !== 'object') return {};
  const out: DeviceParameters = {};
  for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

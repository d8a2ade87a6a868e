import type { Battery } from './battery';
import type { DeviceParameters } from './parameters';
import { clamp } from './random';

// The panel and the MPPT charge controller. The panel gives power by irradiance and cell temperature;
// the tracker holds it near its maximum-power point and converts at 94–98 %, within the charging and
// solar current limits, stopping at the battery's charge cut and above the solar over-voltage.

export interface PanelSpec {
  /** Rated power at 1000 W/m², 25 °C. */
  wattsPeak: number;
  system: 12 | 24;
}

export interface ChargeResult {
  pvV: number;
  pvI: number;
  /** Into the battery (A). */
  chargeI: number;
  /** Conversion efficiency (%), 0 when not charging. */
  mppt: number;
  /** Energy delivered to the battery over the step (Wh). */
  harvestWh: number;
}

const TEMP_COEFF = -0.004; // power per °C above 25 °C

function panelVoltages(system: 12 | 24) {
  // 36-cell panel for 12 V, 72-cell for 24 V.
  return system === 24 ? { vmp: 36, voc: 44 } : { vmp: 18, voc: 22 };
}

export function charge(
  panel: PanelSpec,
  battery: Battery,
  params: DeviceParameters,
  irradiance: number,
  ambient: number,
  hours: number,
  panelConnected = true,
): ChargeResult {
  const { vmp, voc } = panelVoltages(panel.system);
  const g = panelConnected ? clamp(irradiance / 1000, 0, 1.2) : 0;
  if (g <= 0.002) {
    // Night: the open panel shows a volt or two from stray light.
    const pvV = panelConnected ? clamp(voc * g * 20, 0, 2) : 0;
    return { pvV, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
  }
  const cellTemp = ambient + 25 * g;
  const tempFactor = 1 + TEMP_COEFF * (cellTemp - 25);
  const available = panel.wattsPeak * g * tempFactor;
  // The MPP voltage sags in heat and at low light.
  const mppV = vmp * (0.9 + 0.1 * Math.min(1, g * 2)) * (1 - 0.0035 * (cellTemp - 25));
  const openV = voc * (0.92 + 0.08 * Math.min(1, g * 4)) * (1 - 0.003 * (cellTemp - 25));
  if (mppV > (params.solar_over_volt ?? Infinity)) {
    return { pvV: openV, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
  }
  const fraction = available / panel.wattsPeak;
  const efficiency = 0.94 + 0.04 * clamp(fraction * 2, 0, 1) - 0.01 * Math.max(0, fraction - 0.8);
  const batteryV = battery.voltage(0);
  const limit = Math.min(params.charging_curr_limit ?? 10, 60);
  // A long step (the demo's history is sampled every 15 minutes to an hour) takes no more than fills
  // the pack: otherwise a full battery would swing between the current limit and nothing, step by step.
  // A reading without a step (hours 0) is taken as over a live report's 5 minutes.
  const accept = Math.min(
    battery.acceptance(params.battery_charging_cut ?? 14.4 * (panel.system / 12), limit),
    battery.fillCurrent(hours > 0 ? hours : 5 / 60),
  );
  let chargeI = Math.min((available * efficiency) / batteryV, accept);
  const solarLimit = params.solar_curr_limit ?? 10;
  let pvI = (chargeI * batteryV) / efficiency / mppV;
  if (pvI > solarLimit) {
    pvI = solarLimit;
    chargeI = (pvI * mppV * efficiency) / batteryV;
  }
  if (chargeI < 0.01) return { pvV: openV, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
  // Drawing less than the panel offers moves it off the MPP towards open circuit.
  const drawn = (pvI * mppV) / Math.max(available, 1e-6);
  const pvV = mppV + (openV - mppV) * clamp(1 - drawn, 0, 1) * 0.8;
  pvI = (chargeI * batteryV) / efficiency / pvV;
  const vIn = battery.voltage(chargeI);
  return {
    pvV,
    pvI,
    chargeI,
    mppt: efficiency * 100,
    harvestWh: chargeI * vIn * hours,
  };
}

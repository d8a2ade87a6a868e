import { clamp } from './random';

// A LiFePO4 pack: 4 cells in series (12.8 V nominal) or 8 (25.6 V). Its resting voltage follows the
// state of charge along the chemistry's flat curve; under current it sits above (charging) or below
// (discharging) by the internal resistance, and climbs steeply near full.

export type SystemVoltage = 12 | 24;

/** Resting cell voltage by state of charge (%), LiFePO4. */
const CELL_OCV: readonly [number, number][] = [
  [0, 2.5],
  [5, 2.95],
  [10, 3.1],
  [20, 3.2],
  [30, 3.24],
  [40, 3.26],
  [50, 3.28],
  [60, 3.29],
  [70, 3.3],
  [80, 3.31],
  [90, 3.33],
  [95, 3.36],
  [100, 3.42],
];

export function cellsOf(system: SystemVoltage): number {
  return system === 24 ? 8 : 4;
}

/** The pack's resting voltage at a state of charge. */
export function openCircuitVoltage(soc: number, system: SystemVoltage): number {
  const s = clamp(soc, 0, 100);
  for (let i = 1; i < CELL_OCV.length; i++) {
    const [s1, v1] = CELL_OCV[i]!;
    const [s0, v0] = CELL_OCV[i - 1]!;
    if (s <= s1) return (v0 + ((v1 - v0) * (s - s0)) / (s1 - s0)) * cellsOf(system);
  }
  return CELL_OCV[CELL_OCV.length - 1]![1] * cellsOf(system);
}

export interface BatteryOptions {
  system: SystemVoltage;
  capacityAh: number;
  soc: number;
}

export class Battery {
  readonly system: SystemVoltage;
  capacityAh: number;
  soc: number;
  /** Internal resistance of the pack (Ω): about 5 mΩ a cell with wiring. */
  readonly resistance: number;

  constructor(options: BatteryOptions) {
    this.system = options.system;
    this.capacityAh = options.capacityAh;
    this.soc = clamp(options.soc, 0, 100);
    this.resistance = 0.005 * cellsOf(options.system) + 0.01;
  }

  /** Terminal voltage with `current` A flowing in (positive: charging, negative: discharging). */
  voltage(current: number): number {
    const ocv = openCircuitVoltage(this.soc, this.system);
    // Near full the cells polarise: the voltage under charge rises towards the charge cut.
    const polarisation = current > 0 ? (0.12 * cellsOf(this.system) * Math.max(0, this.soc - 90)) / 10 : 0;
    const max = 3.65 * cellsOf(this.system);
    return clamp(ocv + current * this.resistance + polarisation, 2.0 * cellsOf(this.system), max);
  }

  /** Integrates `current` A over `hours`; charge goes in at 99 % coulombic efficiency. */
  integrate(current: number, hours: number): void {
    const ah = current > 0 ? current * hours * 0.99 : current * hours;
    this.soc = clamp(this.soc + (100 * ah) / this.capacityAh, 0, 100);
  }

  /** The current (A) that fills the pack exactly in `hours`: more would overshoot within the step. */
  fillCurrent(hours: number): number {
    return ((100 - this.soc) / 100) * (this.capacityAh / 0.99 / hours);
  }

  /**
   * The most charging current the pack takes now at a charge cut voltage (constant-voltage phase): it
   * tapers to nothing as the terminal voltage reaches the cut.
   */
  acceptance(chargeCutVolts: number, limit: number): number {
    if (this.soc >= 100) return 0;
    const ocv = openCircuitVoltage(this.soc, this.system);
    const headroom = chargeCutVolts - ocv;
    if (headroom <= 0) return 0;
    // Solve ocv + I·R + polarisation(soc) = cut for I, bounded by the limit.
    const polarisation = (0.12 * cellsOf(this.system) * Math.max(0, this.soc - 90)) / 10;
    return clamp((headroom - polarisation) / this.resistance, 0, limit);
  }
}

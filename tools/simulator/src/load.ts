import type { DeviceParameters } from './parameters';
import { DevicePlan } from './plan';

// The lamp and its controller: dusk to dawn by panel voltage (night below solar_down, day above
// solar_up), full brightness for dim_1 hours after dusk, half for dim_2 more, then the dim level until
// dawn; the wattage at full is load_regulation. During the nights of a plan sent by a `schedule`
// command (plan.ts) the plan's levels replace those timers. Commands override it: inspection force on/off for a
// while, load on/off until the next dusk or dawn. The battery is protected by a low-voltage cut.

/** Brightness of the last step of the night (%). */
export const DIM_LEVEL = 25;
/** How long an inspection's force on/off holds (ms). */
export const INSPECTION_HOLD_MS = 15 * 60_000;
/** The LED string's voltage at full brightness (V); the driver boosts the battery to it. */
const LED_VOLTS = 36;
const DRIVER_EFFICIENCY = 0.92;
/** The controller, the GSM modem and the sensors (A from the battery). */
export const STANDBY_AMPS = 0.03;

export interface Override {
  on: boolean;
  /** Epoch ms; null: until the next dusk or dawn. */
  until: number | null;
}

export interface LoadOutput {
  loSts: 0 | 1;
  brightness: number;
  watts: number;
  loV: number;
  loI: number;
  /** From the battery (A), standby included. */
  batteryI: number;
}

export class LoadController {
  night = false;
  duskAt: number | null = null;
  override: Override | null = null;
  /** Latched by the low-voltage cut until the battery recovers. */
  lowVoltageCut = false;
  /** The nights a `schedule` command planned (empty: the parameters' timers every night). */
  readonly plan = new DevicePlan();

  /** Dusk/dawn from the panel voltage, with the parameters' hysteresis. */
  observePanel(pvV: number, now: number, params: DeviceParameters): void {
    const down = params.solar_down ?? 5;
    const up = params.solar_up ?? 8;
    if (!this.night && pvV < down) {
      this.night = true;
      this.duskAt = now;
      if (this.override?.until === null) this.override = null;
    } else if (this.night && pvV > up) {
      this.night = false;
      this.duskAt = null;
      if (this.override?.until === null) this.override = null;
    }
  }

  /** Brightness the schedule asks for now (%), before protection and overrides. */
  scheduled(now: number, params: DeviceParameters): number {
    const planned = this.plan.levelAt(now);
    if (planned !== null) return planned;
    if (!this.night || this.duskAt === null) return 0;
    if ((params.dusk_dawn ?? 1) === 0) return 0;
    if ((params.dimming ?? 1) === 0) return 100;
    const hours = (now - this.duskAt) / 3_600_000;
    const full = (params.dim_1 ?? 4) + (params.dim_1_timer ?? 0) / 60;
    const half = (params.dim_2 ?? 6) + (params.dim_2_timer ?? 0) / 60;
    const steps = params.total_dim_steps ?? 3;
    if (hours < full || steps <= 1) return 100;
    if (hours < full + half || steps === 2) return 50;
    return DIM_LEVEL;
  }

  output(
    now: number,
    params: DeviceParameters,
    battery: { rest: number; system: 12 | 24 },
    ledOpen = false,
  ): LoadOutput {
    if (this.override && this.override.until !== null && now >= this.override.until) this.override = null;
    const scale = battery.system / 12;
    const lowCut = (params.low_cut_recover ?? 12 * scale) - 0.9 * scale;
    if (battery.rest < lowCut) this.lowVoltageCut = true;
    else if (this.lowVoltageCut && battery.rest >= (params.low_cut_recover ?? 12 * scale))
      this.lowVoltageCut = false;

    let brightness = this.scheduled(now, params);
    if (this.override) brightness = this.override.on ? 100 : 0;
    if ((params.power_saver_mode ?? 1) === 1 && battery.rest < (params.power_saving ?? 12.4 * scale))
      brightness = Math.min(brightness, DIM_LEVEL);
    if ((params.load_enable ?? 1) === 0 || this.lowVoltageCut) brightness = 0;

    if (brightness <= 0) {
      return { loSts: 0, brightness: 0, watts: 0, loV: 0, loI: 0, batteryI: STANDBY_AMPS };
    }
    const watts = ledOpen ? 0 : ((params.load_regulation ?? 30) * brightness) / 100;
    const loV = ledOpen ? LED_VOLTS + 6 : LED_VOLTS * (0.9 + 0.1 * (brightness / 100));
    const loI = watts / loV;
    const batteryI = watts / DRIVER_EFFICIENCY / Math.max(battery.rest, 1) + STANDBY_AMPS;
    return { loSts: 1, brightness: Math.round(brightness), watts, loV, loI, batteryI };
  }
}

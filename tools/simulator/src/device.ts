import { DEVICE_COMMAND_MEMORY } from '@rms/contracts/commands';
import { TELEMETRY_FIELDS, type CommandAck, type TelemetrySample } from '@rms/contracts/telemetry';
import { Battery, type SystemVoltage } from './battery';
import { charge, type ChargeResult } from './charger';
import { INSPECTION_HOLD_MS, LoadController, type LoadOutput } from './load';
import { defaultParameters, parametersOf, type DeviceParameters } from './parameters';
import { clamp, rng, round } from './random';
import { irradiance } from './solar';

// One simulated solar street light with its remote monitoring unit: panel, MPPT charger, LiFePO4
// battery, LED lamp, GSM modem. `step` advances its physics to a time, `sample` is what it reports,
// `handle` runs a command from the server and returns its acknowledgement.

export interface DeviceSpec {
  code: string;
  latitude: number;
  longitude: number;
  /** Per device: its panel, its faults, its signal. */
  seed: number;
  /** Shared by a fleet: the weather over the city. */
  weatherSeed: number;
  system: SystemVoltage;
  panelWp: number;
  params?: DeviceParameters;
  telecom?: string;
  /** Starting state (when resuming from a stored sample). */
  soc?: number;
  energyWh?: number;
}

export interface DeviceCommand {
  id: number;
  kind: string;
  payload?: unknown;
}

export interface CommandResult {
  ack: CommandAck;
  /** The device reports a sample at once (refresh, and after any change the server should see). */
  reportNow: boolean;
}

export interface FaultReport {
  ts: number;
  faults: string[];
}

/** Fault codes a device raises now and then, and what each does to it. */
export const FAULT_CODES = ['LED_OPEN', 'PV_DISCONNECTED', 'BT_OVER_TEMP'] as const;
export type FaultCode = (typeof FAULT_CODES)[number];
/** A device raises a fault about once in this many days. */
const DAYS_BETWEEN_FAULTS = 25;
/** Physics advances in steps of at most this (ms). */
export const MAX_STEP_MS = 5 * 60_000;

const TELECOMS = ['Airtel', 'Jio', 'Vi', 'BSNL'];

export class SimDevice {
  readonly code: string;
  readonly spec: DeviceSpec;
  params: DeviceParameters;
  readonly battery: Battery;
  readonly load = new LoadController();
  /** Epoch ms the state is at; NaN until the first `step`. */
  t = Number.NaN;
  /** Physics step (ms); a backfill of old days may take coarser steps to go faster. */
  maxStepMs = MAX_STEP_MS;
  energyWh: number;
  gsm: number;
  temp = 25;
  faults: { code: FaultCode; until: number }[] = [];
  private readonly random: () => number;
  private readonly local: number;
  private readonly telecom: string;
  private lastCharge: ChargeResult = { pvV: 0, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
  private lastLoad: LoadOutput = { loSts: 0, brightness: 0, watts: 0, loV: 0, loI: 0, batteryI: 0 };
  private faultChanges: FaultReport[] = [];
  /** The answers to the last DEVICE_COMMAND_MEMORY commands run, by id (docs/device-link.md). */
  private readonly done = new Map<number, CommandAck>();
  /** Commands run (a repeated id is answered again, not run again). */
  commandsRun = 0;

  constructor(spec: DeviceSpec) {
    this.spec = spec;
    this.code = spec.code;
    this.random = rng(spec.seed);
    this.local = this.random();
    this.params = defaultParameters(spec.system, spec.params);
    this.battery = new Battery({
      system: spec.system,
      capacityAh: this.params.btr_true_capacity ?? 40,
      soc: spec.soc ?? 60 + 35 * this.random(),
    });
    this.energyWh = spec.energyWh ?? 0;
    this.gsm = 55 + 35 * this.random();
    this.telecom = spec.telecom ?? TELECOMS[Math.floor(this.random() * TELECOMS.length)]!;
  }

  /** Advances to `toMs` (the first call only sets the clock and settles the outputs). */
  step(toMs: number): void {
    if (Number.isNaN(this.t)) {
      this.t = toMs;
      this.advance(0);
      // Learn whether it is night now, then settle the lamp accordingly.
      if (this.lastCharge.pvV < (this.params.solar_down ?? 5)) {
        this.load.night = true;
        this.load.duskAt = toMs - this.hoursSinceSunset(toMs) * 3_600_000;
      }
      this.advance(0);
      return;
    }
    while (this.t < toMs) {
      const dt = Math.min(this.maxStepMs, toMs - this.t);
      this.t += dt;
      this.advance(dt / 3_600_000);
    }
  }

  /** What the device reports now, within the contract's ranges. */
  sample(): TelemetrySample {
    const p = this.params;
    const c = this.lastCharge;
    const l = this.lastLoad;
    const net = c.chargeI - l.batteryI;
    const f = (name: keyof typeof TELEMETRY_FIELDS, v: number, digits = 2) => {
      const spec = TELEMETRY_FIELDS[name];
      return clamp(round(v, digits), spec.min, spec.max);
    };
    return {
      ts: Math.round(this.t),
      gsm_sig: Math.round(f('gsm_sig', this.gsm, 0)),
      bt_v: f('bt_v', this.battery.voltage(net) * (p.batt_volt_fac ?? 1)),
      bt_ch_i: f('bt_ch_i', c.chargeI * (p.batt_ch_curr_fac ?? 1)),
      bt_dis_i: f('bt_dis_i', l.batteryI),
      soc: f('soc', this.battery.soc, 1),
      pv_v: f('pv_v', c.pvV * (p.solar_vol_fac ?? 1)),
      pv_i: f('pv_i', c.pvI * (p.solar_curr_fac ?? 1)),
      lo_v: f('lo_v', l.loV * (p.load_vol_fac ?? 1)),
      lo_i: f('lo_i', l.loI * (p.load_curr_fac ?? 1), 3),
      brightness: Math.round(f('brightness', l.brightness, 0)),
      lo_sts: l.loSts,
      mppt: f('mppt', c.mppt, 1),
      energy_wh: f('energy_wh', this.energyWh),
      temp: f('temp', this.temp * (p.temp_factor ?? 1), 1),
      telecom: this.telecom,
      faults: this.faults.map((x) => x.code),
    };
  }

  /** Fault lists that changed since the last call (each the whole active list), oldest first. */
  takeFaultReports(): FaultReport[] {
    return this.faultChanges.splice(0);
  }

  /**
   * Runs a command once: an id among the last DEVICE_COMMAND_MEMORY run gets the same answer again
   * without running (the server sends a command again when its acknowledgement may have been lost).
   */
  handle(command: DeviceCommand): CommandResult {
    const seen = this.done.get(command.id);
    if (seen) return { ack: seen, reportNow: false };
    const ack = this.run(command);
    this.commandsRun++;
    this.done.set(command.id, ack);
    if (this.done.size > DEVICE_COMMAND_MEMORY) this.done.delete(this.done.keys().next().value!);
    if (ack.ok && !Number.isNaN(this.t)) this.advance(0);
    return { ack, reportNow: ack.ok };
  }

  private run({ id, kind, payload }: DeviceCommand): CommandAck {
    const body = (payload ?? {}) as Record<string, unknown>;
    switch (kind) {
      case 'refresh':
        return { id, ok: true };
      case 'load': {
        const on = switchOf(body.lo_sts ?? body.on ?? body.load ?? body.state ?? body.status);
        if (on === null) return { id, ok: false, error: 'load: payload needs lo_sts 0 or 1' };
        this.load.override = { on, until: null };
        return { id, ok: true };
      }
      case 'inspection': {
        const insp = Number(body.insp);
        if (insp !== 1 && insp !== 2) return { id, ok: false, error: 'inspection: insp must be 1 or 2' };
        const now = Number.isNaN(this.t) ? Date.now() : this.t;
        this.load.override = { on: insp === 1, until: now + INSPECTION_HOLD_MS };
        return { id, ok: true };
      }
      case 'parameters':
      case 'bulk_parameter': {
        const given = parametersOf(body);
        if (Object.keys(given).length === 0) return { id, ok: false, error: `${kind}: no values` };
        const watts = given.load_regulation;
        if (watts !== undefined && (watts < 1 || watts > 150))
          return { id, ok: false, error: 'load_regulation out of range' };
        this.params = { ...this.params, ...given };
        if (given.btr_true_capacity) this.battery.capacityAh = given.btr_true_capacity;
        return { id, ok: true };
      }
      default:
        return { id, ok: false, error: `unknown command ${kind}` };
    }
  }

  private has(code: FaultCode): boolean {
    return this.faults.some((f) => f.code === code);
  }

  /** One physics step of `hours` ending at this.t (0: recompute outputs only). */
  private advance(hours: number): void {
    const now = this.t;
    const { latitude, longitude, weatherSeed, system, panelWp } = this.spec;
    if (hours > 0) this.wander(now, hours);
    const sun = irradiance(now, latitude, longitude, weatherSeed, this.local);
    const ambient = ambientTemperature(now, longitude);
    const charging = !this.has('BT_OVER_TEMP');
    const c = charge(
      { wattsPeak: panelWp, system },
      this.battery,
      this.params,
      sun.irradiance,
      ambient,
      hours,
      !this.has('PV_DISCONNECTED'),
    );
    const result = charging ? c : { ...c, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
    this.load.observePanel(result.pvV, now, this.params);
    const rest = this.battery.voltage(0);
    const out = this.load.output(now, this.params, { rest, system }, this.has('LED_OPEN'));
    if (hours > 0) {
      this.battery.integrate(result.chargeI - out.batteryI, hours);
      this.energyWh += result.harvestWh;
    }
    // The enclosure warms in the sun and while charging.
    const target =
      ambient + sun.irradiance / 100 + result.chargeI * 0.3 + (this.has('BT_OVER_TEMP') ? 25 : 0);
    this.temp = hours > 0 ? this.temp + (target - this.temp) * Math.min(1, hours * 2) : target;
    this.lastCharge = result;
    this.lastLoad = out;
  }

  /** GSM signal drifts; faults come and go. */
  private wander(now: number, hours: number): void {
    const r = this.random;
    this.gsm = clamp(this.gsm + (r() - 0.5) * 6 * Math.sqrt(hours * 12) + (72 - this.gsm) * 0.02, 40, 95);
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.until > now);
    let changed = this.faults.length !== before;
    if (r() < hours / (24 * DAYS_BETWEEN_FAULTS)) {
      const code = FAULT_CODES[Math.floor(r() * FAULT_CODES.length)]!;
      if (!this.has(code)) {
        this.faults.push({ code, until: now + (1 + 11 * r()) * 3_600_000 });
        changed = true;
      }
    }
    if (changed) this.faultChanges.push({ ts: Math.round(now), faults: this.faults.map((f) => f.code) });
  }

  private hoursSinceSunset(now: number): number {
    // Walk back in 10-minute steps until the panel would have seen light.
    for (let h = 0; h < 16; h += 1 / 6) {
      const sun = irradiance(now - h * 3_600_000, this.spec.latitude, this.spec.longitude, 0);
      if (sun.elevation > 0) return h;
    }
    return 12;
  }
}

function switchOf(value: unknown): boolean | null {
  if (value === 1 || value === true || value === '1' || value === 'on' || value === 'ON') return true;
  if (value === 0 || value === false || value === '0' || value === 'off' || value === 'OFF') return false;
  return null;
}

/** Air temperature (°C) for northern India: seasonal swing, warmest mid-afternoon. */
export function ambientTemperature(epochMs: number, longitude: number): number {
  const d = new Date(epochMs);
  const dayOfYear = (epochMs - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000;
  const seasonal = 24 + 10 * Math.sin((2 * Math.PI * (dayOfYear - 105)) / 365);
  const solarHour = (((epochMs / 3_600_000 + longitude / 15) % 24) + 24) % 24;
  return seasonal + 6 * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
}

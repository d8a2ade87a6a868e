import { DEVICE_COMMAND_MEMORY } from '@rms/contracts/commands';
import { schedulePayload, type PlanNight } from '@rms/contracts/lighting';
import { TELEMETRY_FIELDS, type CommandAck, type TelemetrySample } from '@rms/contracts/telemetry';
import { Battery, type SystemVoltage } from './battery';
import { charge, type ChargeResult } from './charger';
import {
  DEFAULT_FACTOR,
  FAULT_CODES,
  holds,
  isFaultCode,
  type FaultCode,
  type InjectableFault,
  type InjectedFault,
} from './faults';
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

export { FAULT_CODES, type FaultCode } from './faults';

/** A fault to inject: when it starts (default: the device's clock now) and how long it holds. */
export interface Injection {
  kind: InjectableFault;
  /** Epoch ms; default the device's clock (or the wall clock before its first step). */
  from?: number;
  /** Epoch ms it ends; left out with `minutes`: until cleared. */
  until?: number | null;
  /** How long it holds from `from` (minutes), instead of `until`. */
  minutes?: number;
  factor?: number;
}
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
  /** The fault codes the controller reports now; `injected`: held by an injected fault, not by chance. */
  faults: { code: FaultCode; until: number; injected?: boolean }[] = [];
  /** Faults injected (faults.ts), past, present and to come. */
  injected: InjectedFault[] = [];
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
   * Injects a fault into the physics (faults.ts): from `from` (default now) for `minutes` or until
   * `until`, or until cleared. Answers the fault as held.
   */
  inject(injection: Injection): InjectedFault {
    const now = Number.isNaN(this.t) ? Date.now() : this.t;
    const from = injection.from ?? now;
    const until =
      injection.minutes !== undefined ? from + injection.minutes * 60_000 : (injection.until ?? null);
    const factor = injection.factor ?? DEFAULT_FACTOR[injection.kind];
    const fault: InjectedFault = {
      kind: injection.kind,
      from,
      until,
      ...(factor !== undefined && { factor }),
    };
    this.injected.push(fault);
    if (!Number.isNaN(this.t)) this.advance(0);
    return fault;
  }

  /** Ends the injected faults of a kind (every kind when none is named) now: the device is repaired. */
  clearFault(kind?: InjectableFault): void {
    const now = Number.isNaN(this.t) ? Date.now() : this.t;
    this.injected = this.injected.flatMap((f) => {
      if (kind !== undefined && f.kind !== kind) return [f];
      if (f.from >= now) return [];
      return [{ ...f, until: f.until === null ? now : Math.min(f.until, now) }];
    });
    if (!Number.isNaN(this.t)) this.advance(0);
  }

  /** The injected fault of a kind that holds at `t` (default the device's clock), if any. */
  active(kind: InjectableFault, t = this.t): InjectedFault | undefined {
    return this.injected.find((f) => f.kind === kind && holds(f, t));
  }

  /**
   * Runs the lamp by these planned nights from now on (the `schedule` command's nights; an empty list:
   * back to its own parameters). A backfill gives a device its past weeks' nights this way at once.
   */
  followPlan(nights: readonly PlanNight[]): void {
    this.load.plan.set(nights);
    if (!Number.isNaN(this.t)) this.advance(0);
  }

  /** The modem is down (an injected `silent`): the device publishes nothing and answers nothing. */
  silent(t = this.t): boolean {
    return this.active('silent', t) !== undefined;
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
      case 'schedule': {
        const plan = schedulePayload.safeParse(payload);
        if (!plan.success) {
          const issue = plan.error.issues[0]!;
          return { id, ok: false, error: `schedule: ${issue.path.join('.') || 'payload'}: ${issue.message}` };
        }
        this.followPlan(plan.data.nights);
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
    this.syncInjectedCodes(now);
    const shade = this.active('panel_shaded', now)?.factor ?? 1;
    const worn = this.active('battery_worn', now)?.factor ?? 1;
    this.battery.capacityAh = Math.max(0.5, (this.params.btr_true_capacity ?? 40) * worn);
    const light = irradiance(now, latitude, longitude, weatherSeed, this.local);
    const sun = { ...light, irradiance: light.irradiance * shade };
    const ambient = ambientTemperature(now, longitude);
    const charging = !this.has('BT_OVER_TEMP');
    const c = charge(
      { wattsPeak: panelWp, system },
      this.battery,
      this.params,
      sun.irradiance,
      ambient,
      hours,
      !this.has('PV_DISCONNECTED') && !this.active('pv_disconnected', now),
    );
    const result = charging ? c : { ...c, pvI: 0, chargeI: 0, mppt: 0, harvestWh: 0 };
    this.load.observePanel(result.pvV, now, this.params);
    const rest = this.battery.voltage(0);
    const ledOpen = this.has('LED_OPEN') || this.active('led_open', now) !== undefined;
    const out = this.load.output(now, this.params, { rest, system }, ledOpen);
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
    if (changed) this.noteFaults(now);
  }

  /** The controller reports an injected fault code while it holds, and stops when it ends. */
  private syncInjectedCodes(now: number): void {
    const want = new Set(
      this.injected.filter((f) => isFaultCode(f.kind) && holds(f, now)).map((f) => f.kind as FaultCode),
    );
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => !f.injected || want.has(f.code));
    let changed = this.faults.length !== before;
    for (const code of want) {
      if (this.has(code)) continue;
      this.faults.push({ code, until: Infinity, injected: true });
      changed = true;
    }
    if (changed) this.noteFaults(now);
  }

  /** Records the fault list as changed at `now` (one report per instant). */
  private noteFaults(now: number): void {
    const report = { ts: Math.round(now), faults: this.faults.map((f) => f.code) };
    const last = this.faultChanges[this.faultChanges.length - 1];
    if (last?.ts === report.ts) this.faultChanges[this.faultChanges.length - 1] = report;
    else this.faultChanges.push(report);
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

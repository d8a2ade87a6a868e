// Faults injected into a simulated device: each acts on its physics (or its link), never on the
// readings directly, so what the device reports follows from the fault the way a real light's would.
// A fault holds from `from` until `until` (epoch ms of the device's clock; null: until cleared).

/** Fault codes a device's controller detects and reports itself (its `faults` list). */
export const FAULT_CODES = ['LED_OPEN', 'PV_DISCONNECTED', 'BT_OVER_TEMP'] as const;
export type FaultCode = (typeof FAULT_CODES)[number];

/** Faults the controller does not see: only their effect on the readings shows them. */
export const PHYSICAL_FAULTS = [
  'led_open',
  'battery_worn',
  'panel_shaded',
  'pv_disconnected',
  'silent',
] as const;
export type PhysicalFault = (typeof PHYSICAL_FAULTS)[number];

export type InjectableFault = PhysicalFault | FaultCode;
export const INJECTABLE_FAULTS: readonly InjectableFault[] = [...PHYSICAL_FAULTS, ...FAULT_CODES];

/** What each fault does; the help text of the CLI and the docs say the same. */
export const FAULT_EFFECTS: Record<InjectableFault, string> = {
  led_open: 'the LED string is open: the lamp switches on but draws nothing',
  battery_worn: 'the battery keeps FACTOR of its capacity (default 0.2): it runs low overnight',
  panel_shaded: 'the panel gets FACTOR of the light (default 0.2; 0: covered, no charge)',
  pv_disconnected: 'the panel is unplugged: no panel voltage, no charge, no fault code',
  silent: 'the modem is down: publishes nothing, answers nothing; those samples are lost',
  LED_OPEN: 'the controller reports LED_OPEN and the lamp draws nothing',
  PV_DISCONNECTED: 'the controller reports PV_DISCONNECTED and the panel gives nothing',
  BT_OVER_TEMP: 'the controller reports BT_OVER_TEMP, stops charging, runs hot',
};

/** `factor` when none is given, for the faults that take one. */
export const DEFAULT_FACTOR: Partial<Record<InjectableFault, number>> = {
  battery_worn: 0.2,
  panel_shaded: 0.2,
};

export interface InjectedFault {
  kind: InjectableFault;
  /** Epoch ms it starts (device clock). */
  from: number;
  /** Epoch ms it ends; null: until cleared. */
  until: number | null;
  /** battery_worn: share of the capacity left; panel_shaded: share of the light reaching the panel. */
  factor?: number;
}

export function isFaultCode(kind: string): kind is FaultCode {
  return (FAULT_CODES as readonly string[]).includes(kind);
}

export function isInjectable(kind: string): kind is InjectableFault {
  return (INJECTABLE_FAULTS as readonly string[]).includes(kind);
}

/** Whether the fault holds at `t`. */
export function holds(fault: InjectedFault, t: number): boolean {
  return fault.from <= t && (fault.until === null || t < fault.until);
}

/** One `--inject` option of the CLI, before it is given times. */
export interface InjectionOption {
  kind: InjectableFault;
  code: string;
  /** How long it holds (simulated minutes); null: until the simulator stops. */
  minutes: number | null;
  /** Starts this many simulated minutes after the live clock starts (0: at once). */
  afterMinutes: number;
  factor?: number;
}

export const INJECT_SYNTAX = 'KIND[=FACTOR]:DEVICE[:MINUTES[:AFTER]]';

/**
 * Parses `KIND[=FACTOR]:DEVICE[:MINUTES[:AFTER]]`, e.g. `led_open:SIM0001`, `panel_shaded=0:SIM0002:120`
 * or `silent:SIM0003:30:10` (silent for 30 minutes, 10 minutes after the start). MINUTES 0 or left out:
 * until the simulator stops.
 */
export function parseInjection(text: string): InjectionOption {
  const bad = (why: string) => new Error(`--inject ${text}: ${why} (${INJECT_SYNTAX})`);
  const [head = '', code, minutes, after, ...rest] = text.split(':');
  const [kind = '', factorText] = head.split('=');
  if (!isInjectable(kind)) throw bad(`the fault is one of ${INJECTABLE_FAULTS.join(', ')}`);
  if (!code) throw bad('name the device');
  if (rest.length > 0) throw bad('too many parts');
  const number = (v: string | undefined, what: string, max = Infinity) => {
    if (v === undefined || v === '') return 0;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > max) throw bad(`${what} is a number from 0 to ${max}`);
    return n;
  };
  const option: InjectionOption = {
    kind,
    code,
    minutes: number(minutes, 'MINUTES') || null,
    afterMinutes: number(after, 'AFTER'),
  };
  if (factorText !== undefined) {
    if (DEFAULT_FACTOR[kind] === undefined) throw bad(`${kind} takes no factor`);
    option.factor = number(factorText, 'FACTOR', 1);
  }
  return option;
}

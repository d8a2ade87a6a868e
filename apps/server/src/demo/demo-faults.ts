import type { Injection, SimDevice } from '@rms/simulator/device';

// The demo fleet's faults (docs/operations.md, "What the demo shows"): a few devices get a fault
// injected into their physics, at fixed times around the moment the demo was seeded, so the alarms
// view has real, varied alarms from the first start: raised by the ingest and the sweeper from what
// those devices report, some of them clearing by themselves later, when the fault is repaired. The
// same plan on every start (times from the seeding, not from this start), so a restart goes on with it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface PlannedFault extends Omit<Injection, 'from' | 'until' | 'minutes'> {
  code: string;
  /** Starts this long after the seeding (negative: before; its history shows it). */
  fromMs: number;
  /** How long it holds; null: until the demo is stopped (never repaired). */
  forMs: number | null;
  /** What an operator would see, for the docs and the tests. */
  shows: string;
}

export const DEMO_FAULTS: readonly PlannedFault[] = [
  {
    code: 'DEMO0002',
    kind: 'BT_OVER_TEMP',
    fromMs: 0,
    forMs: 90 * MINUTE,
    shows: 'a device fault (BT_OVER_TEMP) from the start, cleared by the device after 90 minutes',
  },
  {
    code: 'DEMO0003',
    kind: 'silent',
    fromMs: 0,
    forMs: 60 * MINUTE,
    shows: 'communication lost 15 minutes after its last report, cleared when it reports again',
  },
  {
    code: 'DEMO0004',
    kind: 'pv_disconnected',
    fromMs: -3 * DAY,
    forMs: null,
    shows: 'battery low at any hour (the battery ran flat), no charge each day from 16:00',
  },
  {
    code: 'DEMO0005',
    kind: 'led_open',
    fromMs: -2 * DAY,
    forMs: 2 * DAY + 6 * HOUR,
    shows: 'a load fault (critical) every night, until repaired 6 hours in',
  },
  {
    code: 'DEMO0006',
    kind: 'battery_worn',
    factor: 0.2,
    fromMs: -3 * DAY,
    forMs: null,
    shows: 'battery low every night, charged again each morning',
  },
  {
    code: 'DEMO0007',
    kind: 'panel_shaded',
    factor: 0.2,
    fromMs: -3 * DAY,
    forMs: null,
    shows: 'a fifth of its neighbours’ panel output (a shaded panel)',
  },
  {
    code: 'DEMO0008',
    kind: 'LED_OPEN',
    fromMs: 0,
    forMs: 4 * HOUR,
    shows: 'a device fault (LED_OPEN) from the start, and a load fault while it is dark',
  },
  {
    code: 'DEMO0009',
    kind: 'PV_DISCONNECTED',
    fromMs: -5 * HOUR,
    forMs: 30 * MINUTE + 5 * HOUR,
    shows: 'a device fault (PV_DISCONNECTED) open at once, cleared by the device 30 minutes in',
  },
  // Dark nights in the energy report's month: a battery that failed and was replaced, so those nights'
  // availability falls short of the plan (the lamp is cut by the battery's low-voltage protection).
  {
    code: 'DEMO0011',
    kind: 'battery_worn',
    factor: 0.02,
    fromMs: -17 * DAY,
    forMs: 3 * DAY,
    shows:
      'three dark nights two and a half weeks ago (a dead battery, then replaced): below 100 % availability',
  },
  {
    code: 'DEMO0013',
    kind: 'battery_worn',
    factor: 0.02,
    fromMs: -9 * DAY,
    forMs: 2 * DAY,
    shows: 'two dark nights last week (a dead battery, then replaced): below 100 % availability',
  },
];

/** Injects the plan's faults into the demo devices, timed from when the demo was seeded. */
export function injectDemoFaults(devices: { code: string; sim: SimDevice }[], seededAt: number): number {
  let injected = 0;
  for (const d of devices) {
    for (const fault of DEMO_FAULTS.filter((f) => f.code === d.code)) {
      const from = seededAt + fault.fromMs;
      d.sim.inject({
        kind: fault.kind,
        from,
        until: fault.forMs === null ? null : from + fault.forMs,
        ...(fault.factor !== undefined && { factor: fault.factor }),
      });
      injected++;
    }
  }
  return injected;
}

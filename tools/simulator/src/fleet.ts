import type { TelemetrySample } from '@rms/contracts/telemetry';
import { SimDevice, type DeviceSpec } from './device';
import type { DeviceParameters } from './parameters';
import { rng, seedOf } from './random';

// A fleet: devices placed at random within a radius around a centre, the same every time for a seed.

/** The spec's map centre (New Delhi). */
export const DEFAULT_CENTRE = { latitude: 28.6479, longitude: 77.2031 };

export interface FleetOptions {
  count: number;
  seed?: number;
  centre?: { latitude: number; longitude: number };
  radiusKm?: number;
  /** Device codes are prefix + a zero-padded number from 1. */
  codePrefix?: string;
}

export interface FleetMember {
  code: string;
  latitude: number;
  longitude: number;
  system: 12 | 24;
  panelWp: number;
  params?: DeviceParameters;
}

const KM_PER_DEGREE = 111.32;

/** Places `count` devices uniformly over a disc (deterministic from the seed). */
export function placeFleet(options: FleetOptions): FleetMember[] {
  const { count, seed = 1, centre = DEFAULT_CENTRE, radiusKm = 15, codePrefix = 'SIM' } = options;
  const r = rng(seed);
  const width = Math.max(4, String(count).length);
  return Array.from({ length: count }, (_, i) => {
    const distance = radiusKm * Math.sqrt(r());
    const bearing = 2 * Math.PI * r();
    const latitude = centre.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE;
    const longitude =
      centre.longitude +
      (distance * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180));
    // One light in eight is a 24 V system with a bigger lamp; panels vary with the installation.
    const big = r() < 0.125;
    const panelWp = Math.round((big ? 180 : 85) + r() * (big ? 60 : 40));
    return {
      code: `${codePrefix}${String(i + 1).padStart(width, '0')}`,
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      system: big ? 24 : 12,
      panelWp,
      ...(big && { params: { load_regulation: 60, btr_true_capacity: 60, charging_curr_limit: 15 } }),
    };
  });
}

/** A simulated device for a fleet member (or any device list entry). */
export function simulate(
  member: FleetMember & Partial<Pick<DeviceSpec, 'soc' | 'energyWh' | 'telecom'>>,
  weatherSeed = 1,
): SimDevice {
  return new SimDevice({ ...member, seed: seedOf(member.code), weatherSeed });
}

/**
 * Samples of one device from `fromMs` to `toMs` every `intervalMs` (aligned to the interval plus the
 * device's offset), advancing its state. The first sample is at or after `fromMs`; none while the device
 * is silent.
 */
export function history(
  device: SimDevice,
  fromMs: number,
  toMs: number,
  intervalMs: number,
  offsetMs = 0,
): TelemetrySample[] {
  const out: TelemetrySample[] = [];
  let t = Math.ceil((fromMs - offsetMs) / intervalMs) * intervalMs + offsetMs;
  if (Number.isNaN(device.t)) device.step(Math.min(fromMs, t));
  for (; t <= toMs; t += intervalMs) {
    if (t <= device.t) continue;
    device.step(t);
    // A silent device (an injected `silent`) reports nothing: those samples are lost.
    if (!device.silent()) out.push(device.sample());
  }
  return out;
}

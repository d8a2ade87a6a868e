import { describe, expect, it } from 'vitest';
import { telemetrySample, type TelemetrySample } from '@rms/contracts/telemetry';
import { openCircuitVoltage } from './battery';
import { SimDevice } from './device';
import { DEFAULT_CENTRE, history, placeFleet, simulate } from './fleet';
import { DIM_LEVEL } from './load';
import { sunElevation } from './solar';

const { latitude, longitude } = DEFAULT_CENTRE;
const DAY = 86_400_000;
const FIVE_MIN = 5 * 60_000;
// A clear-ish winter week in New Delhi (times in UTC; IST is UTC+5:30).
const START = Date.UTC(2026, 10, 10, 0, 0);

function light(over: Partial<ConstructorParameters<typeof SimDevice>[0]> = {}) {
  return new SimDevice({
    code: 'T1',
    latitude,
    longitude,
    seed: 7,
    weatherSeed: 3,
    system: 12,
    panelWp: 100,
    soc: 70,
    ...over,
  });
}

const ts = (s: TelemetrySample) => s.ts as number;

describe('solar street light model', () => {
  it('harvests in daytime only, and the counter only grows', () => {
    const d = light();
    const samples = history(d, START, START + 2 * DAY, FIVE_MIN);
    let daytimeHarvest = 0;
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1]!, samples[i]!];
      const gained = b.energy_wh - a.energy_wh;
      expect(gained).toBeGreaterThanOrEqual(0);
      const sunUp =
        sunElevation(ts(b), latitude, longitude) > 0 || sunElevation(ts(a), latitude, longitude) > 0;
      if (!sunUp) {
        expect(gained).toBe(0);
        expect(b.bt_ch_i).toBe(0);
        expect(b.pv_i).toBe(0);
      } else daytimeHarvest += gained;
    }
    expect(daytimeHarvest).toBeGreaterThan(150);
  });

  it('tops a full battery up smoothly at midday instead of switching the charge on and off', () => {
    // A big panel on an almost full battery, sampled every 15 minutes as the demo's history is: once
    // full, the charge current follows what the battery can still take, it does not flip between the
    // current limit and nothing from one sample to the next.
    const d = light({ soc: 99, panelWp: 150 });
    const noon = START + 6.5 * 3_600_000; // 12:00 IST
    const samples = history(d, noon - 2 * 3_600_000, noon + 2 * 3_600_000, 15 * 60_000);
    const full = samples.filter((s) => s.soc >= 99.5);
    expect(full.length).toBeGreaterThan(8);
    for (let i = 1; i < full.length; i++)
      expect(Math.abs(full[i]!.bt_ch_i - full[i - 1]!.bt_ch_i)).toBeLessThan(1);
  });

  it('keeps the state of charge within 0–100 % with the voltage following it', () => {
    for (const soc of [3, 50, 99]) {
      const d = light({ soc, panelWp: soc === 3 ? 20 : 150 });
      for (const s of history(d, START, START + 5 * DAY, 15 * 60_000)) {
        expect(s.soc).toBeGreaterThanOrEqual(0);
        expect(s.soc).toBeLessThanOrEqual(100);
        // Terminal voltage sits near the resting voltage of that charge (within the I·R and polarisation).
        expect(Math.abs(s.bt_v - openCircuitVoltage(s.soc, 12))).toBeLessThan(0.9);
      }
    }
    for (let soc = 5; soc <= 100; soc += 5)
      expect(openCircuitVoltage(soc, 12)).toBeGreaterThan(openCircuitVoltage(soc - 5, 12));
    expect(openCircuitVoltage(50, 24)).toBeCloseTo(2 * openCircuitVoltage(50, 12));
  });

  it('lights at night: full for dim_1 hours, half for dim_2, then the dim level until dawn', () => {
    const d = light({ soc: 90, params: { dim_1: 3, dim_2: 5 } });
    const samples = history(d, START + 6 * 3_600_000, START + 30 * 3_600_000, FIVE_MIN);
    const hoursAt = (level: number) =>
      (samples.filter((s) => s.lo_sts === 1 && s.brightness === level).length * FIVE_MIN) / 3_600_000;
    expect(hoursAt(100)).toBeCloseTo(3, 0);
    expect(hoursAt(50)).toBeCloseTo(5, 0);
    expect(hoursAt(DIM_LEVEL)).toBeGreaterThan(3);
    for (const s of samples) {
      const up = sunElevation(ts(s), latitude, longitude);
      if (up > 3) expect(s.lo_sts).toBe(0);
      if (up < -3) expect(s.lo_sts).toBe(1);
    }
  });

  it('applies a parameters command: the lamp draws the new wattage', () => {
    const d = light({ soc: 90 });
    // 19:00 IST: early night, full brightness.
    d.step(Date.UTC(2026, 10, 10, 6, 0));
    d.step(Date.UTC(2026, 10, 10, 13, 30));
    const before = d.sample();
    expect(before.brightness).toBe(100);
    expect(before.lo_v * before.lo_i).toBeCloseTo(30, 0);
    const result = d.handle({ id: 5, kind: 'parameters', payload: { load_regulation: 60, dim_1: 5 } });
    expect(result.ack).toEqual({ id: 5, ok: true });
    expect(result.reportNow).toBe(true);
    const after = d.sample();
    expect(after.lo_v * after.lo_i).toBeCloseTo(60, 0);
    expect(after.bt_dis_i).toBeGreaterThan(before.bt_dis_i * 1.8);
    expect(d.params.dim_1).toBe(5);
    // The same id again is not run twice.
    expect(d.handle({ id: 5, kind: 'parameters', payload: { load_regulation: 10 } }).ack.ok).toBe(true);
    expect(d.params.load_regulation).toBe(60);
  });

  it('answers load, inspection and refresh commands, refusing what it does not know', () => {
    const d = light({ soc: 90 });
    d.step(Date.UTC(2026, 10, 10, 6, 0)); // noon IST
    expect(d.sample().lo_sts).toBe(0);
    expect(d.handle({ id: 1, kind: 'load', payload: { lo_sts: 1 } }).ack.ok).toBe(true);
    expect(d.sample().lo_sts).toBe(1);
    expect(d.handle({ id: 2, kind: 'inspection', payload: { insp: 2 } }).ack.ok).toBe(true);
    expect(d.sample().lo_sts).toBe(0);
    expect(d.handle({ id: 3, kind: 'refresh' })).toEqual({ ack: { id: 3, ok: true }, reportNow: true });
    expect(d.handle({ id: 4, kind: 'reboot' }).ack).toMatchObject({ id: 4, ok: false });
    expect(d.handle({ id: 6, kind: 'load', payload: {} }).ack.ok).toBe(false);
  });

  it('reports only samples the contract accepts, for a whole fleet over weeks', () => {
    const fleet = placeFleet({ count: 12, seed: 9 });
    expect(fleet.some((m) => m.system === 24)).toBe(true);
    let faults = 0;
    for (const member of fleet) {
      const d = simulate(member, 4);
      for (const s of history(d, START - 30 * DAY, START, 30 * 60_000)) {
        const parsed = telemetrySample.safeParse(s);
        if (!parsed.success) throw new Error(`${member.code}: ${JSON.stringify(parsed.error.issues[0])}`);
        expect(s.gsm_sig).toBeGreaterThanOrEqual(40);
        expect(s.gsm_sig).toBeLessThanOrEqual(95);
      }
      faults += d.takeFaultReports().length;
    }
    expect(faults).toBeGreaterThan(0);
    // 17,000 samples through the contract: a few seconds of CPU, more on a busy machine.
  }, 60_000);

  it('places a fleet within the radius, the same for the same seed', () => {
    const a = placeFleet({ count: 50, seed: 2, radiusKm: 10 });
    expect(placeFleet({ count: 50, seed: 2, radiusKm: 10 })).toEqual(a);
    for (const m of a) {
      const dy = (m.latitude - latitude) * 111.32;
      const dx = (m.longitude - longitude) * 111.32 * Math.cos((latitude * Math.PI) / 180);
      expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(10.01);
    }
    expect(new Set(a.map((m) => m.code)).size).toBe(50);
  });
});

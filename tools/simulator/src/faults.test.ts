import { describe, expect, it } from 'vitest';
import type { TelemetrySample } from '@rms/contracts/telemetry';
import { SimDevice } from './device';
import { parseInjection } from './faults';
import { DEFAULT_CENTRE, history } from './fleet';

// Each injected fault shows in the readings through the physics, and the readings return to normal
// when it ends. Times in UTC; New Delhi in November: dark from about 12:00 to 01:10 UTC.

const { latitude, longitude } = DEFAULT_CENTRE;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIVE_MIN = 5 * 60_000;
const START = Date.UTC(2026, 10, 10, 0, 0); // 05:30 IST, before dawn
const NOON = START + 6.5 * HOUR; // 12:00 IST
const EVENING = START + 14.5 * HOUR; // 20:00 IST

function light(soc = 80) {
  return new SimDevice({
    code: 'F1',
    latitude,
    longitude,
    seed: 7,
    weatherSeed: 3,
    system: 12,
    panelWp: 100,
    soc,
  });
}

const at = (samples: TelemetrySample[], t: number) => samples.find((s) => (s.ts as number) >= t)!;
const between = (samples: TelemetrySample[], from: number, to: number) =>
  samples.filter((s) => (s.ts as number) >= from && (s.ts as number) < to);
const harvested = (samples: TelemetrySample[]) =>
  samples[samples.length - 1]!.energy_wh - samples[0]!.energy_wh;

describe('injected faults', () => {
  it('led_open: the lamp is on but draws nothing, and draws again once repaired', () => {
    const d = light();
    d.inject({ kind: 'led_open', from: EVENING - HOUR, until: EVENING + HOUR });
    const samples = history(d, START, START + DAY, FIVE_MIN);
    const broken = at(samples, EVENING);
    expect(broken).toMatchObject({ lo_sts: 1, faults: [] });
    expect(broken.brightness).toBeGreaterThan(0);
    expect(broken.lo_i).toBeLessThan(0.05);
    const repaired = at(samples, EVENING + 2 * HOUR);
    expect(repaired.lo_sts).toBe(1);
    expect(repaired.lo_i).toBeGreaterThan(0.2);
    // Before it, the same lamp drew its current.
    expect(at(samples, EVENING - 2 * HOUR).lo_i).toBeGreaterThan(0.2);
  });

  it('led_open until cleared holds until clearFault', () => {
    const d = light();
    d.step(EVENING);
    d.inject({ kind: 'led_open' });
    d.step(EVENING + HOUR);
    expect(d.sample().lo_i).toBeLessThan(0.05);
    d.clearFault('led_open');
    expect(d.sample().lo_i).toBeGreaterThan(0.2);
    d.step(EVENING + 2 * HOUR);
    expect(d.sample().lo_i).toBeGreaterThan(0.2);
  });

  it('battery_worn: the state of charge falls under 20 % overnight; a new battery lasts the night', () => {
    const worn = light(90);
    worn.inject({ kind: 'battery_worn', from: START, until: START + 2 * DAY });
    const samples = history(worn, START, START + 3 * DAY, FIVE_MIN);
    const healthy = history(light(90), START, START + 3 * DAY, FIVE_MIN);
    const nights = [0, 1, 2].map((n) => START + n * DAY + 12 * HOUR);
    const lowest = (s: TelemetrySample[], n: number) =>
      Math.min(...between(s, nights[n]!, nights[n]! + 13 * HOUR).map((x) => x.soc));
    expect(lowest(samples, 0)).toBeLessThan(20);
    expect(lowest(samples, 1)).toBeLessThan(20);
    expect(lowest(healthy, 0)).toBeGreaterThan(30);
    // It charges in the day (it does not stay low), and after the replacement it lasts the night.
    expect(at(samples, NOON + DAY + 3 * HOUR).soc).toBeGreaterThan(30);
    expect(lowest(samples, 2)).toBeGreaterThan(30);
  });

  it('panel_shaded: a fraction of the harvest (0: none), full harvest when the shade goes', () => {
    const twoDays = (d: SimDevice) => history(d, START, START + 2 * DAY, FIVE_MIN);
    const firstDay = (s: TelemetrySample[]) => harvested(between(s, START, START + DAY));
    const twin = twoDays(light(30));
    const shaded = light(30);
    shaded.inject({ kind: 'panel_shaded', factor: 0.2, from: START, until: START + DAY });
    const covered = light(30);
    covered.inject({ kind: 'panel_shaded', factor: 0, from: START, minutes: 24 * 60 });
    const healthy = firstDay(twin);
    expect(healthy).toBeGreaterThan(150);
    const shadedSamples = twoDays(shaded);
    expect(firstDay(shadedSamples)).toBeGreaterThan(0.1 * healthy);
    expect(firstDay(shadedSamples)).toBeLessThan(0.3 * healthy);
    expect(at(shadedSamples, NOON).pv_i).toBeLessThan(0.3 * at(twin, NOON).pv_i);
    expect(firstDay(twoDays(covered))).toBe(0);
    // The next day (the shade gone) the panel gives its full current at noon.
    expect(at(shadedSamples, NOON + DAY).pv_i).toBeGreaterThan(0.5 * at(twin, NOON + DAY).pv_i);
    expect(at(shadedSamples, NOON + DAY).bt_ch_i).toBeGreaterThan(0.2);
  });

  it('pv_disconnected: no panel voltage and no charge, without a fault code; back when plugged in', () => {
    const d = light(50);
    d.inject({ kind: 'pv_disconnected', from: NOON - HOUR, minutes: 120 });
    const samples = history(d, START, START + DAY, FIVE_MIN);
    expect(at(samples, NOON)).toMatchObject({ pv_v: 0, pv_i: 0, bt_ch_i: 0, faults: [] });
    const back = at(samples, NOON + 90 * 60_000);
    expect(back.pv_v).toBeGreaterThan(8);
    expect(back.bt_ch_i).toBeGreaterThan(0.2);
  });

  it('silent: no samples while it holds, then it reports again', () => {
    const d = light();
    d.inject({ kind: 'silent', from: NOON, minutes: 30 });
    const samples = history(d, NOON - HOUR, NOON + HOUR, FIVE_MIN);
    const times = samples.map((s) => s.ts as number);
    expect(times.filter((t) => t >= NOON && t < NOON + 30 * 60_000)).toEqual([]);
    expect(times.filter((t) => t >= NOON + 30 * 60_000)).toHaveLength(7);
    expect(times.filter((t) => t < NOON)).toHaveLength(11); // from the first step on
    expect(d.silent(NOON + 10 * 60_000)).toBe(true);
    expect(d.silent()).toBe(false);
  });

  it('a device fault code: reported while it holds (with its effect), and its end reported', () => {
    const d = light(50);
    d.inject({ kind: 'BT_OVER_TEMP', from: NOON, minutes: 60 });
    const samples = history(d, NOON - HOUR, NOON + 2 * HOUR, FIVE_MIN);
    const hot = at(samples, NOON + 30 * 60_000);
    expect(hot.faults).toEqual(['BT_OVER_TEMP']);
    expect(hot.bt_ch_i).toBe(0);
    expect(hot.temp).toBeGreaterThan(at(samples, NOON - HOUR).temp + 10);
    const cooled = at(samples, NOON + 90 * 60_000);
    expect(cooled.faults).toEqual([]);
    expect(cooled.bt_ch_i).toBeGreaterThan(0.2);
    expect(d.takeFaultReports()).toEqual([
      { ts: NOON, faults: ['BT_OVER_TEMP'] },
      { ts: NOON + HOUR, faults: [] },
    ]);

    const lamp = light();
    lamp.step(EVENING);
    lamp.inject({ kind: 'LED_OPEN' });
    expect(lamp.sample()).toMatchObject({ faults: ['LED_OPEN'], lo_i: 0 });
    lamp.step(EVENING + HOUR);
    lamp.clearFault('LED_OPEN');
    expect(lamp.sample().faults).toEqual([]);
    expect(lamp.sample().lo_i).toBeGreaterThan(0.2);
  });

  it('parses the CLI’s --inject', () => {
    expect(parseInjection('led_open:SIM0001')).toEqual({
      kind: 'led_open',
      code: 'SIM0001',
      minutes: null,
      afterMinutes: 0,
    });
    expect(parseInjection('panel_shaded=0:SIM0002:120:15')).toEqual({
      kind: 'panel_shaded',
      code: 'SIM0002',
      minutes: 120,
      afterMinutes: 15,
      factor: 0,
    });
    expect(parseInjection('BT_OVER_TEMP:SIM0003:0').minutes).toBeNull();
    expect(() => parseInjection('smoke:SIM0001')).toThrow(/one of led_open/);
    expect(() => parseInjection('led_open')).toThrow(/name the device/);
    expect(() => parseInjection('silent=0.5:SIM1')).toThrow(/takes no factor/);
    expect(() => parseInjection('battery_worn=2:SIM1')).toThrow(/FACTOR/);
  });
});

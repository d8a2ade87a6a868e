import { getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { duskDawn, zonedInstant } from './lighting-plan';
import { sunTimes } from './sun-times';

// sunTimes is suncalc's sunrise and sunset without the rest of getTimes, and shares each meridian's
// transit among the places on it. Both must leave every answer exactly as suncalc gives it: these
// tests compare milliseconds, not minutes, so any rounding of places (a grid, however fine, moves
// some sunset across a minute boundary) or a drift from suncalc's formulas fails here.

/** A small deterministic generator (mulberry32): the same places on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ms = (d: Date | null | undefined) => (d ? d.getTime() : NaN);

function expectSame(at: number, lat: number, lon: number) {
  const exact = getTimes(new Date(at), lat, lon);
  const fast = sunTimes(at, lat, lon);
  expect([fast.sunrise, fast.sunset], `${new Date(at).toISOString()} ${lat},${lon}`).toEqual([
    ms(exact.sunrise),
    ms(exact.sunset),
  ]);
  if (exact.sunrise === null) expect(fast.alwaysUp).toBe(exact.alwaysUp);
}

describe('sunrise and sunset', () => {
  it('are suncalc’s to the millisecond, anywhere, at any time of day, over decades', () => {
    const next = random(7);
    for (let i = 0; i < 20_000; i++) {
      // 1985–2065 covers four of suncalc's ΔT fits; latitudes to ±89° include polar days and nights.
      const at = Date.UTC(1985, 0, 1) + Math.floor(next() * 80 * 365.25 * 86_400_000);
      expectSame(at, -89 + next() * 178, -180 + next() * 360);
    }
  });

  it('are suncalc’s for neighbours a hair apart on one meridian (they share its transit)', () => {
    const next = random(11);
    for (let i = 0; i < 2_000; i++) {
      const at = Date.UTC(2026, 0, 1, 12) + Math.floor(next() * 365) * 86_400_000;
      const lat = 8 + next() * 30;
      const lon = 68 + next() * 29;
      for (const d of [0, 1e-9, 1e-6, 1e-4]) {
        expectSame(at, lat + d, lon);
        expectSame(at, lat, lon + d);
      }
    }
  });

  it('give each device the dusk and dawn minutes suncalc gives it (a 100 × 100 fleet, a week)', () => {
    const zone = 'Asia/Kolkata';
    const days = [
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ];
    const floor = (t: number) => Math.floor(t / 60_000) * 60_000;
    for (let i = 0; i < 10_000; i += 7) {
      // The schedules benchmark's places: 0.08° apart over northern India, each its own.
      const place = { lat: 22 + (i % 100) * 0.08, lon: 73 + Math.floor(i / 100) * 0.08 };
      for (const day of days) {
        const evening = getTimes(new Date(zonedInstant(zone, day, '12:00')), place.lat, place.lon);
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const morning = getTimes(new Date(zonedInstant(zone, next, '12:00')), place.lat, place.lon);
        expect(duskDawn(place, day, zone)).toEqual({
          dusk: floor(evening.sunset!.getTime()),
          dawn: floor(morning.sunrise!.getTime()),
        });
      }
    }
  });
});

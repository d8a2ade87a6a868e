import { describe, expect, it } from 'vitest';
import { isoWeekday, nightChoice, profileSteps, type ProfileStep } from './lighting';
import { duskDawn, levelAt, nightPlan, nightUse, zonedInstant } from './lighting-plan';

const DELHI = { lat: 28.6479, lon: 77.2031 };
const ZONE = 'Asia/Kolkata';
const hhmm = (t: number) =>
  new Date(t).toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });

const plan: ProfileStep[] = [
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
  { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
];

describe('a profile on one night', () => {
  it('puts dusk and dawn at the place’s own sunset and sunrise', () => {
    const { dusk, dawn } = duskDawn(DELHI, '2026-12-21', ZONE);
    // Delhi in late December: sunset about 17:28, sunrise about 07:10.
    expect(hhmm(dusk)).toMatch(/^17:(2\d|3[0-5])$/);
    expect(hhmm(dawn)).toMatch(/^07:(0\d|1[0-5])$/);
    const june = duskDawn(DELHI, '2026-06-21', ZONE);
    expect(june.dawn - june.dusk).toBeLessThan(dawn - dusk);
  });

  it('places clock times from noon on the evening and before noon on the next morning', () => {
    const night = nightPlan(plan, DELHI, '2026-12-21', ZONE);
    expect(night.steps.map((s) => [hhmm(s.at), s.level])).toEqual([
      [hhmm(night.dusk), 100],
      ['23:00', 60],
      ['02:00', 30],
      [hhmm(night.dawn), 0],
    ]);
    expect(night.steps[2]!.at).toBe(zonedInstant(ZONE, '2026-12-22', '02:00'));
    expect(levelAt(night, zonedInstant(ZONE, '2026-12-21', '23:30'))).toBe(60);
    expect(levelAt(night, zonedInstant(ZONE, '2026-12-22', '12:00'))).toBe(0);
  });

  it('keeps clock times right across a daylight-saving change (the offsets are cached by quarter hour)', () => {
    // Berlin: +01:00 until 02:00 local on 29 March 2026, +02:00 from then; New York: −05:00 then −04:00 on 8 March.
    expect(new Date(zonedInstant('Europe/Berlin', '2026-03-29', '01:30')).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(new Date(zonedInstant('Europe/Berlin', '2026-03-29', '03:30')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(zonedInstant('Europe/Berlin', '2026-03-28', '23:00')).toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
    expect(new Date(zonedInstant('America/New_York', '2026-03-07', '23:00')).toISOString()).toBe(
      '2026-03-08T04:00:00.000Z',
    );
    expect(new Date(zonedInstant('America/New_York', '2026-03-08', '23:00')).toISOString()).toBe(
      '2026-03-09T03:00:00.000Z',
    );
    expect(new Date(zonedInstant('Asia/Kathmandu', '2026-03-08', '23:00')).toISOString()).toBe(
      '2026-03-08T17:15:00.000Z',
    );
  });

  it('counts the lit minutes and the energy at the lamp’s power', () => {
    const night = nightPlan(plan, DELHI, '2026-12-21', ZONE);
    const { litMinutes, energyWh } = nightUse(night, 30);
    expect(litMinutes).toBe((night.dawn - night.dusk) / 60_000);
    const full = (30 * litMinutes) / 60;
    expect(energyWh).toBeLessThan(full);
    expect(energyWh).toBeGreaterThan(full * 0.5);
  });

  it('starts early steps at dusk and drops steps after dawn', () => {
    const night = nightPlan(
      [
        { anchor: 'clock', offset_min: 0, at: '15:00', level: 80 },
        { anchor: 'dawn', offset_min: 30, level: 100 },
      ],
      DELHI,
      '2026-12-21',
      ZONE,
    );
    expect(night.steps).toEqual([
      { at: night.dusk, level: 80 },
      { at: night.dawn, level: 0 },
    ]);
  });

  it('spans every night from dusk to dawn, also when the light is off before dawn or all night', () => {
    const early = nightPlan(
      [
        { anchor: 'dusk', offset_min: 0, level: 100 },
        { anchor: 'clock', offset_min: 0, at: '01:00', level: 0 },
      ],
      DELHI,
      '2026-12-21',
      ZONE,
    );
    expect(early.steps.map((s) => s.level)).toEqual([100, 0, 0]);
    expect(early.steps.at(-1)!.at).toBe(early.dawn);
    const dark = nightPlan([{ anchor: 'dusk', offset_min: 0, level: 0 }], DELHI, '2026-12-21', ZONE);
    expect(dark.steps).toEqual([
      { at: dark.dusk, level: 0 },
      { at: dark.dawn, level: 0 },
    ]);
  });

  it('refuses more brightness steps than a device holds', () => {
    const four = [100, 80, 60, 40].map((level, i) => ({
      anchor: 'dusk' as const,
      offset_min: i * 60,
      level,
    }));
    expect(profileSteps.safeParse(four).success).toBe(false);
    expect(
      profileSteps.safeParse([...four.slice(0, 3), { anchor: 'dusk', offset_min: 300, level: 0 }]).success,
    ).toBe(true);
  });
});

describe('which schedule runs a night', () => {
  const base = { enabled: true, validFrom: null, validTo: null, exceptions: [] };
  const weekly = { ...base, id: 1, priority: 0, profileId: 10, weekdays: [1, 2, 3, 4, 5, 6, 7] };
  const weekend = { ...base, id: 2, priority: 5, profileId: 20, weekdays: [6, 7] };

  it('takes the higher priority where two weekday patterns meet, then the older schedule', () => {
    // 2026-11-28 is a Saturday, 2026-11-30 a Monday.
    expect(nightChoice([weekly, weekend], '2026-11-28')).toEqual({
      scheduleId: 2,
      profileId: 20,
      exception: false,
    });
    expect(nightChoice([weekly, weekend], '2026-11-30')).toEqual({
      scheduleId: 1,
      profileId: 10,
      exception: false,
    });
    expect(nightChoice([weekly, { ...weekly, id: 3 }], '2026-11-30')?.scheduleId).toBe(1);
  });

  it('lets a dated exception win its nights and revert afterwards', () => {
    const festival = {
      ...weekly,
      exceptions: [{ from: '2026-11-28', to: '2026-11-29', profileId: 99 }],
    };
    expect(nightChoice([festival, weekend], '2026-11-28')).toEqual({
      scheduleId: 1,
      profileId: 99,
      exception: true,
    });
    expect(nightChoice([festival, weekend], '2026-12-05')?.profileId).toBe(20);
    expect(
      nightChoice(
        [{ ...weekly, exceptions: [{ from: '2026-11-30', to: '2026-11-30', profileId: null }] }],
        '2026-11-30',
      ),
    ).toEqual({
      scheduleId: 1,
      profileId: null,
      exception: true,
    });
  });

  it('skips disabled schedules and nights outside the season', () => {
    expect(nightChoice([{ ...weekend, enabled: false }], '2026-11-28')).toBeNull();
    expect(nightChoice([{ ...weekly, validFrom: '2026-12-01' }], '2026-11-30')).toBeNull();
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

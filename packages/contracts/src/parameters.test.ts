import { describe, expect, it } from 'vitest';
import {
  PARAMETER_DEFAULTS,
  PARAMETER_FIELDS,
  PARAMETER_MESSAGES as M,
  PARAMETERS,
  bulkParameterBody,
  parameterSettingBody,
  parameterValues,
  rangeMessage,
} from './parameters';
import { inspectionBody, inspectionLabel } from './inspections';

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('parameterValues', () => {
  it('accepts the 12 V defaults, and each default lies within its limits', () => {
    expect(parameterValues.safeParse(PARAMETER_DEFAULTS).success).toBe(true);
    for (const f of PARAMETER_FIELDS) {
      expect(PARAMETERS[f].default).toBeGreaterThanOrEqual(PARAMETERS[f].min);
      expect(PARAMETERS[f].default).toBeLessThanOrEqual(PARAMETERS[f].max);
    }
    expect(PARAMETER_FIELDS).toHaveLength(38);
  });
  it('accepts a 24 V LiFePO4 set', () => {
    const v24 = {
      ...PARAMETER_DEFAULTS,
      low_cut_recover: 24,
      high_cut_recover: 27.6,
      high_cut: 29.2,
      power_saving: 24.8,
      battery_charging_cut: 28.8,
      solar_over_volt: 50,
      solar_over_reconnect: 46,
      load_regulation: 60,
    };
    expect(parameterValues.safeParse(v24).success).toBe(true);
  });
  it('names every missing field with the required message', () => {
    const r = parameterValues.safeParse({});
    expect(issues(r)).toHaveLength(38);
    expect(issues(r)[0]).toEqual(['low_cut_recover', "'Low Cut Recover' is required!"]);
  });
  it('names the field and unit when out of range, and checks steps and choices', () => {
    const r = parameterValues.safeParse({
      ...PARAMETER_DEFAULTS,
      high_cut: 40,
      btr_true_capacity: 40.5,
      dimming: 2,
    });
    expect(issues(r)).toEqual([
      ['high_cut', "'High Cut' must be between 9 and 32 V"],
      ['btr_true_capacity', "'Battery True Capacity' must be a whole number"],
      ['dimming', "'Dimming' must be one of Off, On"],
    ]);
    expect(rangeMessage('load_regulation')).toBe("'Load Watt' must be between 1 and 150 W");
  });
  it('holds the rules between fields', () => {
    const r = parameterValues.safeParse({
      ...PARAMETER_DEFAULTS,
      low_cut_recover: 14,
      high_cut_recover: 13.8,
      solar_over_reconnect: 26,
      solar_down: 9,
      dim_1: 12,
      dim_2: 10,
      dim_3: 2,
      dim_1_timer: 30,
    });
    expect(issues(r)).toEqual([
      ['low_cut_recover', M.lowCutBelowHighCutRecover],
      ['power_saving', M.powerSavingAboveLowCut],
      ['solar_over_reconnect', M.reconnectBelowOverVolt],
      ['solar_down', M.downBelowUp],
      ['dim_2', M.dimHoursOver24],
    ]);
  });
  it('takes the device with the values', () => {
    expect(parameterSettingBody.safeParse({ device: 3, ...PARAMETER_DEFAULTS }).success).toBe(true);
    expect(issues(parameterSettingBody.safeParse({ ...PARAMETER_DEFAULTS }))).toEqual([
      ['device', "'Device' is required!"],
    ]);
  });
});

describe('bulk parameter and inspection bodies', () => {
  it('needs 1 to 2500 distinct devices and the three values within limits', () => {
    expect(
      bulkParameterBody.safeParse({ devices: [1, 2], load_regulation: 40, dim_1: 5, dim_2: 6 }).success,
    ).toBe(true);
    expect(issues(bulkParameterBody.safeParse({ devices: [], load_regulation: 400, dim_1: 5 }))).toEqual([
      ['devices', M.devicesRequired],
      ['load_regulation', "'Load Watt' must be between 1 and 150 W"],
      ['dim_2', "'Half Brightness Hours' is required!"],
    ]);
    expect(
      issues(bulkParameterBody.safeParse({ devices: [1, 1], load_regulation: 4, dim_1: 5, dim_2: 6 })),
    ).toEqual([['devices', M.devicesUnique]]);
    expect(
      bulkParameterBody.safeParse({
        devices: Array.from({ length: 2501 }, (_, i) => i + 1),
        load_regulation: 4,
        dim_1: 1,
        dim_2: 1,
      }).success,
    ).toBe(false);
  });
  it('takes insp 1 or 2, and labels them', () => {
    expect(inspectionBody.safeParse({ devices: [1], insp: 1 }).success).toBe(true);
    expect(issues(inspectionBody.safeParse({ devices: [1], insp: 3 }))).toEqual([
      ['insp', "'Select Action' is required!"],
    ]);
    expect([1, 2, 0, null].map(inspectionLabel)).toEqual(['Force On', 'Force Off', '--', '--']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  PARAMETER_DEFAULTS,
  PARAMETER_FIELDS,
  PARAMETER_MESSAGES as M,
  PARAMETERS,
  bulkParameterBody,
  parameterSettingBody,
  parameterField,
  parameterValues,
  rangeMessage,
  stepMessage,
  type ParameterField,
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
  it('refuses a value off its step by however little, naming the field', () => {
    const offStep: [ParameterField, number][] = [
      ['dim_1', 4.0000001],
      ['low_cut_recover', 12.00000001],
      ['high_cut', 14.6 + 1e-12],
      ['btr_true_capacity', 40.0000001],
      ['load_regulation', 30 - 1e-9],
      ['dim_1_timer', 1e-7],
      ['btr_reserved', 65534.9999999],
      ['batt_volt_fac', 1.0000001],
      ['temp_factor', 0.9995],
    ];
    for (const [field, value] of offStep)
      expect(issues(parameterField(field).safeParse(value)), `${field} ${value}`).toEqual([
        ['', stepMessage(field)],
      ]);
    expect(
      issues(
        parameterValues.safeParse({ ...PARAMETER_DEFAULTS, dim_1: 4.0000001, low_cut_recover: 12.00000001 }),
      ),
    ).toEqual([
      ['low_cut_recover', "'Low Cut Recover' must be in steps of 0.1 V"],
      ['dim_1', "'Full Brightness Hours' must be in steps of 0.5 h"],
    ]);
    expect(
      issues(bulkParameterBody.safeParse({ devices: [1], load_regulation: 40, dim_1: 5.0000001, dim_2: 6 })),
    ).toEqual([['dim_1', "'Full Brightness Hours' must be in steps of 0.5 h"]]);
  });
  it('accepts every value on its step as typed in decimal (12.3 V, 0.999×, 4.5 h), within its limits', () => {
    for (const field of PARAMETER_FIELDS) {
      const s = PARAMETERS[field];
      if (s.choices) continue;
      const schema = parameterField(field);
      // The step and limits as whole numbers of the step's smallest decimal place.
      const places = String(s.step).split('.')[1]?.length ?? 0;
      const scale = 10 ** places;
      const [unit, min, max] = [s.step, s.min, s.max].map((n) => Math.round(n * scale));
      // Every multiple of the step, or every so many of them for the long ranges, and the top limit.
      const every = Math.max(1, Math.floor((max! - min!) / unit! / 500)) * unit!;
      const values = [max!];
      for (let units = min!; units < max!; units += every) values.push(units);
      for (const units of values) {
        const typed = places
          ? `${Math.trunc(units / scale)}.${String(units % scale).padStart(places, '0')}`
          : String(units);
        expect(schema.safeParse(Number(typed)).success, `${field} ${typed}`).toBe(true);
      }
    }
    for (const [field, value] of [
      ['low_cut_recover', 12.3],
      ['high_cut', 14.6],
      ['solar_over_volt', 99.9],
      ['dim_1', 4.5],
      ['batt_volt_fac', 0.999],
      ['batt_volt_fac', 1.005],
      ['temp_factor', 0.501],
    ] as [ParameterField, number][])
      expect(parameterField(field).safeParse(value).success, `${field} ${value}`).toBe(true);
    expect(parameterField('dim_1').safeParse(4.0000001).success).toBe(false);
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

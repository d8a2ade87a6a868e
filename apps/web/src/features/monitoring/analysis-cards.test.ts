import { describe, expect, it } from 'vitest';
import type { LiveReport } from '@rms/contracts/monitoring';
import { analysisCards, batteryPower, withUnit } from './analysis-cards';

const empty: LiveReport = {
  status: null,
  stlt_id: null,
  pole_id: null,
  rms_id: null,
  panel_id: null,
  battery_id: null,
  signal_strength: null,
  telecom: null,
  device_phone: null,
  total_energy: null,
  last_update: null,
  load_power: null,
  brightness_lvl: null,
  full_brightness_hour: null,
  half_brightness_hour: null,
  load_voltage: null,
  load_current: null,
  load_on_time: null,
  load_off_time: null,
  voltage: null,
  charging_current: null,
  discharging_current: null,
  state_of_charge: null,
  pv_voltage: null,
  pv_power: null,
  pv_current: null,
  mppt_efficiency: null,
  rejects: null,
};

const cardsOf = (report: Partial<LiveReport>) =>
  new Map(
    analysisCards({ ...empty, ...report })
      .flatMap((g) => g.cards)
      .map((c) => [c.key, c.value]),
  );

describe('analysis cards', () => {
  it('groups the cards as general, Load, Battery and Solar Parameter', () => {
    expect(analysisCards(empty).map((g) => g.title)).toEqual([
      'General',
      'Load Parameter',
      'Battery Parameter',
      'Solar Parameter',
    ]);
  });

  it('shows numbers with 2 decimals and their unit, and -- where nothing is known', () => {
    const cards = cardsOf({ voltage: 12.8, load_current: 1, pv_power: 40.126, state_of_charge: 76.5 });
    expect(cards.get('voltage')).toBe('12.80 V');
    expect(cards.get('load_current')).toBe('1.00 Amp');
    expect(cards.get('pv_power')).toBe('40.13 Watt');
    expect(cards.get('state_of_charge')).toBe('76.50 %');
    expect(cards.get('pv_voltage')).toBe('--');
    expect(cards.get('rms_id')).toBe('--');
    expect(withUnit(null, 'V')).toBe('--');
  });

  it('hides the charging and discharging current cards when zero or less', () => {
    const hidden = cardsOf({ voltage: 12, charging_current: 0, discharging_current: -0.5 });
    expect(hidden.has('charging_current')).toBe(false);
    expect(hidden.has('discharging_current')).toBe(false);
    const shown = cardsOf({ voltage: 12, charging_current: 2.5, discharging_current: 0.25 });
    expect(shown.get('charging_current')).toBe('2.50 Amp');
    expect(shown.get('discharging_current')).toBe('0.25 Amp');
  });

  it('computes battery power as voltage × charging current', () => {
    expect(batteryPower({ voltage: 12.8, charging_current: 2.5 })).toBeCloseTo(32);
    expect(cardsOf({ voltage: 12.8, charging_current: 2.5 }).get('battery_power')).toBe('32.00 Watt');
    expect(cardsOf({ voltage: 12.8 }).get('battery_power')).toBe('--');
  });
});

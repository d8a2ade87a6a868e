import type { LiveReport } from '@rms/contracts/monitoring';
import { dash, EMPTY, formatDateTimeAmPm, formatLastData } from '../../lib/format';

// The /analysis cards (spec 02 §2): general, Load Parameter, Battery Parameter and Solar Parameter;
// numbers with 2 decimals and their unit, '--' where nothing is known; charging and discharging current
// hidden when zero or less; battery power = voltage × charging current.

export type Unit = 'V' | 'Amp' | 'Watt' | '%' | 'Wh' | 'h';
export interface AnalysisCard {
  key: string;
  label: string;
  value: string;
}
export interface CardGroup {
  title: string;
  cards: AnalysisCard[];
}

/** A number with 2 decimals and its unit, or '--'. */
export function withUnit(value: number | null | undefined, unit: Unit): string {
  return value === null || value === undefined || Number.isNaN(value) ? EMPTY : `${value.toFixed(2)} ${unit}`;
}

/** Battery power in watts: voltage × charging current (null when either is unknown). */
export function batteryPower(report: Pick<LiveReport, 'voltage' | 'charging_current'>): number | null {
  const { voltage, charging_current } = report;
  return voltage === null || charging_current === null ? null : voltage * charging_current;
}

/** A current card shows unless its value is known and zero or less. */
const positiveOrUnknown = (value: number | null) => value === null || value > 0;

export function analysisCards(r: LiveReport): CardGroup[] {
  const card = (key: string, label: string, value: string): AnalysisCard => ({ key, label, value });
  const battery: AnalysisCard[] = [card('voltage', 'Battery Voltage', withUnit(r.voltage, 'V'))];
  if (positiveOrUnknown(r.charging_current))
    battery.push(card('charging_current', 'Charging Current', withUnit(r.charging_current, 'Amp')));
  if (positiveOrUnknown(r.discharging_current))
    battery.push(card('discharging_current', 'Discharging Current', withUnit(r.discharging_current, 'Amp')));
  battery.push(
    card('battery_power', 'Battery Power', withUnit(batteryPower(r), 'Watt')),
    card('state_of_charge', 'State of Charge', withUnit(r.state_of_charge, '%')),
  );
  return [
    {
      title: 'General',
      cards: [
        card('rms_id', 'RMS ID', dash(r.rms_id)),
        card('stlt_id', 'STLT ID', dash(r.stlt_id)),
        card('pole_id', 'Pole ID', dash(r.pole_id)),
        card('panel_id', 'Panel ID', dash(r.panel_id)),
        card('battery_id', 'Battery ID', dash(r.battery_id)),
        card('signal_strength', 'Signal Strength', withUnit(r.signal_strength, '%')),
        card('telecom', 'Telecom', dash(r.telecom)),
        card('device_phone', 'Device Phone', dash(r.device_phone)),
        card('total_energy', 'Total Energy', withUnit(r.total_energy, 'Wh')),
        card('last_update', 'Last Data', formatLastData(r.last_update)),
      ],
    },
    {
      title: 'Load Parameter',
      cards: [
        card('load_voltage', 'Load Voltage', withUnit(r.load_voltage, 'V')),
        card('load_current', 'Load Current', withUnit(r.load_current, 'Amp')),
        card('load_power', 'Load Power', withUnit(r.load_power, 'Watt')),
        card('brightness_lvl', 'Brightness Level', withUnit(r.brightness_lvl, '%')),
        card('full_brightness_hour', 'Full Brightness Hour', withUnit(r.full_brightness_hour, 'h')),
        card('half_brightness_hour', 'Half Brightness Hour', withUnit(r.half_brightness_hour, 'h')),
        card('load_on_time', 'Load On Time', formatDateTimeAmPm(r.load_on_time)),
        card('load_off_time', 'Load Off Time', formatDateTimeAmPm(r.load_off_time)),
      ],
    },
    { title: 'Battery Parameter', cards: battery },
    {
      title: 'Solar Parameter',
      cards: [
        card('pv_voltage', 'PV Voltage', withUnit(r.pv_voltage, 'V')),
        card('pv_current', 'PV Current', withUnit(r.pv_current, 'Amp')),
        card('pv_power', 'PV Power', withUnit(r.pv_power, 'Watt')),
        card('mppt_efficiency', 'MPPT Efficiency', withUnit(r.mppt_efficiency, '%')),
      ],
    },
  ];
}

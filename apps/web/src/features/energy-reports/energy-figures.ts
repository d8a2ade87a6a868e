import type { EnergyFigures } from '@rms/contracts/energy-reports';

// How the report's figures are written on screen: Indian digit grouping (as the console's counts),
// energy to the Wh the server rounds to, hours and shares to one decimal; "—" where nothing was
// measured or planned, with the reason.

export const NONE = '—';

const formats = new Map<number, Intl.NumberFormat>();
/** A number with at most `digits` decimals, grouped as the console groups counts. */
export function formatNumber(value: number, digits: number): string {
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { maximumFractionDigits: digits });
    formats.set(digits, format);
  }
  return format.format(value);
}

export const kwh = (v: number | null) => (v === null ? NONE : formatNumber(v, 3));
export const oneDecimal = (v: number | null) => (v === null ? NONE : formatNumber(v, 1));

export const WHY_NONE = {
  noPlan: 'No night plan this month: these lights are under no schedule, so there is nothing to hold them to',
  plannedDark: 'The night plans kept the lights off this month: nothing was planned to burn',
  noLampEnergy: 'No lamp energy this month to measure the battery against',
} as const;

/** Why availability or the saving is missing: no plan at all, or plans with no lit hours. */
export const whyNoPlanFigure = (f: Pick<EnergyFigures, 'planned_hours'>) =>
  f.planned_hours === null ? WHY_NONE.noPlan : WHY_NONE.plannedDark;

import type { ManipulateType } from 'dayjs';
import type uPlot from 'uplot';
import { wallClock, wallToSeconds } from './clock';
import { timeAxisLabels } from './format';

// The time axis of the console's uPlot charts. uPlot's own ticks and labels are US-style (M/D, h:mmaa)
// and follow the browser's zone (its tzDate option slips by an hour across the browser's daylight-saving
// change); these are the deployment's: ticks on its midnights, month starts and round hours, labelled as
// the spec writes dates (lib/format).

const DAY = 86_400;
const UNITS: [seconds: number, unit: ManipulateType][] = [
  [365 * DAY, 'year'],
  [28 * DAY, 'month'],
  [DAY, 'day'],
];

/**
 * Tick positions (epoch seconds) between `min` and `max`, about `step` seconds apart: every n-th year,
 * month or day from its start on the deployment's calendar, or for shorter steps multiples of the step
 * counted from each local midnight.
 */
export function timeAxisTicks(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  const keep = (tick: number) => tick >= min && tick <= max && ticks.push(tick);
  const firstDay = wallClock(min * 1000).startOf('day');
  const calendar = UNITS.find(([seconds]) => step >= seconds);
  if (calendar) {
    const [seconds, unit] = calendar;
    const every = Math.max(1, Math.round(step / (unit === 'month' ? 30 * DAY : seconds)));
    let cursor = firstDay.startOf(unit);
    // Months and years at multiples of `every` from the calendar's own start (Jan, the year 0).
    if (unit === 'month') cursor = cursor.subtract(cursor.month() % every, 'month');
    if (unit === 'year') cursor = cursor.subtract(cursor.year() % every, 'year');
    for (; wallToSeconds(cursor) <= max; cursor = cursor.add(every, unit)) keep(wallToSeconds(cursor));
    return ticks;
  }
  for (let day = firstDay; wallToSeconds(day) <= max; day = day.add(1, 'day')) {
    const start = wallToSeconds(day);
    const end = wallToSeconds(day.add(1, 'day'));
    for (let tick = start; tick < end; tick += step) keep(tick);
  }
  return ticks;
}

/** The x axis of a time chart: the deployment's ticks and labels, with room for a DD/MM/YYYY label. */
export const TIME_AXIS: Pick<uPlot.Axis, 'splits' | 'values' | 'space'> = {
  space: 80,
  splits: (_u, _axis, min, max, step) => timeAxisTicks(min, max, step),
  values: (_u, ticks, _axis, _space, step) => timeAxisLabels(ticks, step),
};

import { useMemo } from 'react';
import uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import type { EnergyDay } from '@rms/contracts/energy-reports';
import { TIME_AXIS } from '../../lib/chart-time';
import { dayStartSeconds } from '../../lib/clock';
import { formatDate } from '../../lib/format';
import { useElementWidth } from '../../lib/use-element-width';
import { kwh, NONE } from './energy-figures';

// The month day by day on uPlot (the console's charting library, as the harvest chart and the
// monitoring graphs use): the solar harvest as columns, the lamp energy as a line over them and, on
// days with a night plan, what full brightness would have drawn as a dashed line.

const HEIGHT = 280;
const HALF_DAY_S = 12 * 3600;
const bars = uPlot.paths.bars!({ size: [0.6, 40], gap: 1 });

/** The days as uPlot's columns: each day at its local midnight; kWh; no full brightness unplanned. */
export function energyDayColumns(days: EnergyDay[]): uPlot.AlignedData {
  return [
    days.map((d) => dayStartSeconds(d.day)),
    days.map((d) => d.harvest_kwh),
    days.map((d) => d.lamp_kwh),
    days.map((d) => d.full_night_kwh),
  ];
}

const value = (_u: uPlot, v: number | null) => kwh(v);

/** The chart's uPlot options (exported for its tests: jsdom has no canvas to draw it on). */
export function energyDayChartOptions(width: number): uPlot.Options {
  return {
    width: Math.max(width, 200),
    height: HEIGHT,
    // Half a day either side, so the first and last days' columns are whole; room on the right for
    // the last day's label.
    padding: [12, 36, 0, 0],
    scales: {
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [TIME_AXIS, { label: 'kWh', size: 64 }],
    series: [
      { label: 'Day', value: (_u, v) => (v === null ? NONE : formatDate(v * 1000)) },
      {
        label: 'Solar harvest',
        fill: 'rgba(250, 173, 20, 0.55)',
        stroke: '#d48806',
        paths: bars,
        points: { show: false },
        value,
      },
      { label: 'Lamp energy', stroke: '#1677ff', width: 2, points: { size: 5 }, value },
      {
        label: 'Full brightness',
        stroke: '#8c8c8c',
        width: 1.5,
        dash: [6, 4],
        points: { show: false },
        value,
      },
    ],
    cursor: { points: { show: false } },
  };
}

export function EnergyDayChart({ days }: { days: EnergyDay[] }) {
  const [ref, width] = useElementWidth();
  const data = useMemo(() => energyDayColumns(days), [days]);
  const options = useMemo(() => energyDayChartOptions(width), [width]);
  return (
    <div
      ref={ref}
      role="figure"
      aria-label="Lamp energy and solar harvest per day"
      style={{ width: '100%', minWidth: 0, minHeight: HEIGHT }}
    >
      {width > 0 && <UplotReact options={options} data={data} />}
    </div>
  );
}

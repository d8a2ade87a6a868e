import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIME_AXIS } from '../../lib/chart-time';
import { formatDateTimeAmPm } from '../../lib/format';

// A time-series line chart on uPlot (canvas): one line per series, one y axis per unit (left the first
// unit, right the second), the time axis and the legend in the deployment's time zone. The chart follows
// its container's width and reports it, so the page can ask the server for about 2 points per pixel.

export interface LineSeries {
  field: string;
  label: string;
  unit: string;
  color: string;
}

export interface LineChartProps {
  /** Epoch seconds, ascending. */
  times: number[];
  /** One array per series, aligned with `times`. */
  values: (number | null)[][];
  series: LineSeries[];
  height?: number;
  /** The drawing width in CSS pixels, whenever it changes. */
  onWidth?: (width: number) => void;
  ariaLabel: string;
}

/** The chart's uPlot options (exported for its tests: jsdom has no canvas to draw it on). */
export function lineChartOptions(series: LineSeries[], width: number, height: number): uPlot.Options {
  const units = [...new Set(series.map((s) => s.unit))];
  return {
    width,
    height,
    // Axis and legend times in the deployment's time zone and formats, like every other time in the console.
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: true } },
    legend: { live: true },
    hooks: {
      // Off the chart, the legend goes back to the newest reading rather than '--'.
      setCursor: [
        (u) => {
          const count = u.data[0].length;
          if (u.cursor.idx === null && count > 0) u.setLegend({ idx: count - 1 }, false);
        },
      ],
    },
    series: [
      {
        label: 'Time',
        value: (_u: uPlot, v: number | null) => formatDateTimeAmPm(v === null ? v : v * 1000),
      },
      ...series.map((s) => ({
        label: `${s.label} (${s.unit})`,
        scale: s.unit,
        stroke: s.color,
        width: 1.5,
        spanGaps: false,
        value: (_u: uPlot, v: number | null) =>
          v === null || v === undefined ? '--' : `${v.toFixed(2)} ${s.unit}`,
      })),
    ],
    axes: [
      { ...TIME_AXIS, stroke: '#595959', grid: { stroke: '#f0f0f0' } },
      ...units.map((unit, index) => ({
        scale: unit,
        label: unit,
        side: index === 0 ? 3 : 1,
        stroke: '#595959',
        grid: { show: index === 0, stroke: '#f0f0f0' },
        size: 56,
        values: (_u: uPlot, ticks: number[]) => ticks.map((t) => `${+t.toFixed(2)}`),
      })),
    ],
  };
}

export function LineChart({ times, values, series, height = 360, onWidth, ariaLabel }: LineChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const reportWidth = useRef(onWidth);
  // The series as of this render; the chart below is made again only when their key changes.
  const currentSeries = useRef(series);
  useEffect(() => {
    reportWidth.current = onWidth;
    currentSeries.current = series;
  });

  // The chart is made again when its series change (another tab), and fed new data otherwise.
  const seriesKey = series.map((s) => `${s.field}:${s.unit}`).join(',');
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const width = Math.max(element.clientWidth, 200);
    const shown = currentSeries.current;
    const plot = new uPlot(lineChartOptions(shown, width, height), [[], ...shown.map(() => [])], element);
    chart.current = plot;
    reportWidth.current?.(width);
    const observer = new ResizeObserver(() => {
      const next = Math.max(element.clientWidth, 200);
      if (next !== plot.width) {
        plot.setSize({ width: next, height });
        reportWidth.current?.(next);
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [seriesKey, height]);

  useEffect(() => {
    const plot = chart.current;
    if (!plot) return;
    plot.setData([times, ...values] as uPlot.AlignedData);
    // The legend starts on the newest reading (the cursor moves it).
    if (times.length > 0) plot.setLegend({ idx: times.length - 1 });
  }, [times, values, seriesKey]);

  return <div ref={holder} role="figure" aria-label={ariaLabel} style={{ width: '100%', minWidth: 0 }} />;
}

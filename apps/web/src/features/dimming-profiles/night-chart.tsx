import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ProfilePreview } from '@rms/contracts/profiles';
import { wallClock } from '../../lib/clock';

// Tonight's brightness as a stepped line on uPlot (the console's charting library, as the monitoring
// graphs use), from half an hour before dusk to half an hour after dawn, with dusk and dawn marked.
// Times are the deployment's wall clock.

const MARGIN_S = 30 * 60;
const hhmm = (seconds: number) => wallClock(seconds * 1000).format('HH:mm');

/** The chart's data: the preview's series in seconds, dark before dusk and after dawn. */
export function nightChartData(preview: ProfilePreview): [number[], number[]] {
  const times = [
    preview.dusk / 1000 - MARGIN_S,
    ...preview.series.map((s) => s.at / 1000),
    preview.dawn / 1000 + MARGIN_S,
  ];
  const levels = [0, ...preview.series.map((s) => s.level), 0];
  return [times, levels];
}

/** The chart's uPlot options (exported for its tests: jsdom has no canvas to draw it on). */
export function nightChartOptions(
  width: number,
  height: number,
  marks: () => [number, string][],
): uPlot.Options {
  return {
    width,
    height,
    cursor: { drag: { x: false, y: false } },
    legend: { show: false },
    scales: { x: { time: false }, y: { range: [0, 105] } },
    series: [
      {},
      {
        label: 'Brightness',
        stroke: '#1677ff',
        fill: 'rgba(22, 119, 255, 0.12)',
        width: 2,
        paths: uPlot.paths.stepped!({ align: 1 }),
      },
    ],
    axes: [
      {
        stroke: '#595959',
        grid: { stroke: '#f0f0f0' },
        space: 48,
        // Round hours of the deployment's clock, as many as fit (uPlot picks the increment).
        incrs: [3600, 2 * 3600, 3 * 3600, 4 * 3600, 6 * 3600],
        splits: (_u, _axis, min, max, step) => {
          const ticks: number[] = [];
          for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(t);
          return ticks;
        },
        values: (_u, ticks) => ticks.map(hhmm),
      },
      {
        stroke: '#595959',
        grid: { stroke: '#f0f0f0' },
        size: 48,
        splits: () => [0, 25, 50, 75, 100],
        values: (_u, ticks) => ticks.map((t) => `${t}%`),
      },
    ],
    hooks: {
      // Dusk and dawn as dashed lines with their times.
      draw: [
        (u) => {
          const { ctx } = u;
          const ratio = window.devicePixelRatio || 1;
          for (const [t, label] of marks()) {
            const x = Math.round(u.valToPos(t, 'x', true));
            ctx.save();
            ctx.strokeStyle = '#d46b08';
            ctx.fillStyle = '#d46b08';
            ctx.lineWidth = ratio;
            ctx.setLineDash([4 * ratio, 4 * ratio]);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.font = `${12 * ratio}px sans-serif`;
            ctx.textAlign = label.startsWith('Dawn') ? 'right' : 'left';
            ctx.fillText(label, x + (label.startsWith('Dawn') ? -4 : 4) * ratio, u.bbox.top + 14 * ratio);
            ctx.restore();
          }
        },
      ],
    },
  };
}

export function NightChart({ preview, height = 240 }: { preview: ProfilePreview; height?: number }) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const marks = useRef<[number, string][]>([]);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const plot = new uPlot(
      nightChartOptions(Math.max(element.clientWidth, 200), height, () => marks.current),
      [[], []],
      element,
    );
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const next = Math.max(element.clientWidth, 200);
      if (next !== plot.width) plot.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [height]);

  useEffect(() => {
    marks.current = [
      [preview.dusk / 1000, `Dusk ${hhmm(preview.dusk / 1000)}`],
      [preview.dawn / 1000, `Dawn ${hhmm(preview.dawn / 1000)}`],
    ];
    chart.current?.setData(nightChartData(preview));
  }, [preview]);

  return (
    <div
      ref={holder}
      role="figure"
      aria-label={`Brightness from dusk ${hhmm(preview.dusk / 1000)} to dawn ${hhmm(preview.dawn / 1000)}`}
      style={{ width: '100%', minWidth: 0 }}
    />
  );
}

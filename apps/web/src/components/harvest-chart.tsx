import { Empty, Spin } from 'antd';
import { useMemo } from 'react';
import uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import { TIME_AXIS } from '../lib/chart-time';
import { dayStartSeconds } from '../lib/clock';
import { formatDate } from '../lib/format';
import { useElementWidth } from '../lib/use-element-width';
import type { HarvestPoint } from '../lib/month-range';

const HEIGHT = 260;
const bars = uPlot.paths.bars!({ size: [0.7, 48], gap: 1 });

/** The harvest's points as uPlot's columns: each day at its midnight in the deployment's zone, Wh. */
export function harvestColumns(points: HarvestPoint[]): uPlot.AlignedData {
  return [points.map((p) => dayStartSeconds(p.date)), points.map((p) => Math.round(p.harvest * 100) / 100)];
}

/** The chart's uPlot options (exported for its tests: jsdom has no canvas to draw it on). */
export function harvestChartOptions(width: number): uPlot.Options {
  return {
    width: Math.max(width, 200),
    height: HEIGHT,
    // Days of the deployment's zone, labelled as the spec writes dates, like every other date shown.
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [TIME_AXIS, { label: 'Wh', size: 60 }],
    series: [
      { label: 'Date', value: (_u, v) => formatDate(v === null ? v : v * 1000) },
      {
        label: 'Harvest (Wh)',
        fill: 'rgba(22, 119, 255, 0.75)',
        stroke: '#1677ff',
        paths: bars,
        points: { show: false },
        value: (_u, v) => (v === null ? '--' : v.toFixed(2)),
      },
    ],
    cursor: { points: { show: false } },
  };
}

/** Energy harvest per day as columns (Wh), the days on the x axis. */
export function HarvestChart({ points, loading }: { points: HarvestPoint[] | undefined; loading: boolean }) {
  const [ref, width] = useElementWidth();
  const data = useMemo(() => harvestColumns(points ?? []), [points]);
  const options = useMemo(() => harvestChartOptions(width), [width]);
  const empty = !loading && !(points ?? []).some((p) => p.harvest > 0);
  return (
    <div ref={ref} style={{ width: '100%', minHeight: HEIGHT + 40 }} data-testid="harvest-chart">
      <Spin spinning={loading}>
        {empty ? (
          <Empty description="No energy harvested in this range" style={{ paddingTop: 80 }} />
        ) : (
          width > 0 && <UplotReact options={options} data={data} />
        )}
      </Spin>
    </div>
  );
}

import { Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import type { HarvestPoint } from '../lib/month-range';

const HEIGHT = 260;
const bars = uPlot.paths.bars!({ size: [0.7, 48], gap: 1 });

/** The container's width, followed as it changes (the chart is drawn to fit). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Energy harvest per day as columns (Wh), dates on the x axis as DD/MM. */
export function HarvestChart({ points, loading }: { points: HarvestPoint[] | undefined; loading: boolean }) {
  const [ref, width] = useWidth();
  const data = useMemo<uPlot.AlignedData>(() => {
    const list = points ?? [];
    return [list.map((p) => dayjs(p.date).unix()), list.map((p) => Math.round(p.harvest * 100) / 100)];
  }, [points]);
  const options = useMemo<uPlot.Options>(
    () => ({
      width: Math.max(width, 200),
      height: HEIGHT,
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { values: (_u, splits) => splits.map((s) => dayjs.unix(s).format('DD/MM')) },
        { label: 'Wh', size: 60 },
      ],
      series: [
        { label: 'Date', value: (_u, v) => (v === null ? '--' : dayjs.unix(v).format('DD/MM/YYYY')) },
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
    }),
    [width],
  );
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

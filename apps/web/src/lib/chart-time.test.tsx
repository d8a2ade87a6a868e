import { render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarvestChart } from '../components/harvest-chart';
import { recordCanvasText } from '../test-utils/canvas';
import { makeUser, signIn } from '../test-utils/fixtures';
import { LineChart } from '../features/monitoring/line-chart';
import { timeAxisTicks } from './chart-time';
import { timeAxisLabels } from './format';

// The charts' time axes and legends show the deployment's dates (DD/MM/YYYY, hh:mm a in its time zone),
// not uPlot's US defaults (M/D, h:mmaa) in the browser's zone.

const US_DATE = /^\d{1,2}\/\d{1,2}(\/\d{2})?$/; // 11/23 or 11/23/26
const DAY_LABEL = /^\d{2}\/\d{2}\/\d{4}$/;
const HOUR = 3600;

describe('chart time axes', () => {
  it('labels a week of readings DD/MM/YYYY and shows the legend time as DD/MM/YYYY hh:mm a', async () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const written = recordCanvasText();
    // Hourly from 00:00 on 17 November to 23:00 on 23 November 2026, India time; the last at 17:30 UTC.
    const first = Date.parse('2026-11-16T18:30:00Z') / 1000;
    const times = Array.from({ length: 7 * 24 }, (_, i) => first + i * HOUR);
    const { container } = render(
      <LineChart
        ariaLabel="Power chart"
        times={times}
        values={[times.map((_, i) => i % 24)]}
        series={[{ field: 'load_power', label: 'Load Power', unit: 'W', color: '#1677ff' }]}
      />,
    );

    // Off the chart, the legend shows the newest reading's time.
    await waitFor(() =>
      expect(container.querySelector('.u-legend')).toHaveTextContent('23/11/2026 11:00 pm'),
    );
    await waitFor(() => expect(written.some((text) => DAY_LABEL.test(text))).toBe(true));
    const dayLabels = written.filter((text) => DAY_LABEL.test(text));
    expect(dayLabels).toContain('18/11/2026');
    expect(dayLabels.every((text) => /\/11\/2026$/.test(text))).toBe(true);
    expect(written.filter((text) => US_DATE.test(text))).toEqual([]);
  });

  it('labels the energy harvest’s days DD/MM/YYYY in the deployment’s zone', async () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const written = recordCanvasText();
    const points = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      harvest: 100 + i,
    }));
    const { container } = render(<HarvestChart points={points} loading={false} />);

    await waitFor(() => expect(written.some((text) => DAY_LABEL.test(text))).toBe(true));
    // Each tick is a day of November 2026 as the server counted it, not the browser's day before.
    const dayLabels = written.filter((text) => DAY_LABEL.test(text));
    expect(dayLabels).toContain('01/11/2026');
    expect(dayLabels.every((text) => /^\d{2}\/11\/2026$/.test(text))).toBe(true);
    expect(written.filter((text) => US_DATE.test(text))).toEqual([]);
    expect(container.querySelector('.u-legend')).not.toBeNull();
  });
});

describe('time axis ticks', () => {
  const DAY = 86_400;
  const at = (iso: string) => Date.parse(iso) / 1000;
  // A browser in Los Angeles, where daylight saving ends on 1 November 2026: uPlot's own month ticks
  // slipped an hour there and labelled 1 November "10/2026".
  const browserZone = process.env.TZ;
  beforeAll(() => void (process.env.TZ = 'America/Los_Angeles'));
  afterAll(() => void (process.env.TZ = browserZone));

  it('puts month ticks on the first of each month in the deployment’s zone', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const ticks = timeAxisTicks(at('2026-07-31T18:30:00Z'), at('2026-11-25T12:00:00Z'), 30 * DAY);
    expect(ticks).toEqual(
      ['2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31'].map((day) => at(`${day}T18:30:00Z`)),
    );
    expect(timeAxisLabels(ticks, 30 * DAY)).toEqual(['08/2026', '09/2026', '10/2026', '11/2026']);
  });

  it('puts day ticks on local midnights and hour ticks on round local hours', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const days = timeAxisTicks(at('2026-10-30T20:00:00Z'), at('2026-11-02T20:00:00Z'), DAY);
    expect(timeAxisLabels(days, DAY)).toEqual(['01/11/2026', '02/11/2026', '03/11/2026']);
    expect(days[0]).toBe(at('2026-10-31T18:30:00Z'));
    const hours = timeAxisTicks(at('2026-10-31T18:30:00Z'), at('2026-11-01T18:29:00Z'), 6 * 3600);
    expect(timeAxisLabels(hours, 6 * 3600)).toEqual([
      '12:00 am\n01/11/2026',
      '06:00 am',
      '12:00 pm',
      '06:00 pm',
    ]);
  });
});

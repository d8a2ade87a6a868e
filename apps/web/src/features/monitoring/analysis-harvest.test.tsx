import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { HARVEST_MESSAGES } from '@rms/contracts/monitoring';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { typeRange } from '../../test-utils/pickers';
import { renderRoutes } from '../../test-utils/render';
import { AnalysisPage } from './analysis-page';

const none = (): FakeAnswer => [200, []];

describe('device analysis energy harvest', () => {
  it('keeps a 13-month range as picked, says why and loads nothing for it', async () => {
    const seen = stubApi({
      'GET monitoring/harvest/': none,
      'GET monitoring/mppt_efficiency/': none,
      'GET monitoring/alarm_status/': none,
      'GET monitoring/load_status/': none,
      'GET monitoring/live_report/': () => [200, { status: 'Online' }],
    });
    signIn();
    renderRoutes([{ path: '/analysis', element: <AnalysisPage /> }], {
      pathname: '/analysis',
      state: { device: { id: 7, device_id: 'RMS-7' } },
    });
    await waitFor(() => expect(seen.some((r) => r.path === 'monitoring/harvest/')).toBe(true));
    const asked = () => seen.filter((r) => r.path === 'monitoring/harvest/').length;
    const before = asked();

    // The end 13 months after the start month (spec 02 §2: at most 12).
    const start = dayjs().subtract(14, 'month');
    const end = start.add(13, 'month');
    const [from, to] = await typeRange('Month range', start.format('MM/YYYY'), end.format('MM/YYYY'));

    expect(await screen.findByRole('alert')).toHaveTextContent(HARVEST_MESSAGES.tooLong);
    expect(from).toHaveValue(start.format('MM/YYYY'));
    expect(to).toHaveValue(end.format('MM/YYYY'));
    expect(asked()).toBe(before);
  });
});

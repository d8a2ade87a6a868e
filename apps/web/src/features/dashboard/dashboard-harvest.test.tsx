import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { HARVEST_MESSAGES } from '@rms/contracts/monitoring';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { typeRange } from '../../test-utils/pickers';
import { renderRoutes } from '../../test-utils/render';
import { DashboardPage } from './dashboard-page';

const empty = (): FakeAnswer => [200, []];

describe('dashboard energy harvest', () => {
  it('keeps a 13-month range as picked, says why and loads nothing for it', async () => {
    const seen = stubApi({
      'GET admin_settings/harvest_report/': empty,
      'GET admin_settings/alarms/': () => [200, { results: [] }],
      'GET admin_settings/dashboard_inventory/': () => [200, { stlts: 0, poles: 0, rms: 0 }],
      'GET dashboard/summary/': () => [
        200,
        { total: 0, online: 0, offline: 0, on_error: 0, never_reported: 0 },
      ],
    });
    signIn();
    renderRoutes([{ path: '/', element: <DashboardPage /> }], '/');
    await waitFor(() => expect(seen.some((r) => r.path === 'admin_settings/harvest_report/')).toBe(true));
    const asked = () => seen.filter((r) => r.path === 'admin_settings/harvest_report/').length;
    const before = asked();

    const start = dayjs().subtract(14, 'month');
    const end = start.add(13, 'month');
    const [from, to] = await typeRange('Month range', start.format('MM/YYYY'), end.format('MM/YYYY'));

    expect(await screen.findByRole('alert')).toHaveTextContent(HARVEST_MESSAGES.tooLong);
    expect(from).toHaveValue(start.format('MM/YYYY'));
    expect(to).toHaveValue(end.format('MM/YYYY'));
    expect(asked()).toBe(before);
    expect(seen.some((r) => r.query.get('start_date') === start.format('YYYY-MM-01'))).toBe(false);

    // Twelve months is allowed: the message goes and that range is loaded.
    await typeRange('Month range', start.format('MM/YYYY'), start.add(12, 'month').format('MM/YYYY'));
    await waitFor(() =>
      expect(seen.some((r) => r.query.get('start_date') === start.format('YYYY-MM-01'))).toBe(true),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RmsListRow } from '@rms/contracts/inventory';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf, rmsRow } from '../../test-utils/rows';
import { RmsListPage } from './inventory-list-page';

const row = (id: number, code: string, rejects: RmsListRow['rejects']) =>
  rmsRow({ id, device_id: code, rejects });

describe('the RMS list', () => {
  it('marks a device whose messages were refused with a warning naming the count and the last reason', async () => {
    signIn(makeUser({ permissions: [{ key: 'VIEW_RMS' }] }));
    const lastAt = new Date(Date.now() - 2 * 60_000).toISOString();
    stubApi({
      'GET devices/rms/': () => [
        200,
        pageOf([
          row(2, 'RMS-BAD', {
            count: 12,
            first_at: '2026-01-02T00:00:00Z',
            last_at: lastAt,
            last_topic: 'telemetry',
            last_reason: 'bt_v: above 40',
          }),
          row(1, 'RMS-GOOD', null),
        ]),
      ],
    });
    renderRoutes([{ path: '/', element: <RmsListPage /> }], '/');
    expect(await screen.findByText('RMS-GOOD')).toBeInTheDocument();
    const badges = screen.getAllByTestId('reject-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveAccessibleName('12 messages refused, last 2 min ago: bt_v: above 40');
    expect(badges[0]!.closest('td')).toHaveTextContent('RMS-BAD');
  });
});

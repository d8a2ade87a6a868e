import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES as M } from '@rms/contracts/inspections';
import { pageOf } from '@rms/contracts/common';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { groupChoice } from '../../test-utils/group-choices';
import { inspectionRow } from '../../test-utils/rows';
import { renderRoutes } from '../../test-utils/render';
import { AddInspectionPage } from './add-inspection-page';

// Inspection applied to a device group instead of the ticked rows (docs/device-groups.md).
const SLOW = 40_000;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('inspection: apply to a group', () => {
  it(
    'forces the chosen group’s lamps on, sending the group',
    async () => {
      const seen = stubApi({
        'GET admin_settings/state/': () => [200, []],
        'GET devices/activation/': () => [200, pageOf([])],
        'GET lighting/groups/': () => [
          200,
          pageOf([groupChoice(), groupChoice({ id: 6, name: 'Empty', devices: 0 })]),
        ],
        'POST devices/inspection/': () => [201, { ...inspectionRow({ id: 3 }), detail: M.inspected }],
      });
      signIn(makeUser({ permissions: [{ key: 'DEVICE_ACTIVATION' }, { key: 'VIEW_DEVICE_DATA' }] }));
      renderRoutes(
        [
          { path: '/add-inspection', element: <AddInspectionPage /> },
          { path: '/view-inspection', element: <p>History</p> },
        ],
        '/add-inspection',
      );
      await user().click(await screen.findByRole('button', { name: 'Apply to a group' }));
      const dialog = await screen.findByRole('dialog');
      await user().click(within(dialog).getByLabelText('Group'));
      await user().click(await screen.findByText('Festival lights (3 devices)'));
      await user().click(within(dialog).getByLabelText('Select Action'));
      await user().click(await screen.findByText('Force On'));
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('History')).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ group: 5, insp: 1 });
    },
    SLOW,
  );
});

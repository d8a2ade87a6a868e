import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARAMETER_MESSAGES as M } from '@rms/contracts/parameters';
import { pageOf } from '@rms/contracts/common';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { groupChoice } from '../../test-utils/group-choices';
import { renderRoutes } from '../../test-utils/render';
import { BulkParameterPage } from './bulk-parameter-page';

// Bulk parameter applied to a device group instead of the ticked rows (docs/device-groups.md).
const SLOW = 40_000;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(codes: string[]) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  return renderRoutes([{ path: '/add-inspection-parameter', element: <BulkParameterPage /> }], {
    pathname: '/add-inspection-parameter',
  });
}

const lookups = {
  'GET admin_settings/state/': () => [200, []] as [number, unknown],
  'GET devices/activation/': () => [200, pageOf([])] as [number, unknown],
};

describe('bulk parameter: apply to a group', () => {
  it(
    'sends the chosen group, not devices, and says when the group is empty',
    async () => {
      let answer: [number, unknown] = [400, { detail: M.groupEmpty, errors: { group: [M.groupEmpty] } }];
      const seen = stubApi({
        ...lookups,
        'GET lighting/groups/': () => [200, pageOf([groupChoice()])],
        'POST devices/bulk_parameter/': () => answer,
      });
      open(['DEVICE_ACTIVATION', 'MANAGE_GROUPS']);
      await user().click(await screen.findByRole('button', { name: 'Apply to a group' }));
      const dialog = await screen.findByRole('dialog');
      await user().click(within(dialog).getByLabelText('Group'));
      await user().click(await screen.findByText('Festival lights (3 devices)'));
      await user().type(within(dialog).getByLabelText('Load Watt'), '40');
      await user().type(within(dialog).getByLabelText('Full Brightness Hours'), '5');
      await user().type(within(dialog).getByLabelText('Half Brightness Hours'), '6');
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(M.groupEmpty)).toBeInTheDocument();

      answer = [201, { detail: M.bulkAdded, devices: 3 }];
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.bulkAdded)).toBeInTheDocument();
      const posts = seen.filter((r) => r.method === 'POST');
      expect(posts.at(-1)?.body).toEqual({ group: 5, load_regulation: 40, dim_1: 5, dim_2: 6 });
    },
    SLOW,
  );

  it('asks for a group before saving', async () => {
    const seen = stubApi({ ...lookups, 'GET lighting/groups/': () => [200, pageOf([groupChoice()])] });
    open(['DEVICE_ACTIVATION', 'MANAGE_GROUPS']);
    await user().click(await screen.findByRole('button', { name: 'Apply to a group' }));
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a group')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('offers no group choice to a user who may not read groups', async () => {
    stubApi(lookups);
    open(['DEVICE_ACTIVATION']);
    expect(await screen.findByRole('button', { name: 'Bulk Parameter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply to a group' })).not.toBeInTheDocument();
  });
});

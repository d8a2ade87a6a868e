import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeRequest } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf, stateRow } from '../../test-utils/rows';
import { StatePage } from './state-page';

const state = (id: number, name: string) => stateRow({ id, name });
// A short first page keeps jsdom quick; the server decides the page size, the screen only follows `next`.
const firstPage = [state(1, 'State 01'), state(2, 'State 02'), state(3, 'State 03')];

function stubStates(extra: Record<string, (request: FakeRequest) => [number, unknown]> = {}) {
  return stubApi({
    'GET admin_settings/state/': (request) =>
      request.query.get('page') === '2'
        ? [200, pageOf([state(4, 'State 04')], { count: 4, current: 2 })]
        : [200, pageOf(firstPage, { count: 4, next: 2 })],
    ...extra,
  });
}

function open(url = '/admin/state') {
  signIn();
  return renderRoutes([{ path: '/admin/state', element: <StatePage /> }], url);
}

const tab = (name: string) => screen.getByRole('tab', { name });
// antd's run-time styles make jsdom's getComputedStyle slow: role queries over a table and
// userEvent's pointer-events check cost seconds each, so rows are found by label and the check is off.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('State screen', () => {
  it('asks for the name before saving', async () => {
    const seen = stubStates();
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'State Name' is required!")).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('saves, says so and returns to the view tab', async () => {
    const seen = stubStates({
      'POST admin_settings/state/': () => [201, { ...state(99, 'Goa'), detail: 'State Added Successfully.' }],
    });
    const router = open();
    await userEvent.type(screen.getByLabelText('State Name'), 'Goa');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('State Added Successfully.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Goa' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=view-state'));
    expect(tab('View States')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the server field error on the field', async () => {
    stubStates({
      'POST admin_settings/state/': () => [
        400,
        {
          detail: 'A state with this name already exists',
          errors: { name: ['A state with this name already exists'] },
        },
      ],
    });
    const router = open();
    await userEvent.type(screen.getByLabelText('State Name'), 'Kerala');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A state with this name already exists')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('Edit opens the add tab with the row loaded; Cancel returns to the view tab', async () => {
    const seen = stubStates({
      'PUT admin_settings/state/': () => [
        200,
        { ...state(3, 'State 3b'), detail: 'State Updated Successfully.' },
      ],
    });
    const router = open('/admin/state?tab=view-state');
    await user().click(await screen.findByLabelText('Edit State 03'));

    expect(tab('Edit State')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('State Name')).toHaveValue('State 03');
    await user().click(screen.getByText('Cancel'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=view-state'));
    expect(tab('Add State')).toBeInTheDocument();

    await user().click(screen.getByLabelText('Edit State 03'));
    const name = screen.getByLabelText('State Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'State 3b');
    await user().click(screen.getByText('Update'));
    expect(await screen.findByText('State Updated Successfully.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: 3, name: 'State 3b' });
    await waitFor(() => expect(tab('View States')).toHaveAttribute('aria-selected', 'true'));
  });

  it('deletes after the confirmation', async () => {
    const seen = stubStates({
      'PUT admin_settings/state/': () => [200, { ...state(1, 'State 01'), is_active: false, detail: 'ok' }],
    });
    open('/admin/state?tab=view-state');
    await user().click(await screen.findByLabelText('Delete State 01'));
    expect(await screen.findByText('Are you sure to delete this?')).toBeInTheDocument();
    await user().click(screen.getByText('Yes'));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: 1, is_active: false }),
    );
    // The spec's message tells the user it is done.
    expect(await screen.findByText('State deleted successfully')).toBeInTheDocument();
  });

  it('loads more until the server has no next page', async () => {
    stubStates();
    open('/admin/state?tab=view-state');
    expect(await screen.findByText('State 03')).toBeInTheDocument();
    expect(screen.queryByText('No More Data Found')).not.toBeInTheDocument();

    await user().click(screen.getByText('Load More'));

    expect(await screen.findByText('State 04')).toBeInTheDocument();
    expect(screen.getByText('No More Data Found')).toBeInTheDocument();
    expect(screen.queryByText('Load More')).not.toBeInTheDocument();
    expect(screen.getByText('State 04').closest('tr')?.textContent).toMatch(/^4State 04/);
  });
});

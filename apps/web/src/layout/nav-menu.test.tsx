import { CONSOLE_ROUTES } from '@rms/contracts/routes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../auth/session-store';
import { goTo } from '../lib/browser';
import { stubApi } from '../test-utils/fake-api';
import { signIn } from '../test-utils/fixtures';
import { NavMenu } from './nav-menu';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

const EVERY_SCREEN = new Set<string>(CONSOLE_ROUTES.map((r) => r.path));

function renderMenu(holder: { is_superuser: boolean; permissions: string[] }, registered = EVERY_SCREEN) {
  const router = createMemoryRouter(
    [{ path: '*', element: <NavMenu holder={holder} registeredPaths={registered} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('side menu', () => {
  it('shows a VIEW_COMPANY holder only the dashboard and the organization list', () => {
    renderMenu({ is_superuser: false, permissions: ['VIEW_COMPANY'] });

    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Dashboard', 'All Organizations', 'Analytics', 'Log Out']);
  });

  it('shows a super-user every group', () => {
    renderMenu({ is_superuser: true, permissions: [] });

    for (const group of [
      'Organizations',
      'Employees',
      'Inventory',
      'Assignment',
      'Devices',
      'Lighting',
      'Monitoring',
      'Integrations',
      'Settings',
    ]) {
      expect(screen.getByText(group)).toBeInTheDocument();
    }
    expect(screen.queryByText('All Organizations')).not.toBeInTheDocument(); // folded inside its group
  });

  it('leaves out screens this build does not have', () => {
    renderMenu({ is_superuser: true, permissions: [] }, new Set(['/', '/company-view']));

    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Dashboard', 'All Organizations', 'Log Out']);
  });

  it('goes to the chosen entry', async () => {
    const router = renderMenu({ is_superuser: true, permissions: [] });

    await userEvent.click(screen.getByText('Employees'));
    await userEvent.click(await screen.findByText('All Employees'));

    expect(router.state.location.pathname).toBe('/view-user');
  });

  it('logs out from its Log Out item: tells the server, clears the session and opens sign-in', async () => {
    signIn();
    const seen = stubApi({ 'POST logout/': () => [200, { detail: 'Logged out' }] });
    const router = renderMenu({ is_superuser: false, permissions: [] });

    await userEvent.click(screen.getByRole('menuitem', { name: /Log Out/ }));

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/login/?next=%2F'));
    expect(seen.find((r) => r.path === 'logout/')?.body).toMatchObject({ refresh: 'refresh-1' });
    expect(readSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/'); // not a route of its own: the page is left whole
  });
});

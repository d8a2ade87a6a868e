import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_ROUTES } from '@rms/contracts/routes';
import { readSession } from './auth/session-store';
import { ServerErrorPage } from './layout/server-error-page';
import { goTo } from './lib/browser';
import { buildRoutes, REGISTERED_PATHS } from './routes';
import { stubApi } from './test-utils/fake-api';
import { makeUser, signIn } from './test-utils/fixtures';
import { renderRoutes } from './test-utils/render';

vi.mock('./lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

function signedInConsole(url: string) {
  const user = makeUser();
  signIn(user);
  const seen = stubApi({
    'GET users/me/': () => [200, user],
    'POST logout/': () => [200, { detail: 'Logged out' }],
  });
  const router = renderRoutes(buildRoutes(), url);
  return { router, seen };
}

/** The header's user menu once opened (the side menu has a Log Out of its own). */
const userMenu = () => screen.getByText('Manage Profile').closest('ul')!;

// The screens are lazy modules: their first import is a transform under jsdom that can take seconds on
// a busy machine. Loaded once up front, so the tests time what they are about (the routing), not that.
beforeAll(async () => {
  await Promise.all([
    import('./layout/app-shell'),
    import('./features/dashboard/dashboard-page'),
    import('./features/session/login-page'),
  ]);
}, 60_000);

describe('console routes', () => {
  it('shows the dashboard in the console frame', async () => {
    signedInConsole('/');

    expect(await screen.findByText('Welcome, Asha', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Dashboard/ })).toBeInTheDocument();
    expect(screen.getByText(/Version 1\.0\.76/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor of the dashboard to sign in', async () => {
    stubApi({});
    const router = renderRoutes(buildRoutes(), '/');

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2F');
  });

  it('shows the not-found page for unknown paths', async () => {
    signedInConsole('/no-such-screen');

    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
    expect(
      screen.getByText('The page you are looking for has been temporarily moved or did not exist.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('offers profile, password and sign-out in the user menu', async () => {
    const { router } = signedInConsole('/');

    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('Manage Profile')).toBeInTheDocument();
    expect(within(userMenu()).getByText('Log Out')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Change Password'));

    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/manage-profile?tab=change-password',
      ),
    );
  });

  it('logs out: tells the server, clears the session and opens the sign-in page', async () => {
    const { seen } = signedInConsole('/');

    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(within(userMenu()).getByText('Log Out'));

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/login/?next=%2F'));
    expect(seen.find((r) => r.path === 'logout/')?.body).toMatchObject({ refresh: 'refresh-1' });
    expect(readSession()).toBeNull();
  });

  it('logs out the same way from the side menu', async () => {
    const { seen } = signedInConsole('/');

    const sideMenu = await screen.findByRole('menu', { name: 'Main menu' }, { timeout: 5_000 });
    await userEvent.click(within(sideMenu).getByRole('menuitem', { name: /Log Out/ }));

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/login/?next=%2F'));
    expect(seen.find((r) => r.path === 'logout/')?.body).toMatchObject({ refresh: 'refresh-1' });
    expect(readSession()).toBeNull();
  });

  it('shows the 500 page when a screen crashes while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <ServerErrorPage /> }], '/');

    expect(await screen.findByText('Sorry, something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back Home' })).toBeInTheDocument();
  });
});

describe('the route table', () => {
  it('has a screen for every route, so the menu lists them all', () => {
    const missing = CONSOLE_ROUTES.map((route) => route.path).filter((path) => !REGISTERED_PATHS.has(path));
    expect(missing).toEqual([]);
  });
});

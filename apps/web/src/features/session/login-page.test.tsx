import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../auth/session-store';
import { stubApi } from '../../test-utils/fake-api';
import { makeToken, makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>Dashboard screen</p> },
  { path: '/view-user', element: <p>Employees screen</p> },
];

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign-in page', () => {
  it('shows the required messages when submitted empty', async () => {
    stubApi({});
    renderRoutes(routes, '/login/?next=/');

    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please input your Username!')).toBeInTheDocument();
    expect(await screen.findByText('Please input your Password!')).toBeInTheDocument();
  });

  it('checks the e-mail before asking the server', async () => {
    const seen = stubApi({});
    renderRoutes(routes, '/login');

    await fillAndSubmit('not-an-email', 'secret');

    expect(await screen.findByText('Please enter a valid Email')).toBeInTheDocument();
    expect(seen.filter((r) => r.path === 'users/login/')).toHaveLength(0);
  });

  it("shows the server's detail when the credentials are refused", async () => {
    const seen = stubApi({
      'POST users/login/': () => [400, { detail: 'No active account found with the given credentials' }],
    });
    renderRoutes(routes, '/login/?next=/');

    await fillAndSubmit('asha@example.com', 'wrong');

    expect(await screen.findByText('No active account found with the given credentials')).toBeInTheDocument();
    expect(seen.find((r) => r.path === 'users/login/')?.body).toEqual({
      username: 'asha@example.com',
      password: 'wrong',
    });
    expect(readSession()).toBeNull();
  });

  it('stores the session and goes to the next target', async () => {
    const user = makeUser({ permissions: [{ key: 'VIEW_USER' }] });
    stubApi({
      'POST users/login/': () => [
        200,
        { access: makeToken(600), refresh: 'r1', user, detail: 'User LoggedIn Successfully.' },
      ],
      'GET users/me/': () => [200, user],
    });
    const router = renderRoutes(routes, `/login/?next=${encodeURIComponent('/view-user?page=2')}`);

    await fillAndSubmit('asha@example.com', 'right');

    expect(await screen.findByText('Employees screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('User LoggedIn Successfully.')).toBeInTheDocument();
    expect(readSession()?.permissions).toEqual(['VIEW_USER']);
  });

  it('ignores a next target on another site', async () => {
    const user = makeUser();
    stubApi({
      'POST users/login/': () => [200, { access: makeToken(600), refresh: 'r1', user, detail: 'ok' }],
    });
    renderRoutes(routes, `/login/?next=${encodeURIComponent('//evil.example/')}`);

    await fillAndSubmit('asha@example.com', 'right');

    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });

  it('sends a signed-in visitor straight on', async () => {
    signIn();
    stubApi({});
    renderRoutes(routes, '/login/?next=%2Fview-user');

    expect(await screen.findByText('Employees screen')).toBeInTheDocument();
  });

  it('shows the default tagline when the organization has none', async () => {
    stubApi({
      'GET admin_settings/organization_details/': () => [200, { name: 'Acme', url: null, tagline: null }],
    });
    renderRoutes(routes, '/login');

    await waitFor(() => expect(screen.getByRole('img', { name: 'Acme' })).toBeInTheDocument());
    expect(screen.getByText('Remote monitoring for solar street lights')).toBeInTheDocument();
  });
});

import { anyOf } from '@rms/contracts/permissions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';
import { RequireAccess } from './require-access';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/login', element: <p>Sign-in screen</p> },
  {
    path: '/view-user',
    element: (
      <RequireAuth>
        <RequireAccess access={anyOf('VIEW_USER')}>
          <p>Employees screen</p>
        </RequireAccess>
      </RequireAuth>
    ),
  },
];

describe('route guards', () => {
  it('send a signed-out visitor to sign in, remembering where they were going', async () => {
    const router = renderRoutes(routes, '/view-user?page=2');

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/login/?next=%2Fview-user%3Fpage%3D2',
    );
  });

  it('show the no-access page without the permission', async () => {
    signIn(makeUser({ permissions: [{ key: 'VIEW_COMPANY' }] }));
    renderRoutes(routes, '/view-user');

    expect(await screen.findByText('Permission Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('let a holder of the permission in', async () => {
    signIn(makeUser({ permissions: [{ key: 'VIEW_USER' }] }));
    renderRoutes(routes, '/view-user');

    expect(await screen.findByText('Employees screen')).toBeInTheDocument();
  });
});

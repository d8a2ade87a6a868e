import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { renderRoutes } from '../../test-utils/render';
import { PasswordResetPage } from './password-reset-page';

const routes = [
  { path: '/password-reset/:token', element: <PasswordResetPage /> },
  { path: '/', element: <p>Home screen</p> },
];

describe('reset password page', () => {
  it('asks for a password and an equal repeat', async () => {
    const seen = stubApi({});
    renderRoutes(routes, '/password-reset/code-1234567890');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("'Password' is required!")).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'New-pass-1234');
    await user.type(screen.getByLabelText('Repeat Password'), 'Other-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('The two passwords that you entered do not match!')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the code from the link with the password only, then goes home', async () => {
    const seen = stubApi({
      'POST users/password_reset/confirm/': () => [200, { detail: 'Password Changed Successfully' }],
    });
    renderRoutes(routes, '/password-reset/code-1234567890');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'New-pass-1234');
    await user.type(screen.getByLabelText('Repeat Password'), 'New-pass-1234');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(await screen.findByText('Password Changed Successfully')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'code-1234567890',
      password: 'New-pass-1234',
    });
  });

  it('shows why an expired link is refused', async () => {
    const invalid = 'This password reset link is invalid or has expired. Please ask for a new one.';
    stubApi({
      'POST users/password_reset/confirm/': () => [400, { detail: invalid, errors: { code: [invalid] } }],
    });
    renderRoutes(routes, '/password-reset/old-code-123456');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'New-pass-1234');
    await user.type(screen.getByLabelText('Repeat Password'), 'New-pass-1234');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(invalid)).toBeInTheDocument();
  });
});

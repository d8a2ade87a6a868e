import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../auth/session-store';
import { goTo } from '../../lib/browser';
import { stubApi } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { ChangePasswordForm } from './change-password-form';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

async function fill(old: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Old Password'), old);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password', () => {
  it("shows the spec's messages", async () => {
    signIn();
    stubApi({});
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText("'Old Password' is required!")).toBeInTheDocument();
    expect(screen.getByText('Enter a valid New Password !')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
  });

  it('asks for a matching confirmation', async () => {
    signIn();
    const seen = stubApi({});
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    await fill('Old-pass-1234', 'New-pass-1234', 'New-pass-9999');
    expect(await screen.findByText('The two passwords that you entered do not match!')).toBeInTheDocument();
    expect(seen.filter((r) => r.path === 'users/password_change/')).toHaveLength(0);
  });

  it('shows a wrong old password on its field and keeps the session', async () => {
    signIn();
    const wrong = 'Your old password was entered incorrectly. Please enter it again.';
    stubApi({
      'POST users/password_change/': () => [400, { detail: wrong, errors: { old_password: [wrong] } }],
    });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    await fill('Wrong-pass-1', 'New-pass-1234', 'New-pass-1234');
    expect((await screen.findAllByText(wrong)).length).toBeGreaterThan(0);
    expect(readSession()).not.toBeNull();
  });

  it('ends the session and goes to sign in a second after success', async () => {
    signIn();
    const seen = stubApi({
      'POST users/password_change/': () => [200, { detail: 'Your Password is changed successfully' }],
    });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    await fill('Old-pass-1234', 'New-pass-1234', 'New-pass-1234');

    expect(await screen.findByText('Your Password is changed successfully')).toBeInTheDocument();
    expect(seen.find((r) => r.path === 'users/password_change/')?.body).toEqual({
      old_password: 'Old-pass-1234',
      new_password: 'New-pass-1234',
      confirm: 'New-pass-1234',
    });
    expect(readSession()).not.toBeNull();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/login'), { timeout: 2000 });
    expect(readSession()).toBeNull();
  });
});

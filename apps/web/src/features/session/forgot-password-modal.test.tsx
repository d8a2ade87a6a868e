import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { renderRoutes } from '../../test-utils/render';
import { LoginPage } from './login-page';

const SENT = 'Link to update your password have been sent to your mail.';

async function openModal() {
  renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password' }));
  return screen.findByRole('dialog', { name: 'Email to Reset Password' });
}

describe('forgot password', () => {
  it('asks for an e-mail, then a valid one', async () => {
    const seen = stubApi({});
    const dialog = await openModal();
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Please fill Email Field')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email'), 'asha@');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Please enter a valid Email')).toBeInTheDocument();
    expect(seen.filter((r) => r.path === 'users/password_reset/')).toHaveLength(0);
  });

  it("sends the address, shows the server's answer and closes", async () => {
    const seen = stubApi({ 'POST users/password_reset/': () => [200, { detail: SENT }] });
    const dialog = await openModal();
    const user = userEvent.setup();

    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(seen.find((r) => r.path === 'users/password_reset/')?.body).toEqual({
      username: 'asha@example.com',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email to Reset Password' })).not.toBeInTheDocument(),
    );
  });
});

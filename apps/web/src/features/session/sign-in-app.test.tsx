import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../../auth/current-user';
import { readSession } from '../../auth/session-store';
import { stubApi } from '../../test-utils/fake-api';
import { makeToken, makeUser } from '../../test-utils/fixtures';
import { SignInApp } from './sign-in-app';

// A fresh load of /login: the sign-in screen on its own, with no router and no antd around it
// (main.tsx); the console is loaded once a valid form is sent and shown once the session exists.

function open() {
  const onSubmit = vi.fn();
  const onSignedIn = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<SignInApp queryClient={queryClient} onSubmit={onSubmit} onSignedIn={onSignedIn} />);
  return { onSubmit, onSignedIn, queryClient };
}

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the standalone sign-in page', () => {
  it('checks the form itself and loads nothing more for an invalid one', async () => {
    const seen = stubApi({});
    const { onSubmit } = open();

    await fill('', '');
    expect(await screen.findByText('Please input your Username!')).toBeInTheDocument();
    expect(screen.getByText('Please input your Password!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid Email')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(seen.filter((r) => r.path === 'users/login/')).toHaveLength(0);
  });

  it('signs in: starts loading the console on submit, shows it once the session is stored', async () => {
    const user = makeUser();
    const seen = stubApi({
      'POST users/login/': () => [200, { access: makeToken(600), refresh: 'r1', user, detail: 'ok' }],
    });
    const { onSubmit, onSignedIn, queryClient } = open();

    await fill('  asha@example.com ', 'right');

    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(seen.find((r) => r.path === 'users/login/')?.body).toEqual({
      username: 'asha@example.com',
      password: 'right',
    });
    expect(readSession()?.user.id).toBe(user.id);
    // The console takes over this query client: it already knows who signed in.
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
    expect(await screen.findByText('User LoggedIn Successfully.')).toBeInTheDocument();
  });

  it("shows the server's refusal above the form and its field errors under the fields", async () => {
    stubApi({
      'POST users/login/': () => [
        400,
        {
          detail: 'No active account found with the given credentials',
          errors: { password: ['Too short.'] },
        },
      ],
    });
    const { onSignedIn } = open();

    await fill('asha@example.com', 'wrong');

    const refusal = await screen.findByText('No active account found with the given credentials');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('Too short.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
  });

  it('shows the password on request and links Our Policy', async () => {
    stubApi({});
    open();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Our Policy' })).toHaveAttribute('href', '/ourpolicy');
  });

  it('opens the reset dialog on Forgot password', async () => {
    stubApi({});
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByRole('dialog', { name: 'Email to Reset Password' })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../auth/session-store';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { ProfilePage } from './profile-page';

describe('manage profile', () => {
  it('shows the profile, then edits it with the profile messages', async () => {
    signIn(makeUser({ mobile: null }));
    const updated = makeUser({ first_name: 'Asha', last_name: 'Menon', mobile: '9123456789' });
    const seen = stubApi({
      'POST users/update_profile/': () => [200, { detail: 'Profile Updated Successfully', user: updated }],
    });
    renderRoutes([{ path: '/manage-profile', element: <ProfilePage /> }], '/manage-profile');
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Edit Profile/ }));

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Mobile'), '9123456789');
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), 'Menon');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(seen.find((r) => r.path === 'users/update_profile/')?.body).toEqual({
      id: 7,
      first_name: 'Asha',
      middle_name: '',
      last_name: 'Menon',
      email: 'asha@example.com',
      mobile: '9123456789',
      photo: null,
    });
    await waitFor(() => expect(readSession()?.user.last_name).toBe('Menon'));
    expect(await screen.findByRole('button', { name: /Edit Profile/ })).toBeInTheDocument();
  });

  it('opens on the change password tab from the user menu link', () => {
    signIn();
    stubApi({});
    renderRoutes(
      [{ path: '/manage-profile', element: <ProfilePage /> }],
      '/manage-profile?tab=change-password',
    );
    expect(screen.getByLabelText('Old Password')).toBeInTheDocument();
  });
});

import { organizationApi as O } from '@rms/contracts/api/organizations';
import { sessionApi as S } from '@rms/contracts/api/session';
import type { LoginBody, PasswordChangeBody, ProfileUpdateBody } from '@rms/contracts/session';
import { api } from '../../api/client';

// The session area's calls, declared in contracts (api/session.ts). Those made before sign-in are
// public endpoints: `api` sends them without the session, so a refusal is the form's to show and never
// ends a session.

export function login(body: LoginBody) {
  return api(S.login, { body });
}

export function requestPasswordReset(username: string) {
  return api(S.passwordReset, { body: { username } });
}

export function confirmPasswordReset(code: string, password: string) {
  return api(S.passwordResetConfirm, { body: { code, password } });
}

/** An organization owner's confirmation, from the mailed link, that another organization may manage theirs. */
export function confirmAdoption(code: string) {
  return api(O.confirmAdoption, { body: { code } });
}

// Signed-in calls of Manage Profile.

export function updateProfile(body: ProfileUpdateBody) {
  return api(S.updateProfile, { body });
}

export function changePassword(body: PasswordChangeBody) {
  return api(S.changePassword, { body });
}

import type {
  LoginBody,
  LoginResponse,
  PasswordChangeBody,
  ProfileUpdateBody,
  SessionUser,
} from '@rms/contracts/session';
import { get, post } from '../../api/client';

// Calls made before sign-in: `auth: false`, so a refusal is the form's to show and never ends a session.

export function login(body: LoginBody): Promise<LoginResponse> {
  return post<LoginResponse>('users/login/', body, { auth: false });
}

export function requestPasswordReset(username: string): Promise<{ detail: string }> {
  return post<{ detail: string }>('users/password_reset/', { username }, { auth: false });
}

/** Organization details for the sign-in page; any of them may be missing (null). */
export interface Branding {
  name: string | null;
  url: string | null;
  tagline: string | null;
}

export function fetchBranding(signal?: AbortSignal): Promise<Branding> {
  return get<Branding>('admin_settings/organization_details/', { auth: false, signal });
}

export function confirmPasswordReset(code: string, password: string): Promise<{ detail: string }> {
  return post<{ detail: string }>('users/password_reset/confirm/', { code, password }, { auth: false });
}

/** An organization owner's confirmation, from the mailed link, that another organization may manage theirs. */
export function confirmAdoption(code: string): Promise<{ detail: string }> {
  return post<{ detail: string }>('admin_settings/existing_organization/confirm/', { code }, { auth: false });
}

// Signed-in calls of Manage Profile.

export function updateProfile(body: ProfileUpdateBody): Promise<{ detail: string; user: SessionUser }> {
  return post<{ detail: string; user: SessionUser }>('users/update_profile/', body);
}

export function changePassword(body: PasswordChangeBody): Promise<{ detail: string }> {
  return post<{ detail: string }>('users/password_change/', body);
}

import { z } from 'zod';
import { MESSAGES } from './messages';

// The session area: sign-in, token refresh, logout, current user.

export const loginBody = z.object({
  username: z.string({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired).max(254),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  mobile: z.string().nullable(),
  photo: z.string().nullable(),
  organization: z.number().int(),
  organization_data: z.object({
    id: z.number().int(),
    company_name: z.string(),
    is_provider: z.boolean(),
    company_logo_url: z.string().nullable(),
    tagline: z.string().nullable(),
  }),
  is_superuser: z.boolean(),
  is_primary: z.boolean(),
  permissions: z.array(z.object({ key: z.string() })),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResponse = tokenPair.extend({ user: sessionUser, detail: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshBody = z.object({ refresh: z.string().min(1, 'refresh is required').max(512) });
export const logoutBody = z.object({
  refresh: z.string().min(1, 'refresh is required').max(512),
  access: z.string().optional(),
});

/** The permission codes a session user holds, as plain strings. */
export function permissionKeys(user: Pick<SessionUser, 'permissions'>): string[] {
  return user.permissions.map((p) => p.key);
}

// Forgot password: the mail with a single-use link, then the new password with the link's code.
export const PASSWORD_RESET_MESSAGES = {
  confirmRequired: 'Please confirm your password!',
  passwordsDiffer: 'The two passwords that you entered do not match!',
  changed: 'Password Changed Successfully',
  invalidLink: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordLength: 'Password must be at least 8 characters',
} as const;

export const passwordResetBody = z.object({
  username: z
    .string({ error: MESSAGES.resetEmailRequired })
    .trim()
    .min(1, MESSAGES.resetEmailRequired)
    .toLowerCase()
    .pipe(z.email(MESSAGES.validEmail)),
});

export const passwordResetConfirmBody = z.object({
  password: z
    .string({ error: "'password' is required!" })
    .min(8, PASSWORD_RESET_MESSAGES.passwordLength)
    .max(128),
  code: z.string().min(10).max(200),
});

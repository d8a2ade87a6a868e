import { z } from 'zod';
import { bodyId } from './fields';
import { MESSAGES } from './messages';
import { storedKey } from './uploads';

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
  /** The stored key of the photo. */
  photo: z.string().nullable(),
  /** A signed, expiring link to show the photo. */
  photo_url: z.string().nullable(),
  organization: z.number().int(),
  organization_data: z.object({
    id: z.number().int(),
    company_name: z.string(),
    is_provider: z.boolean(),
    /** A signed, expiring link to the organization's logo. */
    company_logo_url: z.string().nullable(),
    tagline: z.string().nullable(),
  }),
  is_superuser: z.boolean(),
  is_primary: z.boolean(),
  permissions: z.array(z.object({ key: z.string() })),
  /** The deployment's time zone (IANA name): the console counts days and shows times in it. */
  time_zone: z.string(),
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
  passwordRequired: "'Password' is required!",
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
    .string({ error: PASSWORD_RESET_MESSAGES.passwordRequired })
    .min(1, { message: PASSWORD_RESET_MESSAGES.passwordRequired, abort: true })
    .min(8, PASSWORD_RESET_MESSAGES.passwordLength)
    .max(128),
  code: z.string().min(10).max(200),
});

// Manage Profile (spec 01 §2 "Profile", §5, §7).
export const PROFILE_MESSAGES = {
  firstNameRequired: "'First Name' is required!",
  validEmail: 'Please enter a valid email address',
  mobile: 'Please enter a valid mobile number',
  updated: 'Profile Updated Successfully',
  emailTaken: 'A user with this e-mail already exists',
} as const;

export const profileUpdateBody = z.object({
  /** The caller's own id; any other id is answered 404. */
  id: bodyId.optional(),
  first_name: z
    .string({ error: PROFILE_MESSAGES.firstNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.firstNameRequired)
    .max(50),
  // Absent: unchanged (an update never clears what it was not sent).
  middle_name: z.string().trim().max(50).optional(),
  last_name: z.string().trim().max(50).optional(),
  email: z
    .string({ error: PROFILE_MESSAGES.validEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email(PROFILE_MESSAGES.validEmail)),
  mobile: z
    .string({ error: PROFILE_MESSAGES.mobile })
    .trim()
    .regex(/^\d{10}$/, PROFILE_MESSAGES.mobile),
  photo: storedKey.nullable().optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
export const profileUpdateResponse = z.object({ detail: z.string(), user: sessionUser });

// Change password (spec 01 §5): every session of the user ends afterwards.
export const PASSWORD_CHANGE_MESSAGES = {
  oldRequired: "'Old Password' is required!",
  newRequired: 'Enter a valid New Password !',
  newLength: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password!',
  passwordsDiffer: 'The two passwords that you entered do not match!',
  wrongOld: 'Your old password was entered incorrectly. Please enter it again.',
  changed: 'Your Password is changed successfully',
} as const;

export const passwordChangeBody = z
  .object({
    old_password: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.oldRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.oldRequired)
      .max(256),
    new_password: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.newRequired })
      .min(1, { message: PASSWORD_CHANGE_MESSAGES.newRequired, abort: true })
      .min(8, PASSWORD_CHANGE_MESSAGES.newLength)
      .max(128),
    confirm: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.confirmRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.confirmRequired),
  })
  .refine((b) => b.confirm === b.new_password, {
    path: ['confirm'],
    message: PASSWORD_CHANGE_MESSAGES.passwordsDiffer,
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

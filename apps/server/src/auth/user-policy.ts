import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { badRequest, notFound } from '../errors';
import type { AuthUser } from './access';

// Who may change whose account (e-mail, mobile, photo, permissions, organization, deletion, restore).
// Every path that writes another user goes through here: the employee form (and its restore), the
// photo link, the organization form (which carries its owner's contact), so that a lesser employee
// cannot take over an account by changing its e-mail and then resetting its password.
//  - Oneself: always (the profile screen; codes are still capped elsewhere), but not through an API key.
//  - A super-user: anyone. A super-user's account: only a super-user (answered 404 as before).
//  - An organization's owner (primary user): only itself or the provider's people.
//  - Anyone else: only by someone who holds every code the user holds.
// Refusals are 400s with the reason, not 403: the console ends the session on any 403 (spec 01 §8).

export interface AccountHolder {
  id: number;
  isSuperuser: boolean;
  isPrimary: boolean;
  /** The user's own codes (capped by its organization's list when checked). */
  permissions: string[];
}

export function assertMayChangeUser(
  auth: AuthUser,
  target: AccountHolder,
  organizationPermissions: readonly string[],
): void {
  // A key acts for its creator but is not them: "oneself" is a person's own session only.
  if ((target.id === auth.id && !auth.apiKey) || auth.is_superuser) return;
  if (target.isSuperuser) throw notFound(EMPLOYEE_MESSAGES.superuserOnly);
  if (target.isPrimary && !auth.isProvider) throw badRequest(EMPLOYEE_MESSAGES.ownerOnly);
  const held = new Set(auth.permissions);
  const beyond = target.permissions.filter((c) => organizationPermissions.includes(c) && !held.has(c));
  if (beyond.length > 0) throw badRequest(EMPLOYEE_MESSAGES.outranks(beyond));
}

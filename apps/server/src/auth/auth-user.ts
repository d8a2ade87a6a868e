import { PERMISSION_CODES } from '@rms/contracts/permissions';

/** The caller, loaded fresh on each request so revoked sessions and keys and permission changes apply at once. */
export interface AuthUser {
  /** The signed-in user; for an API key, the key's creator (rows the key writes name them as author). */
  id: number;
  /** The user's e-mail (for a key, its creator's). */
  email: string;
  /** The session of a signed-in person; null for an API key. */
  sessionId: string | null;
  organizationId: number;
  /** The provider's own organization sees every organization's rows. */
  isProvider: boolean;
  /** Never for an API key, whoever made it. */
  is_superuser: boolean;
  /**
   * Effective codes: the user's own, capped by the organization's list (every code for a super-user);
   * for a key, those of its codes its creator still holds, without MANAGE_API_KEYS.
   */
  permissions: string[];
  /** Set when an organization API key is calling (the audit log names the key). */
  apiKey: { id: number; name: string; expiresAt: Date | null } | null;
}

export function effectivePermissions(
  user: { isSuperuser: boolean; permissions: string[] },
  organization: { permissions: string[] },
): string[] {
  if (user.isSuperuser) return [...PERMISSION_CODES];
  return user.permissions.filter((code) => organization.permissions.includes(code));
}

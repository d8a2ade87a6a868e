import type { AccessHolder } from '@rms/contracts/permissions';
import type { LoginResponse, SessionUser, TokenPair } from '@rms/contracts/session';

// The session lives in localStorage (spec 01 §4): tokens, the user, a logged-in flag and a super-user
// flag. Every tab shares it, so tokens are always read fresh from storage (another tab may have rotated
// the refresh token) while React reads a cached snapshot of who is signed in.

export const SESSION_KEYS = {
  access: 'rms.access',
  refresh: 'rms.refresh',
  user: 'rms.user',
  loggedIn: 'rms.logged_in',
  superuser: 'rms.is_superuser',
} as const;

export interface SessionState {
  user: SessionUser;
  isSuperuser: boolean;
  /** The permission codes the user holds, as plain strings. */
  permissions: string[];
}

const listeners = new Set<() => void>();
let snapshot: SessionState | null | undefined;

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return typeof user === 'object' && user !== null && typeof user.id === 'number' ? user : null;
  } catch {
    return null;
  }
}

function load(): SessionState | null {
  if (localStorage.getItem(SESSION_KEYS.loggedIn) !== 'true') return null;
  if (!localStorage.getItem(SESSION_KEYS.refresh)) return null;
  const user = parseUser(localStorage.getItem(SESSION_KEYS.user));
  if (!user) return null;
  return {
    user,
    isSuperuser: localStorage.getItem(SESSION_KEYS.superuser) === 'true' || user.is_superuser,
    permissions: user.permissions.map((p) => p.key),
  };
}

function changed(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** Who is signed in; the same object until the session changes (a useSyncExternalStore snapshot). */
export function readSession(): SessionState | null {
  if (snapshot === undefined) snapshot = load();
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Writes in other tabs arrive as storage events; this tab's own writes call changed() directly.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) {
      snapshot = undefined;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readTokens(): TokenPair | null {
  const access = localStorage.getItem(SESSION_KEYS.access);
  const refresh = localStorage.getItem(SESSION_KEYS.refresh);
  return access && refresh ? { access, refresh } : null;
}

/** The id of the user stored right now, read past the snapshot (used to notice another tab's sign-in). */
export function storedUserId(): number | null {
  if (localStorage.getItem(SESSION_KEYS.loggedIn) !== 'true') return null;
  return parseUser(localStorage.getItem(SESSION_KEYS.user))?.id ?? null;
}

export function startSession(login: Pick<LoginResponse, 'access' | 'refresh' | 'user'>): void {
  localStorage.setItem(SESSION_KEYS.access, login.access);
  localStorage.setItem(SESSION_KEYS.refresh, login.refresh);
  writeUser(login.user);
  localStorage.setItem(SESSION_KEYS.loggedIn, 'true');
  changed();
}

export function storeTokens(pair: TokenPair): void {
  localStorage.setItem(SESSION_KEYS.access, pair.access);
  localStorage.setItem(SESSION_KEYS.refresh, pair.refresh);
}

/** Stores fresh user details (sessionApi.me); a no-op when nothing changed, so other tabs see no event. */
export function storeUser(user: SessionUser): void {
  if (localStorage.getItem(SESSION_KEYS.user) === JSON.stringify(user)) return;
  writeUser(user);
  changed();
}

function writeUser(user: SessionUser): void {
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  localStorage.setItem(SESSION_KEYS.superuser, String(user.is_superuser));
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  changed();
}

/** The session as `allows()` from contracts wants it. */
export function accessHolder(session: SessionState | null): AccessHolder | null {
  return session ? { is_superuser: session.isSuperuser, permissions: session.permissions } : null;
}

import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type SessionState } from './session-store';

/** Who is signed in (null when nobody is); re-renders on sign-in, sign-out and user updates in any tab. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribeSession, readSession);
}

import { useEffect, useRef } from 'react';
import { reloadPage } from '../lib/browser';
import { useCurrentUser } from './current-user';
import { storedUserId, storeUser } from './session-store';
import { useSession } from './use-session';

/**
 * Keeps the stored session current (spec 01 §4): at start-up, when signed in, the user's details and
 * permissions are loaded from the server (sessionApi.me) and stored; when another tab signs in as someone else or signs
 * out, this tab reloads rather than keep showing the previous user's screens.
 */
export function SessionSync() {
  const session = useSession();
  const userId = session?.user.id ?? null;
  const me = useCurrentUser(userId !== null);
  const seenUserId = useRef(userId);

  useEffect(() => {
    seenUserId.current = userId;
  }, [userId]);

  useEffect(() => {
    if (!me.data) return;
    const changedUser = seenUserId.current !== null && me.data.id !== seenUserId.current;
    storeUser(me.data);
    if (changedUser) reloadPage();
  }, [me.data]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      if (storedUserId() !== seenUserId.current) reloadPage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}

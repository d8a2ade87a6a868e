import type { SessionUser } from '@rms/contracts/session';
import { useQuery } from '@tanstack/react-query';
import { get } from '../api/client';

export const CURRENT_USER_KEY = ['users', 'me'] as const;

/** The signed-in user's details from the server (users/me/); only runs while signed in. */
export function useCurrentUser(signedIn: boolean) {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => get<SessionUser>('users/me/', { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

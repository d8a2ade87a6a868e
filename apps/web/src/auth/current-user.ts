import { useQuery } from '@tanstack/react-query';
import { sessionApi as S } from '@rms/contracts/api/session';
import { apiQuery } from '../api/queries';

const currentUser = apiQuery(S.me, {});
/** The signed-in user's query: sign-in and profile saves put the user they got back here. */
export const CURRENT_USER_KEY = currentUser.queryKey;

/** The signed-in user's details from the server; only runs while signed in. */
export function useCurrentUser(signedIn: boolean) {
  return useQuery({ ...currentUser, enabled: signedIn, staleTime: 5 * 60_000 });
}

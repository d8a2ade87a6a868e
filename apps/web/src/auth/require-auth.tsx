import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../lib/safe-next';
import { useSession } from './use-session';

/** Signed-out visitors of a protected route go to the sign-in page, and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return children;
}

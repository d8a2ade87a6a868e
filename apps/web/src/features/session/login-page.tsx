import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/use-session';
import { safeNext } from '../../lib/safe-next';
import { SignInScreen } from './sign-in-screen';

/**
 * /login/?next=… inside the console (after a sign-out or an expired session sends the visitor here):
 * sign in, then go to `next` (a same-origin path) or the dashboard. A fresh load of /login shows the
 * same screen without the console around it (main.tsx).
 */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();

  // Also how a successful sign-in leaves this page: storing the session re-renders it signed in.
  if (session) return <Navigate to={safeNext(params.get('next'))} replace />;

  return <SignInScreen policyLink={<Link to="/ourpolicy">Our Policy</Link>} />;
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../auth/use-session';
import { SignInScreen } from './sign-in-screen';

// /login on a fresh page load, before the console's code is there (main.tsx): the sign-in screen with
// the query client the console will take over. Once a session exists (signed in here or in another
// tab) the console is shown; it then follows `next`.

interface SignInAppProps {
  queryClient: QueryClient;
  /** A valid form was sent: start loading the console while the server checks the password. */
  onSubmit: () => void;
  onSignedIn: () => void;
}

export function SignInApp({ queryClient, onSubmit, onSignedIn }: SignInAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Standalone onSubmit={onSubmit} onSignedIn={onSignedIn} />
    </QueryClientProvider>
  );
}

function Standalone({ onSubmit, onSignedIn }: Omit<SignInAppProps, 'queryClient'>) {
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (signedIn) onSignedIn();
  }, [signedIn, onSignedIn]);
  // A plain link: the policy page is the console's, a page load away.
  return <SignInScreen policyLink={<a href="/ourpolicy">Our Policy</a>} onSubmit={onSubmit} />;
}

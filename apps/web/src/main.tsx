import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { readSession } from './auth/session-store';
import { SignInApp } from './features/session/sign-in-app';
import './global.css';

// Two ways in. A fresh load of the sign-in page by someone signed out shows the sign-in screen alone
// (React and the API client: what the browser must fetch before the form appears); the console
// (console.tsx: antd, the router, the screens) loads when a valid form is sent. Every other address
// loads the console straight away.

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);
const render = (content: ReactNode) => root.render(<StrictMode>{content}</StrictMode>);
const queryClient = createQueryClient();

const loadConsole = () => import('./console');

function showConsole(): void {
  loadConsole().then(
    ({ consoleApp }) => render(consoleApp(queryClient)),
    (error: unknown) => {
      // A deploy replaced the files, or the network dropped: a new load fetches the current ones.
      console.error(error);
      render(
        <p style={{ fontFamily: 'sans-serif', padding: 24 }}>
          The console could not be loaded. <a href={window.location.href}>Reload the page</a>
        </p>,
      );
    },
  );
}

if (/^\/login\/?$/.test(window.location.pathname) && readSession() === null) {
  render(
    <SignInApp queryClient={queryClient} onSubmit={() => void loadConsole()} onSignedIn={showConsole} />,
  );
} else {
  showConsole();
}

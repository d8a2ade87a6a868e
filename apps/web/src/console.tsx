import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app-providers';
import { buildRoutes } from './routes';

// The console: antd's providers, the router and, through its lazy routes, every screen. main.tsx
// loads this chunk at once, except on a fresh /login, where it waits for the sign-in.

/** The console for the page's address, with the query client main.tsx made (kept across sign-in). */
export function consoleApp(queryClient: QueryClient): ReactNode {
  const router = createBrowserRouter(buildRoutes());
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

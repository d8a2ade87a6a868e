import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    // No motion: jsdom never ends CSS transitions, so closing modals would never finish.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}

/**
 * Renders routes in a memory router at `url` (a path, or `{pathname, state}` for navigation state);
 * returns the router to read the location from.
 */
export function renderRoutes(routes: RouteObject[], url: string | { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

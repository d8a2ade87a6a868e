import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearSession } from './auth/session-store';

// antd under jsdom renders slowly, more so on a busy two-core CI machine: findBy* and waitFor wait
// up to 5 s (not 1 s) for what a user would see, so load does not turn a passing screen into a failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks pieces antd relies on: matchMedia (responsive breakpoints, Grid, Layout.Sider) and
// getComputedStyle with a pseudo-element (scrollbar measuring in Modal).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

afterEach(() => {
  cleanup();
  clearSession(); // also drops the in-memory snapshot of who is signed in
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A file's last test may end while React still has work queued from a last answer (a message after a
// save, a refetch): let the scheduler's queued tasks run before the file's jsdom is torn down, or they
// fail outside any test with "window is not defined".
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
});

import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
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

// antd's static message API (lib/notify's fallback where no <App> has bound one: the sign-in page, and
// every screen under TestProviders, which binds none) draws its toasts in a React root of its own that
// cleanup() does not unmount. An open toast sets its progress on every animation frame for its 3 s, so
// that root has React work queued most of the time; if the file ends then, the queued work runs after
// jsdom is torn down and fails outside any test with "window is not defined". So:
// - its toasts have no motion, as under TestProviders: jsdom never ends a CSS transition, so a closed
//   toast would stay mounted, its timer running, forever leaving;
// - after each test (and once more after the file's last) every toast still open is closed, inside act()
//   so that React has finished with that root before the next test or the teardown starts.
// The module is loaded only when a toast is first shown, so files that show none pay nothing for antd.
vi.mock(import('./lib/antd-message'), async (importOriginal) => {
  const [original, { ConfigProvider }] = await Promise.all([importOriginal(), import('antd')]);
  ConfigProvider.config({ theme: { token: { motion: false } } });
  return original;
});

async function closeStaticToasts() {
  // After cleanup() only the static API's toasts can be left on the page.
  if (!document.querySelector('.ant-message-notice')) return;
  const { message } = await import('./lib/antd-message');
  act(() => message.destroy());
}

afterEach(async () => {
  cleanup();
  await closeStaticToasts();
  clearSession(); // also drops the in-memory snapshot of who is signed in
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A toast asked for in the file's last moments (a late answer's onSuccess) reaches the page after the
// last afterEach: close it too before the teardown.
afterAll(closeStaticToasts);

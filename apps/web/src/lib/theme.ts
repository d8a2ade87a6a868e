import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

// The console's antd theme. The sign-in page draws its form without antd (to keep its download
// small) in the same colours: features/session/sign-in.css.
export const THEME: ThemeConfig = { token: { colorPrimary: '#1677ff', borderRadius: 8 } };

/** The theme without antd's animations (menus sliding open, dialogs zooming): for reduced motion. */
const STILL_THEME: ThemeConfig = { token: { ...THEME.token, motion: false } };

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)');

function subscribe(onChange: () => void): () => void {
  const query = reducedMotion();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The theme for this browser: someone who asked their system for reduced motion (vestibular
 * disorders, or a slow machine) gets no animations; the setting is followed live.
 */
export function useTheme(): ThemeConfig {
  const reduced = useSyncExternalStore(subscribe, () => reducedMotion().matches);
  return reduced ? STILL_THEME : THEME;
}

import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The browser window's inner height in px, following resizes (for boxes that must be given a number). */
export function useWindowHeight(): number {
  return useSyncExternalStore(subscribe, () => window.innerHeight);
}

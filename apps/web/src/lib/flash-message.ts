// A message that must survive a page reload (the session ended, so the page reloads onto the sign-in
// screen): stashed in sessionStorage just before the reload and shown once afterwards.
const FLASH_KEY = 'rms.flash';

export interface Flash {
  type: 'error' | 'success' | 'info' | 'warning';
  text: string;
}

export function stashFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Storage may be disabled (private mode); losing the message is acceptable.
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as Partial<Flash>;
    return typeof parsed.text === 'string' && parsed.type ? { type: parsed.type, text: parsed.text } : null;
  } catch {
    return null;
  }
}

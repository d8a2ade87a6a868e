// Counts attempts per account and per address in a sliding window; a key over its limit waits.
// Sign-in records only failures, so a person who signs in often is never locked out while guessing a
// password is capped; password-reset mail records every request. @fastify/rate-limit runs one limit per
// request and counts every request, which does neither.
// In-process: with several instances each keeps its own count (the cap per instance still holds).

interface Window {
  failures: number[];
}

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 };
export const RESET_LIMITS: ThrottleLimits = { perAccount: 3, perAddress: 10, windowMs: 15 * 60_000 };

const MAX_KEYS = 100_000;

export class AttemptThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: ThrottleLimits) {}

  /** Milliseconds until the next attempt is allowed, or 0 when allowed now. */
  retryAfter(account: string, address: string, now = Date.now()): number {
    return Math.max(
      this.wait(`a:${account}`, this.limits.perAccount, now),
      this.wait(`i:${address}`, this.limits.perAddress, now),
    );
  }

  record(account: string, address: string, now = Date.now()): void {
    if (this.windows.size > MAX_KEYS) this.prune(now);
    for (const key of [`a:${account}`, `i:${address}`]) {
      const window = this.windows.get(key) ?? { failures: [] };
      window.failures.push(now);
      this.windows.set(key, window);
    }
  }

  /** Forgets the account's attempts (not the address's): a successful sign-in. */
  clear(account: string): void {
    this.windows.delete(`a:${account}`);
  }

  private wait(key: string, limit: number, now: number): number {
    const window = this.windows.get(key);
    if (!window) return 0;
    window.failures = window.failures.filter((t) => now - t < this.limits.windowMs);
    if (window.failures.length < limit) return 0;
    const oldest = window.failures[window.failures.length - limit] ?? now;
    return oldest + this.limits.windowMs - now;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.failures.every((t) => now - t >= this.limits.windowMs)) this.windows.delete(key);
    }
  }
}

/** "3 minutes", "45 seconds": for the message the person reads. */
export function humanDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// Counts failed attempts in a sliding window, per (account, address) pair, per address and per account.
// Sign-in records only failures, so a person who signs in often is never throttled while guessing a
// password is capped; password-reset mail records every request. @fastify/rate-limit runs one limit per
// request and counts every request, which does neither.
// - Per (account, address): `perPair` failures, then that address waits out the window for that account.
// - Per address: `perAddress` failures over any accounts (one address spraying many accounts).
// - Per account, from anywhere: past `perAccount` failures each further attempt waits a delay that
//   doubles (1 s, 2 s, 4 s ... at most a minute) instead of locking the account, so guesses from many
//   addresses are slowed to a trickle while the real owner, from their own address, gets in.
//   Without `perPair` (password-reset mail) the account limit is a plain cap.
// `attempt` checks and records in one synchronous step, so parallel requests cannot all pass the check
// before any is counted; a success takes its attempt back.
// In-process: with several instances each keeps its own count (the cap per instance still holds).

interface Window {
  failures: number[];
}

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  /** Failures one address may make on one account; set: the account-wide limit slows down instead of locking. */
  perPair?: number;
}

export const LOGIN_LIMITS: ThrottleLimits = {
  perPair: 5,
  perAccount: 10,
  perAddress: 30,
  windowMs: 15 * 60_000,
};
export const RESET_LIMITS: ThrottleLimits = { perAccount: 3, perAddress: 10, windowMs: 15 * 60_000 };
const MAX_SLOWDOWN_MS = 60_000;

const MAX_KEYS = 100_000;

export class AttemptThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: ThrottleLimits) {}

  /** Milliseconds until the next attempt is allowed, or 0 when allowed now. */
  retryAfter(account: string, address: string, now = Date.now()): number {
    const { perPair, perAccount, perAddress } = this.limits;
    return Math.max(
      this.wait(`i:${address}`, perAddress, now),
      perPair === undefined ? this.wait(`a:${account}`, perAccount, now) : this.slowdown(`a:${account}`, now),
      perPair === undefined ? 0 : this.wait(pairKey(account, address), perPair, now),
    );
  }

  /** Checks and, when allowed, records an attempt in one step: 0, or the wait when refused (nothing recorded). */
  attempt(account: string, address: string, now = Date.now()): number {
    const wait = this.retryAfter(account, address, now);
    if (wait === 0) this.record(account, address, now);
    return wait;
  }

  record(account: string, address: string, now = Date.now()): void {
    if (this.windows.size > MAX_KEYS) this.prune(now);
    const keys = [`a:${account}`, `i:${address}`];
    if (this.limits.perPair !== undefined) keys.push(pairKey(account, address));
    for (const key of keys) {
      const window = this.windows.get(key) ?? { failures: [] };
      window.failures.push(now);
      this.windows.set(key, window);
    }
  }

  /** A successful attempt: the account's failures are forgotten and the address's last count taken back. */
  succeeded(account: string, address: string): void {
    this.windows.delete(`a:${account}`);
    this.windows.delete(pairKey(account, address));
    this.windows.get(`i:${address}`)?.failures.pop();
  }

  /** Forgets the account's attempts (not the address's). */
  clear(account: string): void {
    this.windows.delete(`a:${account}`);
  }

  private slowdown(key: string, now: number): number {
    const window = this.windows.get(key);
    if (!window) return 0;
    window.failures = window.failures.filter((t) => now - t < this.limits.windowMs);
    const over = window.failures.length - this.limits.perAccount;
    if (over < 0) return 0;
    const last = window.failures[window.failures.length - 1] ?? now;
    return Math.max(0, last + Math.min(1000 * 2 ** over, MAX_SLOWDOWN_MS) - now);
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

function pairKey(account: string, address: string): string {
  return `p:${account}\n${address}`;
}

/** "3 minutes", "45 seconds": for the message the person reads. */
export function humanDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

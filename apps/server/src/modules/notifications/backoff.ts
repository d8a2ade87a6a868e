// When a failed delivery is tried again: exponential (30 s, 1 min, 2 min, ... at most an hour apart),
// each wait moved at random by up to a quarter either way, so that many deliveries failing together
// (a receiver down) do not all come back at the same instant.

export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 for the first). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exact = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (0.75 + random() * 0.5));
}

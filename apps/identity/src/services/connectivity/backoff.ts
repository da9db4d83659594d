// When a failed delivery is tried again: exponential backoff with full jitter (a random wait up to
// base * 2^(attempt-1), capped), so receivers that failed together are not hit together again. The
// wait is at least a second, so a retry is never due at the instant it failed.

export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_CAP_MS = 60 * 60 * 1000;
const MIN_WAIT_MS = 1_000;

/** The wait after the `attempt`-th failed attempt (1 for the first); `random` is in [0, 1). */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.max(MIN_WAIT_MS, Math.floor(random() * ceiling));
}

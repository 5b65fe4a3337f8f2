/** How long a failed job waits before its next attempt. */
export interface BackoffOptions {
  /** Delay after the first failed attempt; it doubles with each further attempt. */
  baseMs?: number;
  /** Upper bound of the delay. */
  maxMs?: number;
  /**
   * A stable number of the job (its id). When given, the delay is shortened by up to
   * JITTER_SHARE, always by the same amount for one key and attempt, so that jobs that failed
   * together (a provider outage) do not all come back in the same second.
   */
  jitterKey?: number;
}

const DEFAULT_BASE_MS = 10_000;
export const DEFAULT_MAX_MS = 60 * 60_000;
export const JITTER_SHARE = 0.2;

/**
 * The delay before the next attempt after `attempt` failed (1 for the first attempt):
 * baseMs × 2^(attempt − 1), capped at maxMs, then jittered when a key is given.
 */
export function retryDelayMs(
  attempt: number,
  { baseMs = DEFAULT_BASE_MS, maxMs = DEFAULT_MAX_MS, jitterKey }: BackoffOptions = {},
): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  const delay = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  if (jitterKey === undefined) return delay;
  return Math.round(delay * (1 - JITTER_SHARE * unitHash(jitterKey, attempt)));
}

/** A well-spread number in [0, 1) from a key and an attempt (murmur3's 32-bit finalizer). */
function unitHash(key: number, attempt: number): number {
  let h = (key ^ Math.floor(key / 2 ** 32) ^ Math.imul(attempt, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

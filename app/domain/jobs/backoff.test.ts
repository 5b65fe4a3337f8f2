import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_MS, JITTER_SHARE, retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it("doubles from 10 s with each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
  });

  it("is capped at one hour, even after very many attempts", () => {
    expect(retryDelayMs(10)).toBe(DEFAULT_MAX_MS);
    expect(retryDelayMs(5_000)).toBe(DEFAULT_MAX_MS);
  });

  it("takes another base and cap", () => {
    expect(retryDelayMs(1, { baseMs: 500, maxMs: 1_500 })).toBe(500);
    expect(retryDelayMs(2, { baseMs: 500, maxMs: 1_500 })).toBe(1_000);
    expect(retryDelayMs(3, { baseMs: 500, maxMs: 1_500 })).toBe(1_500);
  });

  it("refuses an attempt that is not a positive integer", () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });

  it("jitters deterministically: the same key and attempt give the same delay", () => {
    expect(retryDelayMs(3, { jitterKey: 42 })).toBe(retryDelayMs(3, { jitterKey: 42 }));
  });

  it("shortens the delay by at most the jitter share, and spreads jobs that failed together", () => {
    const delays = Array.from({ length: 500 }, (_, id) => retryDelayMs(2, { jitterKey: id + 1 }));
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(20_000 * (1 - JITTER_SHARE));
      expect(delay).toBeLessThanOrEqual(20_000);
    }
    expect(new Set(delays).size).toBeGreaterThan(400);
    const mean = delays.reduce((sum, d) => sum + d, 0) / delays.length;
    expect(mean).toBeGreaterThan(20_000 * (1 - JITTER_SHARE * 0.6));
    expect(mean).toBeLessThan(20_000 * (1 - JITTER_SHARE * 0.4));
  });

  it("never goes above the cap with jitter, and handles ids beyond 32 bits", () => {
    const delay = retryDelayMs(30, { jitterKey: 2 ** 40 + 7 });
    expect(delay).toBeLessThanOrEqual(DEFAULT_MAX_MS);
    expect(delay).toBeGreaterThanOrEqual(DEFAULT_MAX_MS * (1 - JITTER_SHARE));
  });
});

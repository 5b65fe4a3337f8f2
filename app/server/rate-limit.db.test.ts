import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRateLimits } from "#db/schema";
import { describeDatabases } from "../../tests/setup/db";
import { consume, databaseLimiter, redisLimiter, type RateLimitRule } from "./rate-limit.server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same guarantees, whatever the store: exact counts under concurrency, keys apart, a fresh
 * window once the last one has elapsed. `limiters(rule)` gives two handles on one store (two
 * app instances).
 */
function storeContract(limiters: (rule: RateLimitRule) => RateLimiterAbstract[] | null) {
  const rule: RateLimitRule = { max: 10, windowSeconds: 60 };
  const key = () => `test:${crypto.randomUUID()}`;

  const handles = (r: RateLimitRule, skip: (note: string) => never) =>
    limiters(r) ?? skip("Redis injoignable");

  it("allows `max` hits in a window, then refuses with the time left", async ({ skip }) => {
    const [limiter] = handles(rule, skip);
    const k = key();
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await consume(limiter!, k, rule));
    expect(results.map((r) => r.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(results[0]!.remaining).toBe(9);
    expect(results[11]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(results[11]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts 50 concurrent hits exactly, spread over every handle (instances)", async ({ skip }) => {
    const limiters = handles(rule, skip);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => consume(limiters[i % limiters.length]!, k, rule)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("keeps keys apart", async ({ skip }) => {
    const [limiter] = handles(rule, skip);
    const a = key();
    for (let i = 0; i < 11; i++) await consume(limiter!, a, rule);
    expect((await consume(limiter!, key(), rule)).allowed).toBe(true);
  });

  it("starts a new window once the previous one has elapsed", async ({ skip }) => {
    const short = { max: 1, windowSeconds: 1 };
    const [limiter] = handles(short, skip);
    const k = key();
    expect((await consume(limiter!, k, short)).allowed).toBe(true);
    const refused = await consume(limiter!, k, short);
    expect(refused).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 1 });
    await wait(1_100);
    expect(await consume(limiter!, k, short)).toMatchObject({ allowed: true, count: 1 });
  });
}

describeDatabases("rate limits in the database", ({ db }) => {
  storeContract((rule) => [databaseLimiter(db(), rule), databaseLimiter(db(), rule)]);
});

describeDatabases("rate limits when Redis is down", ({ db }) => {
  it("count in the database instead", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      connectTimeout: 500,
      commandTimeout: 500,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const rule = { max: 1, windowSeconds: 60 };
    const key = `test:${crypto.randomUUID()}`;
    try {
      const limiter = redisLimiter(down, rule, databaseLimiter(db(), rule), "lavage:test");
      expect(await consume(limiter, key, rule)).toMatchObject({ allowed: true, count: 1 });
      expect(await consume(limiter, key, rule)).toMatchObject({ allowed: false, count: 2 });
      const [row] = await db()
        .select()
        .from(appRateLimits)
        .where(eq(appRateLimits.key, `lavage:rate-limit:${key}`));
      expect(row?.points).toBe(2);
    } finally {
      down.disconnect();
    }
  });
});

describe("rate limits in Redis", () => {
  let clients: Redis[] = [];
  let reachable = false;
  // A prefix of its own: this run's keys never meet another run's, and are removed at the end.
  const prefix = `lavage:test:${crypto.randomUUID()}`;

  beforeAll(async () => {
    clients = [0, 1].map((): Redis => {
      const c = new Redis(REDIS_URL, {
        lazyConnect: true,
        connectTimeout: 1_000,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      c.on("error", () => {}); // reported once below
      return c;
    });
    try {
      await Promise.all(clients.map((c) => c.connect()));
      reachable = (await clients[0]!.ping()) === "PONG";
    } catch (error) {
      console.warn(
        `Redis injoignable à ${REDIS_URL} (${(error as Error).message}) : tests du stockage Redis ignorés.`,
      );
    }
  });

  afterAll(async () => {
    if (reachable) {
      const keys = await clients[0]!.keys(`${prefix}*`);
      if (keys.length > 0) await clients[0]!.del(...keys);
    }
    for (const c of clients) c.disconnect();
  });

  storeContract((rule) => (reachable ? clients.map((c) => redisLimiter(c, rule, undefined, prefix)) : null));

  it("keeps each counter under its key, expiring with its window", async ({ skip }) => {
    if (!reachable) skip("Redis injoignable");
    const rule = { max: 5, windowSeconds: 60 };
    await consume(redisLimiter(clients[0]!, rule, undefined, prefix), "sign-in:ip:1.2.3.4", rule);
    const ttl = await clients[1]!.pttl(`${prefix}:sign-in:ip:1.2.3.4`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDatabases } from "../../tests/setup/db";
import {
  databaseRateLimitStore,
  decide,
  hitWithFallback,
  redisRateLimitStore,
  type RateLimitRule,
  type RateLimitStore,
} from "./rate-limit.server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** The same guarantees, whatever the store: exact counts under concurrency, a fresh window. */
function storeContract(available: () => RateLimitStore[] | null) {
  const rule: RateLimitRule = { max: 10, windowSeconds: 60 };
  const key = () => `test:${crypto.randomUUID()}`;

  const store = (skip: (note: string) => never) => available() ?? skip("Redis injoignable");

  it("allows `max` hits in a window, then refuses with the time left", async ({ skip }) => {
    const [s] = store(skip);
    const k = key();
    const now = Date.now();
    const results = [];
    for (let i = 0; i < 12; i++) results.push(decide(await s!.hit(k, rule, now), rule, now));
    expect(results.map((r) => r.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(results[0]!.remaining).toBe(9);
    expect(results[11]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(results[11]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts 50 concurrent hits exactly, spread over every handle (instances)", async ({ skip }) => {
    const stores = store(skip);
    const k = key();
    const now = Date.now();
    const hits = await Promise.all(
      Array.from({ length: 50 }, (_, i) => stores[i % stores.length]!.hit(k, rule, now)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(hits.filter((h) => decide(h, rule, now).allowed)).toHaveLength(10);
  });

  it("keeps keys apart", async ({ skip }) => {
    const [s] = store(skip);
    const now = Date.now();
    const a = key();
    for (let i = 0; i < 11; i++) await s!.hit(a, rule, now);
    expect(decide(await s!.hit(key(), rule, now), rule, now).allowed).toBe(true);
  });
}

describeDatabases("rate limits in the database", ({ db }) => {
  storeContract(() => [databaseRateLimitStore(db())]);

  it("starts a new window once the previous one has elapsed", async () => {
    const store = databaseRateLimitStore(db());
    const rule = { max: 2, windowSeconds: 60 };
    const k = `test:${crypto.randomUUID()}`;
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await store.hit(k, rule, t0);
    expect(decide(await store.hit(k, rule, t0 + 30_000), rule, t0 + 30_000).allowed).toBe(false);
    const later = t0 + 61_000;
    expect(decide(await store.hit(k, rule, later), rule, later)).toMatchObject({
      allowed: true,
      remaining: 1,
    });
  });
});

describeDatabases("rate limits when Redis is down", ({ db }) => {
  it("count in the database, and skip Redis for a while after a failure", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      connectTimeout: 500,
      commandTimeout: 500,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const state = { pausedUntil: 0 };
    const rule = { max: 1, windowSeconds: 60 };
    const key = `test:${crypto.randomUUID()}`;
    try {
      const redis = redisRateLimitStore(down, "lavage:test:");
      const first = await hitWithFallback(redis, databaseRateLimitStore(db()), key, rule, Date.now(), state);
      expect(first).toMatchObject({ allowed: true, store: "database" });
      expect(state.pausedUntil).toBeGreaterThan(Date.now());
      const second = await hitWithFallback(redis, databaseRateLimitStore(db()), key, rule, Date.now(), state);
      expect(second).toMatchObject({ allowed: false, store: "database" });
    } finally {
      down.disconnect();
    }
  });
});

describe("rate limits in Redis", () => {
  let clients: Redis[] = [];
  let reachable = false;
  // A prefix of its own: this run's keys never meet another run's, and are removed at the end.
  const prefix = `lavage:test:${crypto.randomUUID()}:`;

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

  storeContract(() => (reachable ? clients.map((c) => redisRateLimitStore(c, prefix)) : null));

  it("expires a window with Redis's own clock", async ({ skip }) => {
    if (!reachable) skip("Redis injoignable");
    const store = redisRateLimitStore(clients[0]!, prefix);
    const rule = { max: 1, windowSeconds: 1 };
    const k = `expiry:${crypto.randomUUID()}`;
    expect((await store.hit(k, rule, Date.now())).count).toBe(1);
    expect((await store.hit(k, rule, Date.now())).count).toBe(2);
    const ttl = await clients[0]!.pttl(`${prefix}${k}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, ttl + 50));
    expect((await store.hit(k, rule, Date.now())).count).toBe(1);
  });
});

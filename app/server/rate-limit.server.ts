import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { rateLimits } from "#db/schema";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  remaining: number;
  retryAfterSeconds: number;
}

/** One hit on a counter: its count in the current window and when that window ends (ms). */
export interface RateLimitHit {
  count: number;
  resetAt: number;
}

/** Where the counters live. Every app instance must use the same one (database or Redis). */
export interface RateLimitStore {
  readonly kind: "database" | "redis";
  hit(key: string, rule: RateLimitRule, now: number): Promise<RateLimitHit>;
  /** The counter's current window without counting a hit (count 0 when none is running). */
  peek(key: string, rule: RateLimitRule, now: number): Promise<RateLimitHit>;
}

/**
 * A fixed-window counter in the database, so every app instance shares it. One atomic upsert:
 * the window restarts when it has elapsed, otherwise the count grows.
 */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    kind: "database",
    async hit(key, rule, now) {
      const windowStart = now - rule.windowSeconds * 1000;
      const fullKey = `app:${key}`;
      const result = await db
        .insert(rateLimits)
        .values({ id: crypto.randomUUID(), key: fullKey, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
      const row = result[0]!;
      return { count: row.count, resetAt: row.windowStartedAt + rule.windowSeconds * 1000 };
    },
    async peek(key, rule, now) {
      const [row] = await db
        .select({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest })
        .from(rateLimits)
        .where(eq(rateLimits.key, `app:${key}`));
      const resetAt = row ? row.windowStartedAt + rule.windowSeconds * 1000 : now;
      return row && resetAt > now ? { count: row.count, resetAt } : { count: 0, resetAt: now };
    },
  };
}

/**
 * INCR and, for the window's first hit, PEXPIRE, in one Lua script: atomic on the Redis server,
 * so concurrent hits from any number of instances count exactly. A key left without expiry (a
 * crash between the two calls cannot happen inside a script, but a manual SET could) gets one.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** A fixed-window counter in Redis (REDIS_URL): keys `${prefix}${key}` expire with their window. */
export function redisRateLimitStore(redis: Redis, prefix = "lavage:rate-limit:"): RateLimitStore {
  return {
    kind: "redis",
    async hit(key, rule, now) {
      const windowMs = rule.windowSeconds * 1000;
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetAt: now + ttl };
    },
    async peek(key, _rule, now) {
      const [value, ttl] = await Promise.all([redis.get(`${prefix}${key}`), redis.pttl(`${prefix}${key}`)]);
      const count = value === null ? 0 : Number(value);
      return count > 0 && ttl > 0 ? { count, resetAt: now + ttl } : { count: 0, resetAt: now };
    },
  };
}

/** The result of a hit against `rule`. */
export function decide(hit: RateLimitHit, rule: RateLimitRule, now: number): RateLimitResult {
  const allowed = hit.count <= rule.max;
  return {
    allowed,
    count: hit.count,
    remaining: Math.max(0, rule.max - hit.count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((hit.resetAt - now) / 1000)),
  };
}

// The process's Redis connection, kept on globalThis so that dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __appRateLimitRedis?: Redis };

function sharedRedis(url: string): Redis {
  holder.__appRateLimitRedis ??= new Redis(url, {
    // A hit waits at most two seconds for Redis, then the database counts instead.
    connectTimeout: 3_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  const redis = holder.__appRateLimitRedis;
  if (redis.listenerCount("error") === 0) {
    let warned = 0;
    redis.on("error", (error: Error) => {
      // ioredis reconnects by itself; one line every minute at most while it is down.
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      log.warn("Redis injoignable pour les limites de fréquence.", { err: error });
    });
  }
  return redis;
}

/**
 * At start: connects to REDIS_URL (if set) before the first request needs it. Redis being down
 * does not stop the app (the database counts meanwhile): a warning says so.
 */
export async function connectRateLimitStore(): Promise<void> {
  const url = env().REDIS_URL;
  if (!url) return;
  const redis = sharedRedis(url);
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 5 s")), 5_000).unref()),
    ]);
  } catch (error) {
    log.warn("Redis injoignable au démarrage : les limites de fréquence comptent en base de données.", {
      err: error,
    });
  }
}

/** Closes the Redis connection of the rate limits, if one was opened (shutdown). */
export async function closeRateLimitStore(): Promise<void> {
  const redis = holder.__appRateLimitRedis;
  holder.__appRateLimitRedis = undefined;
  if (redis) await redis.quit().catch(() => redis.disconnect());
}

/** After a Redis failure, the database counts alone for this long (no second-long waits meanwhile). */
const REDIS_PAUSE_MS = 10_000;

/**
 * One hit on `primary` (Redis), or on `fallback` (the database) when there is no primary, when it
 * fails, or for REDIS_PAUSE_MS after it failed. `state` remembers the failure (per process).
 */
export async function hitWithFallback(
  primary: RateLimitStore | undefined,
  fallback: RateLimitStore,
  key: string,
  rule: RateLimitRule,
  now: number,
  state: { pausedUntil: number } = fallbackState,
): Promise<RateLimitResult & { store: RateLimitStore["kind"] }> {
  if (primary && Date.now() >= state.pausedUntil) {
    try {
      return { ...decide(await primary.hit(key, rule, now), rule, now), store: primary.kind };
    } catch (error) {
      state.pausedUntil = Date.now() + REDIS_PAUSE_MS;
      log.warn("Limite de fréquence : Redis n'a pas répondu, la base de données compte à sa place (10 s).", {
        err: error,
      });
    }
  }
  return { ...decide(await fallback.hit(key, rule, now), rule, now), store: fallback.kind };
}

const fallbackState = { pausedUntil: 0 };

/**
 * Counts one request for `key` (e.g. `sign-in:ip:1.2.3.4`) against `rule`. The counters are in
 * Redis when REDIS_URL is set, else in the database: either way shared by every app instance.
 * Should Redis fail, the database counts, so the limits hold and the site keeps answering.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): Promise<RateLimitResult> {
  const url = env().REDIS_URL;
  const primary = url ? redisRateLimitStore(sharedRedis(url)) : undefined;
  const { store: _store, ...result } = await hitWithFallback(
    primary,
    databaseRateLimitStore(db),
    key,
    rule,
    now,
  );
  return result;
}

/**
 * The account limits (ADR 042), one policy for the app's forms and better-auth's /api/auth/*
 * (applied by the before-hook of app/server/services/auth/auth-guard.server.ts).
 */
/**
 * The counter `key` against `rule` without counting (e.g. the failed sign-ins of an account,
 * counted by hitRateLimit when one fails): `allowed` while the count is below `rule.max`.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): Promise<RateLimitResult> {
  const url = env().REDIS_URL;
  const primary = url ? redisRateLimitStore(sharedRedis(url)) : undefined;
  let hit: RateLimitHit | undefined;
  if (primary && Date.now() >= fallbackState.pausedUntil) {
    try {
      hit = await primary.peek(key, rule, now);
    } catch {
      fallbackState.pausedUntil = Date.now() + REDIS_PAUSE_MS;
    }
  }
  hit ??= await databaseRateLimitStore(db).peek(key, rule, now);
  // One more would pass the maximum: refused as a hit past it would be.
  return decide({ ...hit, count: hit.count + 1 }, rule, now);
}

export const RATE_LIMITS = {
  signIn: { max: 10, windowSeconds: 60 },
  /** Failed sign-ins per account (e-mail): past it, sign-ins to it wait out the window, except from known devices. */
  signInAccount: { max: 10, windowSeconds: 15 * 60 },
  signUp: { max: 5, windowSeconds: 60 },
  /** Per e-mail: at most this many "confirm" or "someone tried to sign up" e-mails an hour. */
  signUpAccount: { max: 3, windowSeconds: 60 * 60 },
  /** Reset and confirmation e-mails asked, per address and per e-mail. */
  mailRequest: { max: 5, windowSeconds: 15 * 60 },
  /** New-password attempts per address (a token is 24 random characters: this only slows noise). */
  newPassword: { max: 10, windowSeconds: 60 },
  /** Current-password checks (change password, delete account) per account and per address. */
  passwordCheck: { max: 5, windowSeconds: 15 * 60 },
  passwordCheckAddress: { max: 10, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

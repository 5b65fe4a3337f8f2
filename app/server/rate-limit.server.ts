import { lt } from "drizzle-orm";
import type { Redis } from "ioredis";
import {
  RateLimiterDrizzle,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { appRateLimits } from "#db/schema";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { log } from "./log.server";
import { remember } from "./remember.server";

/**
 * Rate limits on rate-limiter-flexible (ADR 061, after ADR 030): a fixed window per key, counted
 * in Redis when REDIS_URL is set, else in the database (`app_rate_limits`), so every app instance
 * shares the counters. Should Redis fail or not be connected, the database counts instead (the
 * library's insurance limiter): the limits hold and the site keeps answering.
 */
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

/** The prefix of every counter: Redis keys are `lavage:rate-limit:${key}`, as before ADR 061. */
const KEY_PREFIX = "lavage:rate-limit";

/**
 * The counters of `rule` in the database `db`. The library's own clean-up timer (one per limiter)
 * is off: it could not be stopped before the database closes (ADR 064); `sweepExpiredCounters`
 * does its work once per database instead.
 */
export function databaseLimiter(db: Db, rule: RateLimitRule): RateLimiterAbstract {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: appRateLimits,
    keyPrefix: KEY_PREFIX,
    points: rule.max,
    duration: rule.windowSeconds,
    clearExpiredByTimeout: false,
  });
}

/** As the library did: every five minutes, the counters expired for an hour are deleted. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_AFTER_MS = 60 * 60_000;

/** The sweep of one database's expired counters: its timer and the DELETE in flight. */
interface Sweep {
  timer: NodeJS.Timeout;
  running: Promise<void> | undefined;
}
let sweeps = new Map<Db, Sweep>();

/** Starts the periodic sweep of `db`'s expired counters, once per database. */
function sweepExpiredCounters(db: Db): void {
  if (sweeps.has(db)) return;
  const sweep: Sweep = {
    timer: setInterval(() => {
      sweep.running ??= db
        .delete(appRateLimits)
        .where(lt(appRateLimits.expire, new Date(Date.now() - SWEEP_AFTER_MS)))
        .then(
          () => {},
          (error: unknown) =>
            log.warn("Limites de fréquence : nettoyage des compteurs expirés impossible.", { err: error }),
        )
        .finally(() => {
          sweep.running = undefined;
        });
    }, SWEEP_INTERVAL_MS),
    running: undefined,
  };
  sweep.timer.unref();
  sweeps.set(db, sweep);
}

/**
 * The counters of `rule` in Redis, with `insurance` (the database) counting whenever Redis is not
 * connected (no wait) or a command fails (at most the two-second command timeout).
 */
export function redisLimiter(
  redis: Redis,
  rule: RateLimitRule,
  insurance: RateLimiterAbstract | undefined,
  keyPrefix = KEY_PREFIX,
): RateLimiterAbstract {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: rule.max,
    duration: rule.windowSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
}

/** The result of one hit, from the library's answer (consumed or refused). */
function resultOf(res: RateLimiterRes, rule: RateLimitRule, count = res.consumedPoints): RateLimitResult {
  const allowed = count <= rule.max;
  return {
    allowed,
    count,
    remaining: Math.max(0, rule.max - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** One hit on `limiter` for `key`: refused past the rule's maximum, with the time left. */
export async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  try {
    return resultOf(await limiter.consume(key), rule);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return resultOf(refusal, rule);
    throw refusal;
  }
}

// The process's Redis connection, kept by remember() so that dev-server reloads reuse it.
const holder = remember("rateLimit.redis", (): { __appRateLimitRedis?: Redis } => ({}));

/** ioredis (~22 MB of memory) is imported only when REDIS_URL is set (ADR 054). */
async function sharedRedis(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
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
      log.warn("Redis injoignable : les limites de fréquence comptent en base de données.", { err: error });
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
  const redis = await sharedRedis(url);
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

/**
 * At a stop, once the requests are answered and before the database closes (ADR 064): stops the
 * sweeps of expired counters (waiting for a DELETE in flight) and closes the Redis connection, if
 * one was opened.
 */
export async function closeRateLimitStore(): Promise<void> {
  const stopped = [...sweeps.values()];
  sweeps = new Map();
  limiters = new WeakMap();
  for (const sweep of stopped) clearInterval(sweep.timer);
  await Promise.all(stopped.map((sweep) => sweep.running));
  const redis = holder.__appRateLimitRedis;
  holder.__appRateLimitRedis = undefined;
  if (redis) await redis.quit().catch(() => redis.disconnect());
}

/** One limiter per database and rule, made on first use. */
let limiters = new WeakMap<Db, Map<string, RateLimiterAbstract>>();

async function limiterFor(db: Db, rule: RateLimitRule): Promise<RateLimiterAbstract> {
  const url = env().REDIS_URL;
  const id = `${rule.max}/${rule.windowSeconds}/${url ?? ""}`;
  const redis = url ? await sharedRedis(url) : undefined;
  let byRule = limiters.get(db);
  if (!byRule) limiters.set(db, (byRule = new Map()));
  let limiter = byRule.get(id);
  if (!limiter) {
    const database = databaseLimiter(db, rule);
    sweepExpiredCounters(db);
    limiter = redis ? redisLimiter(redis, rule, database) : database;
    byRule.set(id, limiter);
  }
  return limiter;
}

/**
 * Counts one request for `key` (e.g. `sign-in:ip:1.2.3.4`) against `rule`. The counters are in
 * Redis when REDIS_URL is set, else in the database: either way shared by every app instance.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  return consume(await limiterFor(db, rule), key, rule);
}

/**
 * The counter `key` against `rule` without counting (e.g. the failed sign-ins of an account,
 * counted by hitRateLimit when one fails): `allowed` while the count is below `rule.max`.
 */
export async function peekRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const res = await (await limiterFor(db, rule)).get(key);
  // One more would pass the maximum: refused as a hit past it would be.
  return resultOf(res ?? new RateLimiterRes(rule.max, 0, 0), rule, (res?.consumedPoints ?? 0) + 1);
}

/** Forgets the counter `key` of `rule` (e.g. an account's failed sign-ins once its owner reset the password). */
export async function clearRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  await (await limiterFor(db, rule)).delete(key);
}

/**
 * The account limits (ADR 042), one policy for the app's forms and better-auth's /api/auth/*
 * (applied by the before-hook of app/server/services/auth/auth-guard.server.ts).
 */
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

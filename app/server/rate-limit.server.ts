import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import type { Db } from "./db.server";

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in the database, so every app instance shares it. One atomic upsert:
 * the window restarts when it has elapsed, otherwise the count grows.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): Promise<RateLimitResult> {
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
  const allowed = row.count <= rule.max;
  return {
    allowed,
    remaining: Math.max(0, rule.max - row.count),
    retryAfterSeconds: allowed
      ? 0
      : Math.max(1, Math.ceil((row.windowStartedAt + rule.windowSeconds * 1000 - now) / 1000)),
  };
}

export const RATE_LIMITS = {
  signIn: { max: 10, windowSeconds: 60 },
  signUp: { max: 5, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

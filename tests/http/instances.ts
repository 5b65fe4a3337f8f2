import crypto from "node:crypto";
import { Redis } from "ioredis";
import { startServer, type RunningServer } from "./server";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** True when a Redis server answers PING at `url` within a second. */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface Instances {
  servers: RunningServer[];
  /** The server of the i-th request when requests alternate between instances. */
  pick: (i: number) => RunningServer;
  stop: () => Promise<void>;
}

/**
 * Starts `count` production servers. With `databaseUrl` they share one PostgreSQL (the
 * scale-out setup); without it each has its own PGlite DATA_DIR. The first one migrates and
 * seeds before the others start.
 */
export async function startInstances(
  count: number,
  env: Record<string, string>,
  { databaseUrl, drop }: { databaseUrl?: string; drop?: () => Promise<void> } = {},
): Promise<Instances> {
  const servers: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  };
  try {
    for (let i = 0; i < count; i++) {
      servers.push(await startServer({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, pick: (i) => servers[i % servers.length]!, stop };
}

/** An address of the TEST-NET-2 range no other test uses: its own rate-limit counters. */
export function randomIp(): string {
  const [a, b] = crypto.randomBytes(2);
  return `198.18.${a}.${b! % 254 || 1}`;
}

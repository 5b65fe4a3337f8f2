import net from "node:net";
import { type sql } from "drizzle-orm";
import { openPglite, openPostgres, type Database } from "~/server/db.server";

/** Opens the database a stopped server used: its PGlite DATA_DIR, or its PostgreSQL. */
export function openServerDatabase(target: { dataDir?: string; databaseUrl?: string }): Promise<Database> {
  if (target.databaseUrl) return openPostgres(target.databaseUrl, 2);
  return openPglite({ dataDir: target.dataDir! });
}

export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Closes every connection and stops listening: the target looks unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy to `target` (e.g. PostgreSQL) that a test can cut and restore. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

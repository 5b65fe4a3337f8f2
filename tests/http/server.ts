import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.mjs";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * The kernel hands out ports for `listen(0)` and outgoing connections from its ephemeral range
 * (32768–60999 on Linux). A port picked there and released is up for grabs: a stand-in started by
 * another test file in the meantime can take it, and the server under test would then fail to bind
 * while its /readyz was answered by the stand-in. So the server's port is drawn below that range,
 * where only other servers started by this helper look, and tried before it is handed out.
 */
function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const value = Number.parseInt(low!, 10);
    if (Number.isInteger(value) && value > 12_000) return value;
  } catch {
    // not Linux: the usual IANA range starts at 49152
  }
  return 32_768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralLow() - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "lavage-http-"));
}

/**
 * A new data folder holding a copy of the migrated and seeded PGlite database of the HTTP tests'
 * set-up (tests/setup/http-global.ts): the server then starts without migrating an empty one.
 */
function seededDataDir(): string {
  const dir = tempDataDir();
  fs.cpSync(inject("httpDataTemplate"), dir, {
    recursive: true,
    filter: (source) => path.basename(source) !== "db.lock",
  });
  return dir;
}

/**
 * Starts the production server (`node server.js`, the build must exist) and waits for /readyz.
 * Without a DATA_DIR it gets a copy of the seeded template, or an empty folder with `fresh`.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { waitReady?: boolean; fresh?: boolean } = {},
  attempt = 1,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (options.fresh ? tempDataDir() : seededDataDir());
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  if (options.waitReady === false) return { url, dataDir, process: child, output: () => output, stop };

  // Ready when this child said it listens on its port (unless its log level hides that line) and
  // its /readyz says so: a port some other process took in the meantime never passes for it.
  const listening = `Serveur prêt sur http://localhost:${port} `;
  const announces = !["warn", "error"].includes(env.LOG_LEVEL ?? "");
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (output.includes("EADDRINUSE") && attempt < 3) return startServer(env, options, attempt + 1);
      throw new Error(`server exited (${child.exitCode}):\n${output}`);
    }
    try {
      if (!announces || output.includes(listening)) {
        const res = await fetch(`${url}/readyz`);
        const body = res.ok ? ((await res.json().catch(() => null)) as { status?: string } | null) : null;
        if (body?.status === "ready") return { url, dataDir, process: child, output: () => output, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop("SIGKILL");
  throw new Error(`server did not start:\n${output}`);
}

/** Signs in through the auth API and returns the session cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed ${res.status}: ${await res.text()}`);
  return cookieHeader(res);
}

export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

// What `npm run lighthouse` and `npm run script-bytes` share (ADR 054): the production build, served
// on a fresh embedded database, and the measure of the scripts a page fetched, compressed here
// (gzip level 6, as the compression middleware; Brotli quality 11, as a precompressed file) so that
// figures compare across servers and machines.
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/** Builds the app into `buildDir` unless `skip`; exits with the build's status when it fails. */
export function buildApp({ buildDir, skip, stdio = "inherit" }) {
  if (skip) return;
  const build = spawnSync("npx", ["react-router", "build"], {
    stdio,
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Serves the build on 127.0.0.1:`port` with a fresh data folder and waits until it is ready (up
 * to 5 minutes: a fresh database, initdb, migrations and seed, on a busy machine is slow). The
 * server's request log stays out of the JSON the scripts print. `stop()` ends it and removes the
 * data folder.
 */
export async function startServer({ port, buildDir, name }) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lavage-${name}-`));
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => server.on("exit", resolve));
  const stop = async () => {
    server.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(origin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** Polls `origin`/readyz every 200 ms, up to 5 minutes. */
export async function waitReady(origin) {
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

/** Fetches each script again and measures it: `{ file, raw, gzip, brotli }` in bytes, largest (gzip) first. */
export async function measureScripts(urls) {
  const files = [];
  for (const url of new Set(urls)) {
    const body = await fetchBody(url);
    files.push({
      file: new URL(url).pathname.replace(/^\/assets\//, ""),
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 6 }).length,
      brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return files.sort((a, b) => b.gzip - a.gzip);
}

/**
 * A script's bytes, asked up to three times: on a loaded machine the server may close a kept-alive
 * connection just as the next request goes out on it ("other side closed").
 */
async function fetchBody(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The totals of `measureScripts`'s files, in bytes. */
export function totals(files) {
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { scripts: files.length, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

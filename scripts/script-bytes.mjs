// `npm run script-bytes`: the JavaScript each public page makes a visitor download, measured
// without timings (ADR 054): serves the production build on a fresh embedded database, opens each
// page in Debian's Chromium (a phone's viewport), waits until React has hydrated it and the
// network is quiet, and adds up every script the page fetched, raw, gzip (level 6, as the
// compression middleware) and Brotli (quality 11, as a precompressed file). Nothing is clicked:
// what loads on a first interaction (the contact dialog, the assistant) is left out, on purpose.
// Prints JSON: per page the totals and its five largest scripts; SCRIPT_BYTES_FILES=1 lists all.
// Target (issue 19): <= 100 KB gzipped on each page.
//
// SCRIPT_BYTES_URL=http://host:port measures a server already running instead of starting one.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";

const PAGES = (process.env.SCRIPT_BYTES_PAGES ?? "/,/gallery,/terms,/booking").split(",");
const PORT = Number(process.env.SCRIPT_BYTES_PORT ?? 4391);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const TARGET_KB = 100;

const external = process.env.SCRIPT_BYTES_URL;
const origin = external ?? `http://127.0.0.1:${PORT}`;
let server = null;
let dataDir = null;
if (!external) {
  if (process.env.SCRIPT_BYTES_SKIP_BUILD !== "1") {
    // The build's log goes to stderr: stdout is the JSON.
    const build = spawnSync("npx", ["react-router", "build"], {
      stdio: ["ignore", 2, 2],
      env: { ...process.env, BUILD_DIR },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-script-bytes-"));
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      BUILD_DIR,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitReady() {
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

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

const browser = { instance: null };
try {
  await waitReady();
  browser.instance = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const context = await browser.instance.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const results = [];
  for (const page of PAGES) {
    const tab = await context.newPage();
    const urls = new Set();
    tab.on("request", (request) => {
      if (request.resourceType() === "script") urls.add(request.url());
    });
    await tab.goto(`${origin}${page}`, { waitUntil: "networkidle" });
    await tab.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
    await tab.waitForLoadState("networkidle");
    await tab.close();
    const files = [];
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      files.push({
        file: new URL(url).pathname.replace(/^\/assets\//, ""),
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 6 }).length,
        brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          .length,
      });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    results.push({
      page,
      scripts: files.length,
      kbRaw: kb(sum("raw")),
      kbGzip: kb(sum("gzip")),
      kbBrotli: kb(sum("brotli")),
      largestGzipKb: (process.env.SCRIPT_BYTES_FILES === "1" ? files : files.slice(0, 5)).map((file) => ({
        file: file.file,
        kb: kb(file.gzip),
      })),
    });
  }
  const targetMet = results.every((result) => result.kbGzip <= TARGET_KB);
  console.log(JSON.stringify({ targetKbGzip: TARGET_KB, targetMet, results }, null, 2));
} finally {
  await browser.instance?.close();
  if (server) {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

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
import { chromium } from "@playwright/test";
import { buildApp, measureScripts, startServer, totals, waitReady } from "./page-scripts.mjs";

const PAGES = (process.env.SCRIPT_BYTES_PAGES ?? "/,/gallery,/terms,/booking").split(",");
const PORT = Number(process.env.SCRIPT_BYTES_PORT ?? 4391);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const TARGET_KB = 100;

const external = process.env.SCRIPT_BYTES_URL;
// The build's log goes to stderr: stdout is the JSON.
if (!external)
  buildApp({
    buildDir: BUILD_DIR,
    skip: process.env.SCRIPT_BYTES_SKIP_BUILD === "1",
    stdio: ["ignore", 2, 2],
  });
const server = external ? null : await startServer({ port: PORT, buildDir: BUILD_DIR, name: "script-bytes" });
const origin = external ?? server.origin;

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

const browser = { instance: null };
try {
  if (external) await waitReady(origin);
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
    const files = await measureScripts(urls);
    const sum = totals(files);
    results.push({
      page,
      scripts: sum.scripts,
      kbRaw: kb(sum.raw),
      kbGzip: kb(sum.gzip),
      kbBrotli: kb(sum.brotli),
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
  await server?.stop();
}

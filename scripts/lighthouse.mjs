// `npm run lighthouse`: builds and serves the production app on a fresh embedded database, runs
// Lighthouse (mobile preset) in Debian's Chromium against the public pages and the booking path's
// first step (/booking), and prints each page's four category scores, LCP, CLS, TBT and the
// JavaScript bytes transferred, as JSON.
// Targets (ADR 054): performance >= 98 with TBT <= 150 ms, <= 100 KB of script gzipped, and
// accessibility = best practices = SEO = 100.
//
// Scores vary from run to run (mostly total blocking time, which multiplies the observed task
// times by 4 on a machine that also runs the server). As Lighthouse advises, each page is measured
// LIGHTHOUSE_RUNS times (3 by default) and the figures are those of the median run, chosen by
// Lighthouse's own computeMedianRun (closest to the median FCP and TTI, not the best score);
// every run's performance score and TBT are printed beside them. A run that Lighthouse could not
// finish (no first paint on a machine too busy, say) is left out and counted in failedRuns.
//
// Script bytes (ADR 054): beside the bytes transferred, each page's scripts are fetched again and
// compressed here, gzip (level 6, as the compression middleware) and Brotli (quality 11, as a
// precompressed file), so that figures compare across servers and machines.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { buildApp, measureScripts, startServer, totals } from "./page-scripts.mjs";

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/gallery,/terms,/booking").split(",");
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4390);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(CHROME_PATH)) {
  console.error(`Chromium est introuvable (${CHROME_PATH}) : apt-get install -y chromium, ou CHROME_PATH.`);
  process.exit(1);
}

buildApp({ buildDir: BUILD_DIR, skip: process.env.LIGHTHOUSE_SKIP_BUILD === "1" });
const server = await startServer({ port: PORT, buildDir: BUILD_DIR, name: "lighthouse" });
const { origin } = server;

const chrome = { instance: null };
try {
  chrome.instance = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const results = [];
  for (const page of PAGES) {
    // A warm-up visit, so that the measured run is not the server's first render.
    await fetch(`${origin}${page}`);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { lhr } = await lighthouse(`${origin}${page}`, {
        port: chrome.instance.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      runs.push(lhr);
    }
    const finished = runs.filter(
      (run) => !run.runtimeError && run.audits["first-contentful-paint"]?.numericValue !== undefined,
    );
    if (finished.length === 0) {
      results.push({ page, failedRuns: runs.length, error: runs[0]?.runtimeError?.message });
      continue;
    }
    const lhr = computeMedianRun(finished);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = page === "/" ? "home" : page.replace(/\W+/g, "-").replace(/^-|-$/g, "");
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
      (item) => item.resourceType === "Script",
    );
    const jsBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const js = totals(await measureScripts(scripts.map((item) => item.url)));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    results.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
      jsBytesTransferred: jsBytes,
      scripts: scripts.length,
      jsKbRaw: Math.round(js.raw / 1024),
      jsKbGzip: Math.round(js.gzip / 1024),
      jsKbBrotli: Math.round(js.brotli / 1024),
      failedRuns: runs.length - finished.length,
      failingAudits: failing,
      lcpElement:
        lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      lcpPhases: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items,
      runs: runs.map((run) => ({
        performance: Math.round((run.categories.performance?.score ?? 0) * 100),
        tbtMs: Math.round(run.audits["total-blocking-time"].numericValue),
        lcpMs: Math.round(run.audits["largest-contentful-paint"].numericValue),
        median: run === lhr,
        error: run.runtimeError?.code,
      })),
    });
  }
  const targetsMet = results.every(
    (r) =>
      r.performance >= 98 &&
      r.tbtMs <= 150 &&
      r.jsKbGzip <= 100 &&
      r.accessibility === 100 &&
      r.bestPractices === 100 &&
      r.seo === 100,
  );
  console.log(
    JSON.stringify(
      { preset: "mobile", lighthouse: lighthouseVersion(), runsPerPage: RUNS, targetsMet, results },
      null,
      2,
    ),
  );
} finally {
  await chrome.instance?.kill();
  await server.stop();
}

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
}

import { SERVER_NODE_FLAGS } from "./scripts/server-flags.mjs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * The local Stripe stand-in (tests/stripe, ADR 073/074), a second server beside the app's: the
 * app has Stripe's keys, but every zone keeps payment on site unless a test switches its own
 * zone to a deposit (POST /api/dev/payment-zone), so the other tests run as before.
 */
const STRIPE_PORT = PORT + 1000;
const STRIPE_API_BASE = `http://127.0.0.1:${STRIPE_PORT}`;
/**
 * The server's data folder, set once by the runner's process: its workers inherit it, so a test
 * can read what the server wrote there (the .eml files of the mail folder, tests/e2e/dev-mail.ts).
 */
const DATA_DIR = (process.env.E2E_DATA_DIR ??= path.join(
  os.tmpdir(),
  `lavage-e2e-${process.pid}-${Date.now()}`,
));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // 60 s: on a 2-core CI machine running two browsers and the server, the longer journeys
  // (several pages, accessibility scans) came within seconds of 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    // A trace records every action of every test, kept or not (ADR 116): CI records the retry of a
    // failed test only, which cut a fifth of the browser suite's time; locally, every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions },
      // A test tagged @phone-only sets a phone's width itself: the desktop project would run it a
      // second time at the same width, with a desktop browser (ADR 118).
      grepInvert: /@phone-only/,
    },
    {
      name: "mobile",
      // Device presets drop launchOptions: repeat them (docs/stack-notes.md, 'Playwright device presets').
      use: { ...devices["Pixel 7"], launchOptions },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      command: "node node_modules/tsx/dist/cli.mjs tests/stripe/serve.ts",
      port: STRIPE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        STRIPE_STAND_IN_PORT: String(STRIPE_PORT),
        STRIPE_STAND_IN_WEBHOOK_URL: `${baseURL}/api/stripe/webhook`,
      },
    },
    {
      command: `node ${SERVER_NODE_FLAGS.join(" ")} server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR,
        DEMO_ACCOUNTS: "1",
        // Each test browses from its own address (X-Forwarded-For, tests/e2e/fixtures.ts), like
        // real customers: the per-address rate limits then count per test, not for the whole run.
        TRUST_PROXY: "1",
        PUBLIC_URL: baseURL,
        // The review request goes at once rather than 3 h after a wash is completed (ADR 049).
        REVIEW_REQUEST_DELAY_MINUTES: "0",
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
        STRIPE_WEBHOOK_SECRET: "whsec_standin",
        STRIPE_API_BASE,
      },
    },
  ],
});

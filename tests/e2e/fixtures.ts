import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = {
  admin: "admin@example.com",
  franchisee: "franchisee@example.com",
  client: "client@example.com",
} as const;
export const DEMO_PASSWORD = "Demo12345!";
export type DemoRole = keyof typeof DEMO;

/** The landing sections in page order, with their header link (docs/product.md, section 2). */
export const SECTIONS = [
  ["Accueil", "home"],
  ["À propos", "about"],
  ["Services", "services"],
  ["Galerie", "gallery"],
  ["Avis", "reviews"],
  ["Franchise", "franchise"],
  ["Contact", "contact"],
] as const;

/** Signs the browser context in as a demo account through the auth API (no UI). */
export async function loginAs(page: Pick<Page, "request">, role: DemoRole): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role], password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Resolves once React has hydrated: the theme toggle only renders its accessible name on the
 * client (the server renders a neutral button).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(
    page.getByRole("button", { name: /^Activer le thème (sombre|clair)$/ }).first(),
  ).toBeAttached();
}

/**
 * The app's scripts run after the page has arrived: the page's `goto` and `reload` also
 * wait for React to have hydrated the page, as a person waits for a page to respond. Pages whose
 * scripts a test blocks on purpose go on after the wait's bound. The `page` fixture is one; pages
 * a test opens itself go through this function.
 */
export function appPage(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydratedMark(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydratedMark(page);
    return response;
  };
  return page;
}

/**
 * Waits (at most 10 s) for `<html data-hydrated>`, set once React has hydrated (app/root.tsx); at
 * once on a page that is not the app's (no module script: a file, an error page of the server).
 */
async function waitForHydratedMark(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.documentElement.hasAttribute("data-hydrated") ||
        document.querySelector('script[type="module"]') === null,
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** Serious and critical accessibility violations of the current page. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A documentation-range address (198.18.0.0/15), different for each test. */
export function testAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{
  /** Set by the few tests that provoke a Content-Security-Policy violation on purpose. */
  allowCspViolations: boolean;
  /** Fails any test whose page reported a Content-Security-Policy violation (ADR 033). */
  cspGuard: void;
  /** The address this test's browser context browses from (X-Forwarded-For). */
  clientAddress: string;
  loginAs: (role: DemoRole) => Promise<void>;
  axe: () => Promise<string[]>;
}>({
  // The app's scripts run after the page has arrived: every page.goto and page.reload
  // also waits for React to have hydrated the page, as a person waits for a page to respond. Pages
  // whose scripts a test blocks on purpose go on after the wait's bound.
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : appPage(page));
  },
  allowCspViolations: [false, { option: true }],
  cspGuard: [
    async ({ page, allowCspViolations }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      if (!allowCspViolations) expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // Every request of the test's browser context comes from the test's own address.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  clientAddress: async ({}, use) => {
    await use(testAddress());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress });
  },
  loginAs: async ({ page }, use) => {
    await use((role) => loginAs(page, role));
  },
  axe: async ({ page }, use) => {
    await use(() => axeViolations(page));
  },
});

export { expect };

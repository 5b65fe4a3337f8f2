/**
 * Phones (issue 14, item 8; ADR 047). Every page of the production build (its route manifest, as
 * the authorization matrix reads it) is opened as each role at 360 and 390 px wide, and none may
 * scroll sideways. Dynamic segments carry real ids: the demo client's seeded history, a booking
 * made here for the demo client, a message of the development mail box. A page a role cannot
 * reach redirects or refuses: what renders is checked, once per sign-in page or error page. The
 * pages that show every role the same but for the header are swept once, by the anonymous
 * visitor. One browser context and page per role (signed in once), each page loaded once and
 * measured at both widths.
 */
import crypto from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { readBuiltRoutes, type ManifestRoute } from "../setup/built-routes";
import { applicant, openApplication, reachSubmission, submitButton } from "./application-form";
import { bookThroughApi, openSlots } from "./bookings";
import { appPage, DEMO, expect, loginAs, test, testAddress, type DemoRole } from "./fixtures";

const ROLES = ["anonymous", "client", "franchisee", "admin"] as const;
type Role = (typeof ROLES)[number];
const WIDTHS = [360, 390] as const;

interface Ids {
  /** The demo client's completed booking of the seeded history. */
  pastBookingId: string;
  /** An upcoming booking of the demo client, made here. */
  bookingId: string;
  /** Its local day (yyyy-MM-dd): the schedule's week and day grids show it. */
  bookingDay: string;
  /** Its manage page, token included: every role sees the page. */
  managePath: string;
  /** A message of the development mail box (the booking's confirmation), if it arrived. */
  mailId: string;
  wizardId: string;
  /** An application and a promo code the admin's lists link to (a random id, the 404 page, if none). */
  applicationId: string;
  promoCodeId: string;
}

/** The URLs of one manifest page: its path with real ids, and the states worth a look. */
function urlsOf(route: ManifestRoute, ids: Ids): string[] {
  switch (route.path) {
    case "*":
      return ["/pas-de-page-ici"];
    case "booking/:id":
      return [`/booking/${ids.wizardId}`, "/booking/granby?zone=granby&cars=2&step=2"];
    case "booking-success/:bookingId":
      return [`/booking-success/${ids.bookingId}`];
    case "booking/manage/:bookingId":
      return [ids.managePath];
    case "franchise/:slug":
      return ["/franchise/granby"];
    case "client/bookings/:bookingId":
      return [`/client/bookings/${ids.pastBookingId}`, `/client/bookings/${ids.bookingId}`];
    // Links of a booking's payment (ADR 074, 079): without their signed token, the page that says so.
    case "booking-payment/:bookingId":
      return [`/booking-payment/${ids.bookingId}?k=invalide`];
    case "tip/:bookingId":
      return [`/tip/${ids.pastBookingId}?token=invalide`];
    // Pages opened by a signed link or an id: their refusal page (the valid ones have their own specs).
    case "tip/:bookingId/balance":
      return [`/tip/${ids.pastBookingId}/balance?token=invalide`];
    case "heure-liberee/arreter/:token":
      return ["/heure-liberee/arreter/invalide"];
    case "cartes-cadeaux/achat/:id":
      return ["/cartes-cadeaux/achat/00000000-0000-4000-8000-000000000000?k=faux"];
    case "boutique/:slug":
      return ["/boutique/pas-un-produit"];
    case "boutique/commandes/:id":
      return ["/boutique/commandes/00000000-0000-4000-8000-000000000000"];
    // The demo client's record (ADR 096): its key is the first 32 hex digits of the e-mail's SHA-256.
    case "franchisee/clients/:customerKey":
    case "admin/clients/:customerKey":
      return [
        `/${route.path.split("/:")[0]}/${crypto.createHash("sha256").update(DEMO.client).digest("hex").slice(0, 32)}`,
      ];
    case "crew/stops/:appointmentId":
      return ["/crew/stops/00000000-0000-4000-8000-000000000000"];
    case "admin/services/:serviceId/checklist":
      return ["/admin/services/00000000-0000-4000-8000-000000000000/checklist"];
    case "client/receipts/:paymentId":
      return ["/client/receipts/00000000-0000-4000-8000-000000000000"];
    case "review/:bookingId":
      // The demo client's review of a past wash (ADR 049); others read the invalid-link page.
      return [`/review/${ids.pastBookingId}`];
    case "dev/mail/:id":
      return [`/dev/mail/${ids.mailId}`];
    // The back office (ADR 052): the grids with an appointment, the desk with results and a booking.
    case "franchisee/schedule":
      return [
        `/franchisee/schedule?view=week&date=${ids.bookingDay}`,
        `/franchisee/schedule?view=day&date=${ids.bookingDay}`,
      ];
    // The admin's clients list (issue 33, item 11): the network, and a search.
    case "admin/clients":
      return [`/${route.path}`, `/${route.path}?q=${encodeURIComponent("450 555")}`];
    case "admin/bookings":
    case "franchisee/bookings":
      return [`/${route.path}`, `/${route.path}?q=${encodeURIComponent("450 555-0199")}`];
    case "admin/applications/:id":
      return [`/admin/applications/${ids.applicationId}`];
    case "admin/promo-codes/:id":
      return [`/admin/promo-codes/${ids.promoCodeId}`];
    case "admin/bookings/:bookingId":
    case "franchisee/bookings/:bookingId":
      return [
        `/${route.path.split("/:")[0]}/${ids.bookingId}`,
        `/${route.path.split("/:")[0]}/${ids.pastBookingId}`,
      ];
  }
  const path = `/${route.path ?? ""}`;
  if (path.includes(":") || path.includes("*")) {
    throw new Error(`${route.id}: no real id for ${path}; add it to urlsOf in tests/e2e/phones.spec.ts`);
  }
  return [path];
}

/** The manifest's pages: routes with a component, minus the root and pathless layouts. */
async function pages(): Promise<ManifestRoute[]> {
  const routes = await readBuiltRoutes();
  return routes.filter((r) => r.hasDefaultExport && r.id !== "root" && (r.path !== undefined || r.index));
}

/** Books a Granby slot two days ahead or more for the demo client, through the public API. */
async function bookForDemoClient(request: APIRequestContext, baseURL: string) {
  const later = (await openSlots(request, { cars: 2 })).filter(
    (s) => new Date(s.start).getTime() > Date.now() + 2 * 24 * 3_600_000,
  );
  // The last one: far from the slots other tests book.
  const slot = later.at(-1);
  expect(slot, "an open Granby slot").toBeDefined();
  const body = await bookThroughApi(request, baseURL, {
    cars: 2,
    start: slot!.start,
    name: "Client Démo",
    email: DEMO.client,
    upsells: [],
  });
  const manage = new URL(body.manage_url);
  return {
    bookingId: body.booking_id,
    bookingDay: slot!.start.slice(0, 10),
    managePath: manage.pathname + manage.search,
  };
}

/** The id of a message of the development mail box (the confirmation leaves through the job queue). */
/** The first `/admin/<kind>/<uuid>` a list page links to, or `fallback`. */
async function linkedId(request: APIRequestContext, page: string, kind: string, fallback: string) {
  const html = await (await request.get(page)).text();
  const found = new RegExp(`href="/admin/${kind}/([0-9a-f-]{36})"`).exec(html);
  return found?.[1] ?? fallback;
}

async function someMailId(request: APIRequestContext): Promise<string> {
  let id = "inconnu";
  await expect
    .poll(
      async () => {
        const html = await (await request.get("/dev/mail")).text();
        id = /href="\/dev\/mail\/([^"/]+)"/.exec(html)?.[1] ?? id;
        return id;
      },
      { timeout: 15_000 },
    )
    .not.toBe("inconnu");
  return id;
}

async function newContext(
  browser: Browser,
  width: number,
  state?: Awaited<ReturnType<BrowserContext["storageState"]>>,
) {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  return browser.newContext({
    baseURL,
    locale,
    timezoneId,
    viewport: { width, height: 800 },
    storageState: state,
    // Each context browses from its own address: the per-address rate limits count per context.
    extraHTTPHeaders: { "x-forwarded-for": testAddress() },
  });
}

/**
 * Pages that render the same for every role but for the header, whose signed-in variants every
 * role's other pages show: the anonymous visitor checks them, the signed-in roles do not load them
 * again (a page that reads the session, like the home page, the booking path, the shop or the
 * customer's own pages, stays in every role's sweep).
 */
const SAME_FOR_EVERY_ROLE = new Set([
  "gallery",
  "privacy-policy",
  "terms",
  "terms-and-conditions",
  "franchise/:slug",
  "address-validation",
  "waitlist",
  "heure-liberee/arreter/:token",
  "unsubscribe",
  "confirm-offers",
  "application/confirm",
  "auth/forgot-password",
  "auth/reset-password",
  "auth/choose-password",
  "booking-payment/:bookingId",
  "tip/:bookingId/balance",
  "cartes-cadeaux/achat/:id",
  "boutique/:slug",
  "boutique/commandes/:id",
  "dev/mail",
  "dev/mail/:id",
  "*",
]);

/**
 * What `url` shows this role, as a key: a page loaded once per key is enough. A redirect is keyed
 * by the path it leads to, without its query (the sign-in page is one page whatever it returns
 * to); a refusal (403, 404) by its status and the first segment of the path (one error page per
 * layout); any other page by its own path and query.
 */
async function landingOf(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url, { maxRedirects: 0 });
  const status = response.status();
  const location = status >= 300 && status < 400 ? response.headers().location : undefined;
  if (location) return new URL(location, "http://x").pathname;
  if (status >= 400) return `${status} /${new URL(url, "http://x").pathname.split("/")[1]}`;
  return url;
}

/** How far the page scrolls sideways, and the widest elements that stick out. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const box = el.getBoundingClientRect();
      if (box.right <= width + 1 || box.width === 0) continue;
      // Report the outermost offender only: its children stick out with it.
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 1) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).slice(0, 80)}`;
      culprits.push(`${name} (right ${Math.round(box.right)})`);
    }
    return { scrollWidth: root.scrollWidth, width, culprits: culprits.slice(0, 5) };
  });
}

test.describe("téléphones", () => {
  let routes: ManifestRoute[];
  let ids: Ids;
  const states = new Map<Role, Awaited<ReturnType<BrowserContext["storageState"]>>>();

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    routes = await pages();
    const baseURL = test.info().project.use.baseURL!;
    for (const role of ROLES) {
      const context = await newContext(browser, 390);
      if (role !== "anonymous") await loginAs(context, role as DemoRole);
      states.set(role, await context.storageState());
      if (role === "anonymous") {
        const booked = await bookForDemoClient(context.request, baseURL);
        ids = {
          pastBookingId: "demohist01",
          ...booked,
          mailId: await someMailId(context.request),
          wizardId: crypto.randomUUID(),
          applicationId: crypto.randomUUID(),
          promoCodeId: crypto.randomUUID(),
        };
      }
      if (role === "admin") {
        ids.applicationId = await linkedId(
          context.request,
          "/admin/franchisees",
          "applications",
          ids.applicationId,
        );
        ids.promoCodeId = await linkedId(
          context.request,
          "/admin/promo-codes",
          "promo-codes",
          ids.promoCodeId,
        );
      }
      await context.close();
    }
  });

  for (const role of ROLES) {
    test(`aucune page ne défile de côté à ${WIDTHS.join(" ni à ")} px (${role})`, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await newContext(browser, WIDTHS[0], states.get(role));
      const page = appPage(await context.newPage());
      const csp: string[] = [];
      page.on("console", (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) csp.push(message.text());
      });
      const seen = new Set<string>();
      const overflows: string[] = [];
      try {
        for (const route of routes) {
          if (role !== "anonymous" && SAME_FOR_EVERY_ROLE.has(route.path ?? "")) continue;
          for (const url of urlsOf(route, ids)) {
            // A page this role cannot reach redirects or refuses: what it shows is checked once,
            // and not loaded again when it was.
            const landing = await landingOf(context.request, url);
            if (seen.has(landing)) continue;
            await page.goto(url);
            const landed = new URL(page.url());
            const key = landed.pathname + landed.search;
            seen.add(landing).add(key);
            // Both widths on the same page: the layout follows the window's width.
            for (const width of WIDTHS) {
              await page.setViewportSize({ width, height: 800 });
              const overflow = await sidewaysOverflow(page);
              if (overflow) {
                overflows.push(
                  `${url}${key === url ? "" : ` (-> ${key})`} at ${width} px: ${overflow.scrollWidth} px wide; ${overflow.culprits.join("; ")}`,
                );
              }
            }
            await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          }
        }
      } finally {
        await context.close();
      }
      expect(overflows, `pages wider than the phone for ${role}`).toEqual([]);
      expect(csp, "Content-Security-Policy violations").toEqual([]);
    });
  }

  test("le bouton rond de contact ne couvre jamais un bouton, un créneau, un total, le consentement ni le pied de page (360 et 390 px)", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const formPages = {
      anonymous: [
        "/application",
        "/auth",
        "/",
        "/booking/granby?zone=granby&cars=2&step=2",
        ids.managePath,
        "/auth/forgot-password",
      ],
      client: ["/client", ids.managePath],
    };
    const covered: string[] = [];
    /**
     * Each visible button of the page's forms and card actions, and what the page keeps clear (a
     * price, the consent's text), brought to the bottom of the window: the round button is not
     * over it. Then, with `footer`, the page scrolled to its very end: the footer's last line is
     * above the round button. One pass in the page: each button is scrolled there, then the frames
     * the browser paints are watched for up to 5 s, until the round button has stepped aside (its
     * observers run on those frames, and it fades out); asked from here, each look took four
     * round trips.
     */
    async function checkUnderRoundButton(page: Page, url: string, footer: boolean) {
      const { count, under } = await page.evaluate(
        async ({ selector, footer }) => {
          type Box = { x: number; y: number; width: number; height: number };
          const overlapping = (a: Box, b: Box) =>
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          /** The round button's box while it shows. */
          const roundButton = () => {
            const el = document.querySelector('a[aria-haspopup="dialog"][aria-label="Contactez-nous"]');
            if (!el) return null;
            const style = getComputedStyle(el);
            if (style.visibility === "hidden" || Number(style.opacity) === 0) return null;
            return el.getBoundingClientRect();
          };
          const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
          const all = [...document.querySelectorAll<HTMLElement>(selector)];
          const shown = all.filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
          });
          const stillUnder: string[] = [];
          for (const el of shown) {
            el.scrollIntoView({ block: "end" });
            const until = performance.now() + 5_000;
            let over = true;
            while (over && performance.now() < until) {
              await frame();
              const round = roundButton();
              over = round !== null && overlapping(round, el.getBoundingClientRect());
            }
            if (over) stillUnder.push(`« ${el.innerText.trim()} »`);
          }
          if (footer) {
            window.scrollTo(0, document.documentElement.scrollHeight);
            await frame();
            const round = roundButton();
            // The boxes of the footer's text itself (an element's own box holds its padding).
            const lines = [...document.querySelectorAll("footer p, footer a, footer li")].map((el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              return range.getBoundingClientRect();
            });
            if (round && lines.some((box) => box.width > 0 && overlapping(box, round)))
              stillUnder.push("le pied de page");
          }
          return { count: all.length, under: stillUnder };
        },
        {
          selector:
            'main form button, main form input[type="submit"], main [data-slot="card-footer"] button, main [data-main-action], main [data-keep-clear]',
          footer,
        },
      );
      expect(count, `${url}: a form's button`).toBeGreaterThan(0);
      covered.push(...under.map((what) => `${url}: ${what}`));
    }
    for (const width of [360, 390]) {
      for (const role of ["anonymous", "client"] as const) {
        const context = await newContext(browser, width, states.get(role));
        const page = appPage(await context.newPage());
        for (const url of formPages[role]) {
          await page.goto(url);
          await checkUnderRoundButton(page, `${width} px ${url}`, true);
          if (url === "/application") {
            // The last step's 'Soumettre ma candidature' and the consent's text above it.
            await openApplication(page);
            await reachSubmission(page, applicant(`telephone${width}@example.com`));
            await expect(submitButton(page)).toBeVisible();
            await checkUnderRoundButton(page, `${width} px ${url}, dernière étape`, false);
          }
          if (url === ids.managePath && role === "client") {
            // The slots of the picker and 'Confirmer le nouveau créneau'.
            await page.getByRole("button", { name: "Changer la date" }).click();
            await checkUnderRoundButton(page, `${width} px ${url}, changer la date`, false);
          }
        }
        await context.close();
      }
    }
    expect(covered, "what lies under the round contact button").toEqual([]);

    // The back office has no floating button.
    for (const role of ["admin", "franchisee"] as const) {
      const context = await newContext(browser, 390, states.get(role));
      const page = appPage(await context.newPage());
      await page.goto(`/${role}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Contactez-nous", exact: true })).toHaveCount(0);
      await context.close();
    }
  });
});

/**
 * The authorization matrix (issue 9, item 3; ADR 038). Every route of the production build with a
 * loader or an action (read from the built server's route manifest, what the server serves) is
 * called as each role: anonymous, client, another client, franchisee (Granby), another
 * franchisee (Sherbrooke), a crew member (Granby, ADR 077) and admin, GET for a loader and POST (same-origin) for an action. The
 * answer's class must match the row of TABLE. No route may be added without a row: a route in
 * the manifest and not in TABLE fails the test.
 *
 * Dynamic segments carry real ids of someone else's data so the cross-tenant cells mean
 * something; the crafted cross-tenant posts at the end are checked in the database afterwards.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import {
  EMAILS,
  readBuiltRoutes,
  ROLES,
  startRolesServer,
  targets,
  type Ids,
  type ManifestRoute,
  type RolesFixture,
  type Who,
} from "./roles-fixture";

/** The class of an answer: 2xx, a redirect and its path, or the exact 4xx status. */
type Outcome =
  | "2xx"
  | "3xx /"
  | "3xx /auth"
  | "3xx /client"
  | "3xx /franchisee"
  | "3xx /crew"
  | "3xx /admin"
  | "3xx /unsubscribe"
  | "400"
  | "401"
  | "403"
  | "404"
  | "405"
  | "406"
  | "415"
  | "409"
  // A note saved on a customer record goes back to that record (ADR 096).
  | `3xx /franchisee/clients/${string}`
  | `3xx /admin/clients/${string}`;

type Expected = Record<Who, Outcome>;

interface Check {
  /** The URL (path and query) to call, built from the fixture's ids. */
  url: (ids: Ids) => string;
  /** The POST body: form fields, or `json` for a JSON body. */
  form?: (ids: Ids) => Record<string, string>;
  json?: (ids: Ids) => unknown;
  expect: Expected;
  /**
   * A page under a layout: its own loader is also called alone (`.data?_routes=<id>`), so its
   * guard is checked without the layout's.
   */
  alone?: boolean;
}

interface Row {
  get?: Check;
  post?: Check;
}

const every = (outcome: Outcome): Expected =>
  Object.fromEntries(ROLES.map((who) => [who, outcome])) as Expected;
/**
 * `outcome` for the roles named, `others` for everybody else; a private page ("3xx /" for the
 * other roles) sends a signed-out visitor to /auth with a return address (ADR 042).
 */
const only = (roles: Partial<Record<Who, Outcome>>, others: Outcome): Expected => ({
  ...every(others),
  ...(others === "3xx /" ? { anonymous: "3xx /auth" as const } : {}),
  ...roles,
});
/** A signed-in visitor of /auth goes on to their space (ADR 042). */
const SPACES = {
  client: "3xx /client",
  otherClient: "3xx /client",
  franchisee: "3xx /franchisee",
  otherFranchisee: "3xx /franchisee",
  crew: "3xx /crew",
  admin: "3xx /admin",
} as const;

const CLIENTS = { client: "2xx", otherClient: "2xx" } as const;
const FRANCHISEES = { franchisee: "2xx", otherFranchisee: "2xx" } as const;
const clientsOnly = only(CLIENTS, "3xx /");
const franchiseesOnly = only(FRANCHISEES, "3xx /");
const adminOnly = only({ admin: "2xx" }, "3xx /");
const UUID = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";
/** A customer record's key (ADR 096): the first 32 hex digits of the SHA-256 of the e-mail. */
const customerKey = (email: string) =>
  crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
/** The other client booked in Sherbrooke only; the demo client, in Granby. */
const OTHER_CUSTOMER = customerKey(EMAILS.otherClient);
const DEMO_CUSTOMER = customerKey(EMAILS.client);
/** A manage token of the right shape that is no booking's. */
const FAKE_TOKEN = "a".repeat(43);

const TABLE: Record<string, Row> = {
  root: { get: { url: () => "/", expect: every("2xx") } },
  "routes/_site/home": { get: { url: () => "/", expect: every("2xx") } },
  "routes/_site/gallery": { get: { url: () => "/gallery", expect: every("2xx") } },
  // A photo that does not exist: nobody gets anything (drafts: admin only, ADR 053).
  // The design system's showcase: the admin's only, in production (issue 33, item 15).
  "routes/_site/design-system": {
    get: { url: () => "/design-system", expect: only({ admin: "2xx" }, "404") },
  },
  "routes/_site/gallery-photo-file": {
    get: { url: () => `/photos/${UUID}/after-800.webp`, expect: every("404") },
  },
  "routes/_site/sitemap": { get: { url: () => "/sitemap.xml", expect: every("2xx") } },
  "routes/_site/robots": { get: { url: () => "/robots.txt", expect: every("2xx") } },
  "routes/_site/not-found": {
    get: { url: () => "/pas-de-page-ici", expect: every("404") },
    // A POST to a missing path is a 404 too (ADR 071), not a 405.
    post: { url: () => "/pas-de-page-ici", form: () => ({ a: "1" }), expect: every("404") },
  },

  // /booking is the booking path's first step, served by the wizard's module (ADR 044).
  "booking-start": {
    get: { url: () => "/booking", expect: every("2xx") },
    post: { url: () => "/booking", form: () => ({ intent: "autre" }), expect: every("400") },
  },
  "routes/booking/wizard": {
    get: { url: () => "/booking/granby?zone=granby&cars=1&step=2", expect: every("2xx") },
    // Not the intent 'book': refused before anything is read.
    post: { url: () => "/booking/granby", form: () => ({ intent: "autre" }), expect: every("400") },
  },
  "routes/booking/success": {
    get: { url: (ids) => `/booking-success/${ids.clientBooking.bookingId}`, expect: every("2xx") },
  },
  // The card step's page opens with its signed link only (ADR 074), for nobody without it.
  "routes/booking/payment": {
    get: { url: (ids) => `/booking-payment/${ids.clientBooking.bookingId}?k=faux`, expect: every("404") },
    post: {
      url: (ids) => `/booking-payment/${ids.clientBooking.bookingId}`,
      form: () => ({ intent: "cancel", k: "faux" }),
      expect: every("404"),
    },
  },
  "routes/booking/manage": {
    // The manage page opens with its token, or for its signed-in owner (ADR 025); nobody else.
    get: {
      url: (ids) => `/booking/manage/${ids.clientBooking.bookingId}`,
      // Anyone else: 404, as for a booking that does not exist (ADR 045).
      expect: only({ client: "2xx" }, "404"),
    },
    // Another booking's genuine token does not open this one; its owner passes the check and
    // meets the booking's own rules (it starts in 3 hours, inside the 24 h cut-off: 409).
    post: {
      url: (ids) => `/booking/manage/${ids.clientBooking.bookingId}`,
      form: (ids) => ({ intent: "cancel", token: ids.otherClientBooking.manageToken }),
      expect: only({ client: "409" }, "404"),
    },
  },
  // The review page opens with its signed link, or for the booking's signed-in owner (ADR 049).
  "routes/reviews/review": {
    get: { url: (ids) => `/review/${ids.clientPastBookingId}`, expect: only({ client: "2xx" }, "404") },
    post: {
      url: (ids) => `/review/${ids.clientPastBookingId}?token=${FAKE_TOKEN}`,
      form: () => ({ rating: "9" }),
      expect: only({ client: "400" }, "404"),
    },
  },
  // The tip page opens only with the completion e-mail's signed link (ADR 079).
  "routes/payments/tip": {
    get: { url: (ids) => `/tip/${ids.clientPastBookingId}?token=${FAKE_TOKEN}`, expect: every("404") },
    post: {
      url: (ids) => `/tip/${ids.clientPastBookingId}`,
      form: () => ({ token: FAKE_TOKEN, choice: "none" }),
      expect: every("404"),
    },
  },
  // The refused balance's link (ADR 079): a wrong token is a wrong link for everybody.
  "routes/payments/tip-balance": {
    get: {
      url: (ids) => `/tip/${ids.clientPastBookingId}/balance?token=${FAKE_TOKEN}`,
      expect: every("404"),
    },
  },
  // Gift cards (ADR 087): the page for everyone; a typed code that is not one is refused (400).
  "routes/giftcards/gift-cards": {
    get: { url: () => "/cartes-cadeaux", expect: every("2xx") },
    post: {
      url: () => "/cartes-cadeaux",
      form: () => ({ intent: "balance", code: "court" }),
      expect: every("400"),
    },
  },
  // The purchase's page opens with its signed link only, for nobody without it.
  "routes/giftcards/purchase": {
    get: { url: () => `/cartes-cadeaux/achat/${UUID}?k=faux`, expect: every("404") },
  },
  // The shop (ADR 094): its pages for everyone; an order's page for its own customer only.
  "routes/shop/shop": {
    get: { url: () => "/boutique", expect: every("2xx") },
    post: {
      url: () => "/boutique",
      form: () => ({ intent: "franchisee", franchiseeId: "x" }),
      expect: every("400"),
    },
  },
  "routes/shop/product": { get: { url: () => "/boutique/pas-un-produit", expect: every("404") } },
  "routes/shop/cart": {
    get: { url: () => "/boutique/panier", expect: every("2xx") },
    post: {
      url: () => "/boutique/panier",
      form: () => ({ intent: "set", itemId: "x", quantity: "1" }),
      expect: every("400"),
    },
  },
  "routes/shop/order": {
    get: { url: () => `/boutique/commandes/${UUID}`, expect: { ...every("404"), anonymous: "3xx /auth" } },
    post: {
      url: () => `/boutique/commandes/${UUID}`,
      form: () => ({ key: UUID, reason: "", [`qty-${UUID}`]: "1" }),
      expect: { ...every("404"), anonymous: "3xx /auth" },
    },
  },
  "routes/booking/franchise-zone": { get: { url: () => "/franchise/granby", expect: every("2xx") } },
  // The stop link of a freed time's e-mail (ADR 091): an unknown token stops nothing.
  "routes/booking/freed-time-stop": {
    get: { url: () => "/heure-liberee/arreter/faux", expect: every("404") },
    post: { url: () => "/heure-liberee/arreter/faux", form: () => ({}), expect: every("404") },
  },
  "routes/booking/waitlist": {
    get: { url: () => "/waitlist", expect: every("2xx") },
    post: { url: () => "/waitlist", form: () => ({ email: "" }), expect: every("400") },
  },
  "routes/booking/address-validation": {
    post: { url: () => "/address-validation", form: () => ({ postalCode: "" }), expect: every("400") },
  },

  "routes/auth/auth": {
    // A signed-in visitor goes on to their space, after a post too (the loader runs after the action).
    get: { url: () => "/auth", expect: { ...SPACES, anonymous: "2xx" } },
    post: {
      url: () => "/auth",
      form: () => ({ intent: "sign-in" }),
      expect: { ...SPACES, anonymous: "400" },
    },
  },
  // A person whose sign-up password was erased chooses one (ADR 066); an account with a
  // password goes on to its space, a signed-out visitor to /auth.
  "routes/auth/choose-password": {
    get: { url: () => "/auth/choose-password", expect: { ...SPACES, anonymous: "3xx /auth" } },
    post: {
      url: () => "/auth/choose-password",
      form: () => ({ password: "x" }),
      expect: { ...SPACES, anonymous: "3xx /auth" },
    },
  },
  "routes/auth/forgot-password": {
    post: { url: () => "/auth/forgot-password", form: () => ({ email: "" }), expect: every("400") },
  },
  "routes/auth/reset-password": {
    get: { url: () => "/auth/reset-password", expect: every("2xx") },
    post: { url: () => "/auth/reset-password", form: () => ({ token: "" }), expect: every("400") },
  },
  "routes/api/auth": {
    get: { url: () => "/api/auth/get-session", expect: every("2xx") },
    // better-auth's admin endpoints: the admin role only (the user does not exist: 404).
    post: {
      url: () => "/api/auth/admin/ban-user",
      json: () => ({ userId: UUID }),
      expect: {
        anonymous: "401",
        client: "403",
        otherClient: "403",
        franchisee: "403",
        otherFranchisee: "403",
        crew: "403",
        admin: "404",
      },
    },
  },
  // Development and demo only: absent from a production server.
  "routes/api/setup-test-users": {
    get: { url: () => "/api/setup-test-users", expect: every("404") },
    post: { url: () => "/api/setup-test-users", json: () => ({ role: "admin" }), expect: every("404") },
  },
  "routes/api/dev-payment-zone": {
    get: { url: () => "/api/dev/payment-zone", expect: every("404") },
    post: {
      url: () => "/api/dev/payment-zone",
      json: () => ({ zone: "granby", percent: 25 }),
      expect: every("404"),
    },
  },
  "routes/api/dev-membership-refused": {
    get: { url: () => "/api/dev/membership-refused", expect: every("404") },
    post: {
      url: () => "/api/dev/membership-refused",
      json: () => ({ email: "client@example.com" }),
      expect: every("404"),
    },
  },
  "routes/api/dev-start-appointment": {
    get: { url: () => "/api/dev/start-appointment", expect: every("404") },
    post: {
      url: () => "/api/dev/start-appointment",
      json: () => ({ bookingId: "abcd" }),
      expect: every("404"),
    },
  },
  "routes/messaging/dev-mail": { get: { url: () => "/dev/mail", expect: every("404") } },
  "routes/messaging/dev-mail-message": { get: { url: () => "/dev/mail/abc", expect: every("404") } },
  "routes/messaging/dev-mail-html": { get: { url: () => "/dev/mail/abc/html", expect: every("404") } },

  // The crew's own day (ADR 077): the crew role only; a signed-out visitor signs in and comes back.
  "routes/crew/day": {
    get: { url: () => "/crew", expect: only({ crew: "2xx" }, "3xx /") },
    // A status tap (ADR 078) on another franchisee's appointment: not found for the crew.
    post: {
      url: () => "/crew",
      form: (ids) => ({ appointmentId: ids.otherClientBooking.appointmentId, status: "en_route" }),
      expect: only({ crew: "404" }, "3xx /"),
    },
  },
  // A stop's checklist and photos (ADR 088): another franchisee's stop is not found for the crew.
  "routes/crew/stop": {
    get: {
      url: (ids) => `/crew/stops/${ids.otherClientBooking.appointmentId}`,
      expect: only({ crew: "404" }, "3xx /"),
    },
    post: {
      url: (ids) => `/crew/stops/${ids.otherClientBooking.appointmentId}`,
      form: () => ({ intent: "tick", stepId: UUID, checked: "true" }),
      expect: only({ crew: "404" }, "3xx /"),
    },
  },
  // A status tap the phone kept offline (ADR 088), without its status: refused (400) for the crew.
  "routes/crew/status": {
    post: {
      url: () => "/crew/status",
      form: () => ({ appointmentId: UUID }),
      expect: only({ crew: "400" }, "3xx /"),
    },
  },
  // A photo's upload without its file: refused (400) for the crew, the upload guard for the others.
  "routes/crew/photos": {
    post: {
      url: () => "/crew/photos",
      form: (ids) => ({
        id: UUID,
        appointmentId: ids.otherClientBooking.appointmentId,
        kind: "before",
        car: "1",
      }),
      expect: only({ crew: "400" }, "3xx /"),
    },
  },
  // A job photo opens with its signed link only; a session is no key.
  "routes/crew/job-photo-file": {
    get: { url: () => `/job-photos/${UUID}/${UUID}.webp?token=${FAKE_TOKEN}`, expect: every("404") },
  },
  // The crew app's manifest (ADR 089): public, as browsers fetch it without the session.
  "routes/crew/manifest": {
    get: { url: () => "/crew/manifest.webmanifest", expect: every("2xx") },
  },
  // « Mon calendrier » (ADR 082): the crew member's own link; a stray intent renews nothing (400).
  "routes/crew/calendar": {
    get: { url: () => "/crew/calendar", expect: only({ crew: "2xx" }, "3xx /") },
    post: {
      url: () => "/crew/calendar",
      form: () => ({ intent: "autre" }),
      expect: only({ crew: "400" }, "3xx /"),
    },
  },
  // The private calendar feed (ADR 082): the token is the only proof, a session is no key.
  "routes/calendar/feed": {
    get: { url: () => `/calendar/${FAKE_TOKEN}.ics`, expect: every("404") },
  },
  "routes/client/client": {
    get: { url: () => "/client", expect: clientsOnly },
    post: {
      url: () => "/client",
      form: () => ({ intent: "profile" }),
      expect: only({ client: "400", otherClient: "400" }, "3xx /"),
    },
  },
  "routes/client/history": { get: { url: () => "/client/history", expect: clientsOnly } },
  "routes/client/booking": {
    // The demo client's booking: another client gets 404, as for an unknown id.
    get: {
      url: (ids) => `/client/bookings/${ids.clientPastBookingId}`,
      expect: only({ client: "2xx", otherClient: "404" }, "3xx /"),
    },
  },
  // Cards and receipts are the signed-in client's own (ADR 079): an unknown card or receipt is 404.
  "routes/client/payment-methods": {
    get: { url: () => "/client/payment-methods", expect: clientsOnly },
    post: {
      url: () => "/client/payment-methods",
      form: () => ({ card: "pm_pas_a_vous" }),
      expect: only({ client: "404", otherClient: "404" }, "3xx /"),
    },
  },
  // Saved vehicles (ADR 085): the signed-in client's own; another's id is 404.
  "routes/client/membership": {
    get: { url: () => "/client/abonnement", expect: clientsOnly },
    post: {
      url: () => "/client/abonnement",
      form: () => ({ intent: "nothing" }),
      expect: only({ client: "400", otherClient: "400" }, "3xx /"),
    },
  },
  "routes/client/vehicles": {
    get: { url: () => "/client/vehicles", expect: clientsOnly },
    post: {
      url: () => "/client/vehicles",
      form: () => ({ intent: "remove", vehicleId: UUID }),
      expect: only({ client: "404", otherClient: "404" }, "3xx /"),
    },
  },
  "routes/client/receipt": {
    get: {
      url: () => `/client/receipts/${UUID}`,
      expect: only({ client: "404", otherClient: "404" }, "3xx /"),
    },
  },
  "routes/client/data-export": { get: { url: () => "/client/data.json", expect: clientsOnly } },
  "routes/client/rewards-exchange": {
    get: { url: () => "/api/rewards/exchange", expect: every("405") },
    post: {
      url: () => "/api/rewards/exchange",
      json: () => ({ reward_id: "pas-un-uuid" }),
      expect: {
        anonymous: "401",
        client: "400",
        otherClient: "400",
        franchisee: "403",
        otherFranchisee: "403",
        crew: "403",
        admin: "403",
      },
    },
  },

  // The form posts to its own page as multipart (ADR 055): any other body is refused.
  "routes/application/application": {
    get: { url: () => "/application", expect: every("2xx") },
    post: { url: () => "/application", form: () => ({}), expect: every("415") },
  },
  "routes/application/confirm-email": {
    get: { url: () => "/application/confirm?id=x&token=y", expect: every("400") },
    post: { url: () => "/application/confirm", form: () => ({ id: "x", token: "y" }), expect: every("400") },
  },
  "routes/application/api": {
    get: { url: () => "/api/franchise-applications", expect: every("405") },
    post: { url: () => "/api/franchise-applications", json: () => ({}), expect: every("400") },
  },
  "routes/application/signature-file": {
    get: {
      url: () => `/files/signatures/signature_${UUID}.png`,
      expect: only({ admin: "404" }, "3xx /"),
    },
  },
  // A candidate's photo (ADR 076): the admin, or a signed link (tests/http/franchise-applications).
  "routes/application/application-photo-file": {
    get: {
      url: () => `/files/application-photos/photo_${UUID}.webp`,
      expect: only({ admin: "404" }, "3xx /"),
    },
  },

  "routes/franchisee/layout": { get: { url: () => "/franchisee", expect: franchiseesOnly, alone: true } },
  "routes/franchisee/dashboard": {
    get: { url: () => "/franchisee", expect: franchiseesOnly, alone: true },
  },
  "routes/franchisee/team": {
    get: { url: () => "/franchisee/team", expect: franchiseesOnly, alone: true },
    // The Granby member, rewritten with its own values: the Sherbrooke franchisee gets 404.
    post: {
      url: () => "/franchisee/team",
      form: (ids) => ({
        intent: "updateMember",
        memberId: ids.granbyMember,
        firstName: "Marc-André",
        lastName: "Gagnon",
        email: "marc-andre.gagnon@lavageprestige.ca",
      }),
      expect: only({ franchisee: "2xx", otherFranchisee: "404" }, "3xx /"),
    },
  },
  "routes/franchisee/schedule": {
    get: { url: () => "/franchisee/schedule", expect: franchiseesOnly, alone: true },
    // A Granby appointment given to a Sherbrooke member: neither franchisee owns both.
    post: {
      url: () => "/franchisee/schedule",
      form: (ids) => ({
        intent: "reassign",
        appointmentId: ids.clientBooking.appointmentId,
        teamMemberId: ids.sherbrookeMember,
      }),
      expect: only({ franchisee: "404", otherFranchisee: "404" }, "3xx /"),
    },
  },
  // The booking desk (ADR 052): a franchisee sees only its own bookings; no such booking is a 404.
  "routes/franchisee/bookings": {
    get: { url: () => "/franchisee/bookings", expect: franchiseesOnly, alone: true },
  },
  "routes/franchisee/booking": {
    get: {
      url: () => "/franchisee/bookings/x",
      expect: only({ franchisee: "404", otherFranchisee: "404" }, "3xx /"),
    },
    post: {
      url: () => "/franchisee/bookings/x",
      form: () => ({}),
      expect: only({ franchisee: "400", otherFranchisee: "400" }, "3xx /"),
    },
  },
  "routes/franchisee/route": {
    get: { url: () => "/franchisee/route", expect: franchiseesOnly, alone: true },
  },
  "routes/franchisee/clients": {
    get: { url: () => "/franchisee/clients", expect: franchiseesOnly, alone: true },
  },
  // A customer record (ADR 096): the other client booked in Sherbrooke only, so Granby's
  // franchisee gets a 404 (as for no customer) and Sherbrooke's opens it and adds its note.
  "routes/franchisee/client": {
    get: {
      url: () => `/franchisee/clients/${OTHER_CUSTOMER}`,
      expect: only({ franchisee: "404", otherFranchisee: "2xx" }, "3xx /"),
      alone: true,
    },
    post: {
      url: () => `/franchisee/clients/${OTHER_CUSTOMER}`,
      form: () => ({ intent: "add-note", noteId: UUID, body: "Note de la matrice" }),
      expect: only(
        { franchisee: "404", otherFranchisee: `3xx /franchisee/clients/${OTHER_CUSTOMER}` },
        "3xx /",
      ),
    },
  },
  // A day moved for the weather (ADR 090): the franchisees only; an empty form moves nothing (400).
  "routes/franchisee/weather": {
    get: { url: () => "/franchisee/weather", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/weather",
      form: () => ({ zoneId: "", date: "", reason: "" }),
      expect: only({ franchisee: "400", otherFranchisee: "400" }, "3xx /"),
    },
  },
  "routes/franchisee/restock": {
    get: { url: () => "/franchisee/restock", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/restock",
      form: () => ({ lines: "[]" }),
      expect: only({ franchisee: "400", otherFranchisee: "400" }, "3xx /"),
    },
  },
  // The franchisee's own shop (ADR 094, amended): a return that is not one of its orders' is not
  // found (another franchisee's is refused the same way, in shop-franchisee.db.test.ts).
  "routes/franchisee/shop": {
    get: { url: () => "/franchisee/shop", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/shop",
      form: () => ({ returnId: UUID, decision: "accept" }),
      expect: only({ franchisee: "404", otherFranchisee: "404" }, "3xx /"),
    },
  },
  "routes/franchisee/reports": {
    get: { url: () => "/franchisee/reports", expect: franchiseesOnly, alone: true },
  },
  "routes/franchisee/territory": {
    get: { url: () => "/franchisee/territory", expect: franchiseesOnly, alone: true },
  },
  // Counts only, of the franchisee's own zones (ADR 091, amended).
  "routes/franchisee/freed-times": {
    get: { url: () => "/franchisee/freed-times", expect: franchiseesOnly, alone: true },
  },
  "routes/franchisee/reviews": {
    get: { url: () => "/franchisee/reviews", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/reviews",
      form: () => ({ review_id: "x" }),
      expect: only({ franchisee: "400", otherFranchisee: "400" }, "3xx /"),
    },
  },
  // « Mon calendrier » (ADR 082): the franchisee's own link to all of its appointments.
  "routes/franchisee/calendar": {
    get: { url: () => "/franchisee/calendar", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/calendar",
      form: () => ({ intent: "autre" }),
      expect: only({ franchisee: "400", otherFranchisee: "400" }, "3xx /"),
    },
  },
  // Getting paid (issue 31, ADR 075): a franchisee's own payments only. A booking of another
  // franchisee is a 404; its own, 3 hours ahead, cannot be paid on site yet (409).
  "routes/franchisee/payments": {
    get: { url: () => "/franchisee/payments?month=2026-11", expect: franchiseesOnly, alone: true },
    post: {
      url: () => "/franchisee/payments",
      form: (ids) => ({ intent: "on-site", appointmentId: ids.clientBooking.appointmentId, method: "cash" }),
      expect: only({ franchisee: "409", otherFranchisee: "404" }, "3xx /"),
    },
  },
  // Stripe is not configured on the server under test: nothing to onboard to (409).
  "routes/franchisee/payments-onboarding": {
    get: {
      url: () => "/franchisee/payments/onboarding",
      expect: only({ franchisee: "409", otherFranchisee: "409" }, "3xx /"),
    },
  },
  "routes/franchisee/reports-csv": {
    get: { url: () => "/franchisee/reports.csv?group=month", expect: franchiseesOnly },
  },

  "routes/admin/layout": { get: { url: () => "/admin", expect: adminOnly, alone: true } },
  "routes/admin/dashboard": { get: { url: () => "/admin", expect: adminOnly, alone: true } },
  "routes/admin/franchisees": {
    get: { url: () => "/admin/franchisees", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/franchisees",
      form: () => ({ intent: "autre" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  // An application's page (ADR 056): no such application for the admin, nothing for anyone else.
  "routes/admin/application": {
    get: { url: () => `/admin/applications/${UUID}`, expect: only({ admin: "404" }, "3xx /") },
    post: {
      url: () => `/admin/applications/${UUID}`,
      form: () => ({ intent: "reject", applicationId: UUID }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/reports": { get: { url: () => "/admin/reports", expect: adminOnly, alone: true } },
  "routes/admin/services": {
    get: { url: () => "/admin/services", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/services",
      form: () => ({ intent: "save" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  // A service's checklist (ADR 088): an unknown service is not found; a step without label, 400.
  "routes/admin/service-checklist": {
    get: {
      url: () => `/admin/services/${UUID}/checklist`,
      expect: only({ admin: "404" }, "3xx /"),
      alone: true,
    },
    post: {
      url: () => `/admin/services/${UUID}/checklist`,
      form: () => ({ intent: "save" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/memberships": {
    get: { url: () => "/admin/memberships", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/memberships",
      form: () => ({ name: "" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/vehicle-classes": {
    get: { url: () => "/admin/vehicle-classes", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/vehicle-classes",
      form: () => ({ name: "" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/coverage": {
    get: { url: () => "/admin/coverage", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/coverage",
      form: () => ({ intent: "save" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/restock": {
    get: { url: () => "/admin/restock", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/restock",
      form: () => ({ orderId: "x" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/shop": {
    get: { url: () => "/admin/boutique", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/boutique",
      form: () => ({ intent: "retail", itemId: "x" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/promo-codes": {
    get: { url: () => "/admin/promo-codes", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/promo-codes",
      form: () => ({ intent: "create" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  // A code's edit page (ADR 057): no such code for the admin, nothing for anyone else.
  "routes/admin/promo-code-edit": {
    get: { url: () => `/admin/promo-codes/${UUID}`, expect: only({ admin: "404" }, "3xx /") },
    post: {
      url: () => `/admin/promo-codes/${UUID}`,
      form: () => ({ code: "" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/photos": {
    get: { url: () => "/admin/photos", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/photos",
      form: () => ({ intent: "upload" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/jobs": {
    get: { url: () => "/admin/jobs", expect: adminOnly, alone: true },
    post: { url: () => "/admin/jobs", form: () => ({ jobId: "x" }), expect: only({ admin: "400" }, "3xx /") },
  },
  // A hide without a reason of the content policy is refused (ADR 049).
  "routes/admin/bookings": {
    get: { url: () => "/admin/bookings", expect: adminOnly, alone: true },
  },
  "routes/admin/booking": {
    get: { url: () => "/admin/bookings/x", expect: only({ admin: "404" }, "3xx /") },
    post: { url: () => "/admin/bookings/x", form: () => ({}), expect: only({ admin: "400" }, "3xx /") },
  },
  // Every customer of the network, searched and narrowed to a franchisee (issue 33, item 11).
  "routes/admin/clients": {
    get: { url: () => "/admin/clients?q=example&page=2", expect: adminOnly, alone: true },
  },
  // Any customer's record for the admin (ADR 096); a head-office note goes back to it.
  "routes/admin/client": {
    get: { url: () => `/admin/clients/${DEMO_CUSTOMER}`, expect: adminOnly, alone: true },
    post: {
      url: () => `/admin/clients/${DEMO_CUSTOMER}`,
      form: () => ({
        intent: "add-note",
        noteId: "6a1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d",
        body: "Note du siège",
      }),
      expect: only({ admin: `3xx /admin/clients/${DEMO_CUSTOMER}` }, "3xx /"),
    },
  },
  // Counts only, the network's (ADR 091, amended).
  "routes/admin/freed-times": {
    get: { url: () => "/admin/freed-times", expect: adminOnly, alone: true },
  },
  "routes/admin/reviews": {
    get: { url: () => "/admin/reviews", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/reviews",
      form: () => ({ review_id: UUID }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  "routes/admin/conversations": {
    get: { url: () => "/admin/conversations", expect: adminOnly, alone: true },
  },
  "routes/admin/payments": {
    get: { url: () => "/admin/payments", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/payments",
      form: () => ({ intent: "autre" }),
      expect: only({ admin: "400" }, "3xx /"),
    },
  },
  // A refund of a payment that does not exist: 404 for the admin, nothing for anyone else.
  "routes/admin/payment-statement": {
    get: { url: () => "/admin/payments/statement?month=2026-11", expect: adminOnly, alone: true },
    post: {
      url: () => "/admin/payments/statement",
      form: () => ({ intent: "refund", paymentId: UUID, key: UUID, amount: "10,00", reason: "Essai" }),
      expect: only({ admin: "404" }, "3xx /"),
    },
  },
  "routes/admin/payment-statement-csv": {
    get: { url: () => "/admin/payments/statement.csv?month=2026-11", expect: adminOnly },
  },
  "routes/admin/reports-export": {
    get: { url: () => "/admin/reports/export?type=revenue&months=6", expect: adminOnly },
  },

  // Public JSON API (docs/http-api.md): the same answer for every role.
  "routes/api/contact": {
    get: { url: () => "/api/contact", expect: every("405") },
    post: { url: () => "/api/contact", json: () => ({}), expect: every("400") },
  },
  "routes/api/openapi": { get: { url: () => "/api/openapi.json", expect: every("2xx") } },
  "routes/api/slots": { get: { url: () => "/api/slots?zone=granby&cars=1", expect: every("2xx") } },
  "routes/api/bookings": {
    get: { url: () => "/api/bookings", expect: every("405") },
    post: { url: () => "/api/bookings", json: () => ({}), expect: every("400") },
  },
  "routes/api/booking-cancel": {
    get: { url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/cancel`, expect: every("405") },
    // The other client's genuine token on the demo client's booking: refused for everyone.
    post: {
      url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/cancel`,
      json: (ids) => ({ token: ids.otherClientBooking.manageToken }),
      expect: every("403"),
    },
  },
  "routes/api/booking-reschedule": {
    get: { url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/reschedule`, expect: every("405") },
    post: {
      url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/reschedule`,
      json: () => ({ token: FAKE_TOKEN, start: "2030-01-07T10:00:00-05:00" }),
      expect: every("403"),
    },
  },
  "routes/api/appointment": {
    get: { url: (ids) => `/api/appointments/${ids.clientBooking.bookingId}`, expect: every("2xx") },
  },
  // The booking's .ics holds its address: the manage token or the owner; 404 for anyone else.
  "routes/api/booking-calendar": {
    get: {
      url: (ids) => `/api/appointments/${ids.clientBooking.bookingId}/calendar.ics`,
      expect: only({ client: "2xx" }, "404"),
    },
  },
  // The extras change with the manage token or for the owner (the same extras: nothing changes).
  "routes/api/update-appointment": {
    get: { url: () => "/api/update-appointment", expect: every("405") },
    post: {
      url: () => "/api/update-appointment",
      json: (ids) => ({ booking_id: ids.clientBooking.bookingId, upsells: [] }),
      expect: only({ client: "2xx" }, "403"),
    },
  },
  // The assistant (ADR 051): the chat panel's turns and the MCP endpoint, the same for every role.
  "routes/api/assistant": {
    get: { url: () => "/api/assistant", expect: every("2xx") },
    post: { url: () => "/api/assistant", json: () => ({}), expect: every("400") },
  },
  "routes/api/mcp": {
    get: { url: () => "/mcp", expect: every("405") },
    // No cookie is read: a JSON-RPC call without the Streamable HTTP Accept header is 406 for all.
    post: { url: () => "/mcp", json: () => ({}), expect: every("406") },
  },
  "routes/api/validate-location": {
    get: { url: () => "/api/validate-location", expect: every("405") },
    post: { url: () => "/api/validate-location", json: () => ({ address: "" }), expect: every("400") },
  },
  "routes/api/validate-postal-code": {
    get: { url: () => "/api/validate-postal-code", expect: every("405") },
    post: { url: () => "/api/validate-postal-code", json: () => ({ postalCode: "" }), expect: every("400") },
  },
  // Provider callback: without the provider's signature or shared secret, refused.
  "routes/api/sms-inbound": {
    get: { url: () => "/api/sms/inbound", expect: every("405") },
    post: {
      url: () => "/api/sms/inbound",
      form: () => ({ From: "+14505550199", Body: "STOP" }),
      expect: every("403"),
    },
  },
  // Stripe's events (ADR 073): the matrix's server has no Stripe keys, so payments are off (404);
  // with keys, an unsigned post is 400 (tests/http/stripe-webhook.test.ts).
  "routes/api/stripe-webhook": {
    get: { url: () => "/api/stripe/webhook", expect: every("405") },
    post: { url: () => "/api/stripe/webhook", json: () => ({ id: "evt_1" }), expect: every("404") },
  },
  "routes/api/unsubscribe": {
    get: { url: () => "/api/unsubscribe?token=faux", expect: every("3xx /unsubscribe") },
    post: {
      url: () => "/api/unsubscribe?token=faux",
      form: () => ({ "List-Unsubscribe": "One-Click" }),
      expect: every("400"),
    },
  },
  "routes/messaging/unsubscribe": {
    get: { url: () => "/unsubscribe?token=faux", expect: every("400") },
    post: { url: () => "/unsubscribe", form: () => ({ token: "faux" }), expect: every("400") },
  },
  "routes/messaging/confirm-offers": {
    get: { url: () => "/confirm-offers?token=faux", expect: every("400") },
    post: { url: () => "/confirm-offers", form: () => ({ token: "faux" }), expect: every("400") },
  },
};

/** The full path of a manifest route (its own path already carries its prefix). */
function describeRoute(route: ManifestRoute): string {
  return `${route.id} (/${route.path ?? ""}${route.index ? " index" : ""})`;
}

for (const target of targets) {
  describe(`authorization matrix [${target.name}]`, () => {
    let fixture: RolesFixture;
    let manifest: ManifestRoute[];

    beforeAll(async () => {
      manifest = await readBuiltRoutes();
      fixture = await startRolesServer(target);
    });

    afterAll(async () => {
      await fixture?.close();
    });

    async function call(who: Who, method: "GET" | "POST", check: Check, url: string): Promise<Response> {
      const headers: Record<string, string> = { cookie: fixture.cookies[who] };
      let body: string | undefined;
      if (method === "POST") {
        headers.origin = fixture.server.url;
        if (check.json) {
          headers["content-type"] = "application/json";
          body = JSON.stringify(check.json(fixture.ids));
        } else {
          headers["content-type"] = "application/x-www-form-urlencoded";
          body = new URLSearchParams(check.form?.(fixture.ids) ?? {}).toString();
        }
      }
      return fetch(`${fixture.server.url}${url}`, { method, headers, body, redirect: "manual" });
    }

    async function outcomeOf(res: Response): Promise<string> {
      const text = await res.text();
      if (res.status >= 300 && res.status < 400) {
        return `3xx ${new URL(res.headers.get("location") ?? "", fixture.server.url).pathname}`;
      }
      // A single-fetch data request carries a redirect in its body (status 202).
      const redirect = /"SingleFetchRedirect".*?"redirect","([^"]*)"/.exec(text);
      if (redirect) return `3xx ${new URL(redirect[1]!, fixture.server.url).pathname}`;
      if (res.status >= 200 && res.status < 300) return "2xx";
      return String(res.status);
    }

    it("has a row for every route with a loader or an action", () => {
      const served = manifest.filter((r) => r.hasLoader || r.hasAction);
      const missing = served.filter((r) => {
        const row = TABLE[r.id];
        return !row || (r.hasLoader && !row.get) || (r.hasAction && !row.post);
      });
      expect(
        missing.map(describeRoute),
        "No route may be added without a row: add it to TABLE in tests/http/authorization-matrix.test.ts",
      ).toEqual([]);
      const stale = Object.keys(TABLE).filter((id) => !served.some((r) => r.id === id));
      expect(stale, "rows of routes the build no longer serves").toEqual([]);
      expect(served.filter((r) => r.path?.startsWith("api/")).length).toBeGreaterThan(10);
    });

    it("answers each role as the table says", async () => {
      const mismatches: string[] = [];
      let checked = 0;
      const routes = manifest.filter((r) => (r.hasLoader || r.hasAction) && TABLE[r.id]);
      for (const route of routes) {
        const row = TABLE[route.id]!;
        const calls: { method: "GET" | "POST"; check: Check; url: string }[] = [];
        if (route.hasLoader && row.get) {
          const url = row.get.url(fixture.ids);
          calls.push({ method: "GET", check: row.get, url });
          if (row.get.alone) {
            const [pathname, query] = url.split("?");
            const search = new URLSearchParams(query);
            search.set("_routes", route.id);
            calls.push({ method: "GET", check: row.get, url: `${pathname}.data?${search}` });
          }
        }
        if (route.hasAction && row.post)
          calls.push({ method: "POST", check: row.post, url: row.post.url(fixture.ids) });
        // The roles that may change something go last, after the refused ones.
        const order: Who[] = [
          "anonymous",
          "client",
          "otherClient",
          "otherFranchisee",
          "crew",
          "franchisee",
          "admin",
        ];
        for (const { method, check, url } of calls) {
          for (const who of order) {
            const got = await outcomeOf(await call(who, method, check, url));
            checked += 1;
            if (got !== check.expect[who]) {
              mismatches.push(`${method} ${url} as ${who}: ${got}, table says ${check.expect[who]}`);
            }
          }
        }
      }
      console.log(
        `authorization matrix [${target.name}]: ${routes.length} routes x ${ROLES.length} roles checked (${checked} requests)`,
      );
      expect(mismatches).toEqual([]);
      // Some 900 requests one after the other: on a loaded machine they pass a minute.
    }, 240_000);

    it("leaks no customer detail of another client's booking", async () => {
      const { clientBooking } = fixture.ids;
      const res = await call(
        "otherClient",
        "GET",
        { url: () => "", expect: every("2xx") },
        `/api/appointments/${clientBooking.bookingId}`,
      );
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).not.toContain("client@example.com");
      expect(body).not.toContain("120 rue Principale");
      expect(body).not.toContain("555");
    });

    it("refuses a client making itself admin through the auth API", async () => {
      for (const who of ["client", "franchisee"] as const) {
        const res = await call(
          who,
          "POST",
          {
            url: () => "",
            json: () => ({ userId: fixture.ids.users[who], role: "admin" }),
            expect: every("403"),
          },
          "/api/auth/admin/set-role",
        );
        expect(res.status, who).toBe(403);
      }
    });

    it("changed nothing of anyone else's data", async () => {
      await fixture.server.stop();
      const database = await fixture.open();
      try {
        const db = database.db;
        const [booking] = await db
          .select()
          .from(s.appointments)
          .where(eq(s.appointments.bookingId, fixture.ids.clientBooking.bookingId));
        expect(booking).toMatchObject({ status: "scheduled", cancelReason: null });
        expect(booking!.teamMemberId).not.toBe(fixture.ids.sherbrookeMember);
        const [member] = await db
          .select()
          .from(s.teamMembers)
          .where(eq(s.teamMembers.id, fixture.ids.granbyMember));
        expect(member).toMatchObject({
          firstName: "Marc-André",
          lastName: "Gagnon",
          email: "marc-andre.gagnon@lavageprestige.ca",
          isActive: true,
        });
        const roles = await db.select({ id: s.users.id, role: s.users.role }).from(s.users);
        const roleOf = (id: string) => roles.find((r) => r.id === id)?.role;
        expect(roleOf(fixture.ids.users.client)).toBe("client");
        expect(roleOf(fixture.ids.users.franchisee)).toBe("franchisee");
        expect(roles.filter((r) => r.role === "admin")).toHaveLength(1);
        // No crew status was recorded on anyone's booking (ADR 078).
        expect(await db.select().from(s.appointmentStatusEvents)).toHaveLength(0);
        // Granby's franchisee wrote no note on Sherbrooke's customer (ADR 096): one note, Sherbrooke's.
        const [granby] = await db
          .select({ id: s.franchisees.id })
          .from(s.franchisees)
          .where(eq(s.franchisees.userId, fixture.ids.users.franchisee));
        expect(
          await db.select().from(s.customerNotes).where(eq(s.customerNotes.franchiseeId, granby!.id)),
        ).toHaveLength(0);
        const applications = await db.select().from(s.franchiseApplications);
        expect(applications).toHaveLength(0);
      } finally {
        await database.close();
      }
    });
  });
}

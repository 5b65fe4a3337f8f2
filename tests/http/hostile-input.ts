/**
 * Hostile input (issue 9, item 4; ADR 039). Property-based runs (fast-check) throw random and
 * hostile values at every action and API that takes input, and at the loaders that read a query:
 * very long strings, unicode (RTL, emoji, NUL), HTML and SQL fragments, wrong JSON types, arrays
 * and objects where strings are expected, negative and huge numbers, missing fields. Every answer
 * is below 500, and a refusal (4xx) carries a French message. Afterwards the rows stored match the
 * requests that were accepted (nothing stored half), stored markup renders escaped, and uploads
 * over the size limit or of the wrong type are refused.
 *
 * The server trusts X-Forwarded-For (TRUST_PROXY=1) and each request speaks from its own address,
 * so the rate limits do not turn the whole run into 429s (a 429 with a French message still passes).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { SIGNATURE_MAX_BYTES } from "~/domain/applications/png";
import { signaturePng } from "../factories/signature-png";
import { APPLICATION_ANSWERS as APPLICATION } from "./franchise-application-form";
import { bodyLimitFor } from "~/server/security/input-bounds.server";
import type { Database } from "~/server/db.server";
import { startRolesServer, type Ids, type RolesFixture, type Target, type Who } from "./roles-fixture";
import { securityMessages } from "~/lib/messages/security.fr";

/**
 * Cases per endpoint: enough for over 10,000 inputs per database (issue 21), 255 for the 40
 * endpoints; HOSTILE_RUNS sets it. Each
 * case is timed; the run prints the mean time per input and the slowest answer (not asserted).
 */
const RUNS_SET = process.env.HOSTILE_RUNS ? Number(process.env.HOSTILE_RUNS) : undefined;
/** Endpoints run side by side (each its own fast-check run), so the server always has work. */
const CONCURRENCY = Number(process.env.HOSTILE_CONCURRENCY ?? 4);
const SMS_SECRET = "secret-de-test-sms-0123456789";
const XSS_SCRIPT = "<script>alert(1)</script>";
const XSS_IMG = `<img src=x onerror="alert(document.cookie)">`;

const HOSTILE_STRINGS = [
  XSS_SCRIPT,
  XSS_IMG,
  `"><svg/onload=alert(1)>`,
  "javascript:alert(1)",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  `" OR ""="`,
  "1; SELECT pg_sleep(0);",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe\u202C",
  // Only invisible characters (zero-width space, joiner, BOM, word joiner; issue 29).
  "\u200B\u200B\u200B",
  "\u200D\uFEFF \u2060",
  "שלום עולם",
  "مرحبا بالعالم",
  "🚗💦🧽👨‍👩‍👧‍👦",
  "𝕏".repeat(100),
  "Z̸̡̢̛̛͚̹͎a̴l̷g̶o",
  "../../../etc/passwd",
  "%00%0d%0a",
  "\r\nSet-Cookie: x=1",
  "{{7*7}}${7*7}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "-99999999999999999999999",
  "0x1F",
  " ",
  "\t\n\r",
  "2030-02-30T25:61:00Z",
  "1970-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-000000000000",
  "é".repeat(600),
  "a".repeat(20_000),
  "<".repeat(5000),
];

/** 10 KB to 1 MB, spread evenly on a log scale: the body limit (64 KB, ADR 041) falls inside. */
const LONG_STRINGS = [10, 20, 40, 63, 65, 100, 200, 400, 700, 1024].flatMap((kb) =>
  ["x", "é", "a@", "1 ", "<"].map((unit) => unit.repeat(Math.round((kb * 1024) / unit.length))),
);
const longString = fc.constantFrom(...LONG_STRINGS);
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, -0.0001),
  fc.double(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 3 }), weight: 1 },
);
/** Bodies that are not a JSON object at all. */
const RAW_BODIES = [
  "",
  "{",
  "[]",
  "null",
  '"chaîne"',
  "42",
  '{"a":',
  "\u0000",
  "[".repeat(5000),
  "{}".repeat(10),
];

/** A letter of the French alphabet or a French word that says what went wrong. */
const FRENCH =
  /[àâçéèêëîïôûùüœÀÉÈ]|\b(veuillez|invalide|requis|introuvable|adresse|champ|erreur|merci|trop|demande|lien|votre|vous|nous|impossible|aucun|inconnue?|option|format|pris en charge|non|pas|une?|les?|la|des|du|est)\b/i;

type Encoding = "json" | "form";

interface Endpoint {
  name: string;
  method?: "POST" | "GET";
  url: (ids: Ids, value: string) => string;
  as?: Who;
  encodings: Encoding[];
  /** The fields the action reads (random values, some missing). */
  fields: string[];
  /** Fixed fields (e.g. intents drawn from a list). */
  intents?: string[];
  /** A valid body, for the near-valid cases (one field replaced by a hostile value). */
  valid?: (ctx: Context) => Record<string, unknown>;
  /** Refusals that carry no French text by design (a provider callback). */
  silent?: boolean;
  /** The table a successful answer adds a row to, and which answers count as successes. */
  creates?: {
    table: keyof typeof TABLES;
    accepted: (status: number, body: Record<string, unknown>) => boolean;
  };
}

const TABLES = {
  contactMessages: s.contactMessages,
  appointments: s.appointments,
  franchiseApplications: s.franchiseApplications,
  teamMembers: s.teamMembers,
  teamAvailability: s.teamAvailability,
  restockOrders: s.restockOrders,
  services: s.services,
  serviceZones: s.serviceZones,
};

interface Context {
  ids: Ids;
  start: string;
  signatureDataUrl: string;
}

const png = signaturePng();

/** A body the server cuts off rather than drains after its 413 (input-bounds.server.ts). */
const CUT_OFF_BYTES = 8 * 1024 * 1024;

/** The fields both booking forms (API and wizard) take. */
const BOOKING_FIELDS = [
  "zone",
  "cars",
  "start",
  "name",
  "email",
  "phone",
  "address",
  "postalCode",
  "serviceId",
];

let bookings = 0;

/**
 * A valid Granby booking at `start` for one car, by `name`, each with its own e-mail (`email`
 * numbered) and phone: the same request twice is one booking (ADR 068), and a case that changes
 * one of them keeps the other apart, so each accepted answer adds its own row.
 */
const booking = (start: string, name: string, email: string) => {
  bookings += 1;
  return {
    zone: "granby",
    cars: "1",
    start,
    name,
    email: email.replace("@", `-${bookings}@`),
    phone: `450 555 ${String(bookings % 10_000).padStart(4, "0")}`,
    address: "120 rue Principale, Granby J2G 2T5",
  };
};

const ENDPOINTS: Endpoint[] = [
  {
    name: "contact",
    url: () => "/api/contact",
    encodings: ["json", "form"],
    fields: ["name", "email", "phone", "message"],
    valid: () => ({
      name: "Léa Tremblay",
      email: "lea@example.com",
      phone: "450 555-0142",
      message: "Bonjour",
    }),
    creates: { table: "contactMessages", accepted: (status) => status === 200 },
  },
  {
    name: "auth page (sign-in, sign-up)",
    url: () => "/auth",
    encodings: ["form"],
    intents: ["sign-in", "sign-up", "test-login"],
    fields: ["email", "password", "firstName", "lastName", "phone", "role", "redirectTo"],
    valid: () => ({
      intent: "sign-up",
      email: "nouveau@example.com",
      password: "Motdepasse123!",
      firstName: "Nouveau",
      lastName: "Client",
    }),
  },
  {
    name: "forgot password",
    url: () => "/auth/forgot-password",
    encodings: ["form"],
    fields: ["email"],
  },
  {
    name: "reset password",
    url: () => "/auth/reset-password",
    encodings: ["form"],
    fields: ["token", "password", "confirm"],
  },
  {
    name: "booking API",
    url: () => "/api/bookings",
    encodings: ["json", "form"],
    fields: [...BOOKING_FIELDS, "smsConsent", "upsells"],
    valid: ({ start }) => ({ ...booking(start, "Client Hostile", "hostile@example.com"), cars: 1 }),
    creates: { table: "appointments", accepted: (status) => status === 201 },
  },
  {
    name: "booking wizard action",
    url: () => "/booking/granby",
    encodings: ["form"],
    intents: ["book"],
    fields: [...BOOKING_FIELDS, "upsells", "navigation"],
    valid: ({ start }) => ({
      intent: "book",
      ...booking(start, "Client Assistant", "assistant@example.com"),
    }),
    creates: {
      table: "appointments",
      accepted: (status, body) => (status >= 300 && status < 400) || body.status === "booked",
    },
  },
  {
    // 'Appliquer' beside the promo code: the zone, cars and code as the form holds them (issue 29).
    name: "booking wizard promo preview",
    url: () => "/booking/granby",
    encodings: ["form"],
    intents: ["promo"],
    fields: ["zone", "cars", "promoCode", "email", "phone", "address"],
    valid: () => ({ intent: "promo", zone: "granby", cars: "1", promoCode: "BIENVENUE" }),
  },
  {
    name: "cancel API",
    url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/cancel`,
    encodings: ["json", "form"],
    fields: ["token", "reason"],
  },
  {
    name: "reschedule API",
    url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/reschedule`,
    encodings: ["json", "form"],
    fields: ["token", "start"],
  },
  {
    name: "manage page action",
    url: (ids) => `/booking/manage/${ids.clientBooking.bookingId}`,
    encodings: ["form"],
    intents: ["cancel", "reschedule"],
    fields: ["token", "start", "reason"],
  },
  {
    name: "update-appointment API",
    url: () => "/api/update-appointment",
    encodings: ["json", "form"],
    fields: ["booking_id", "upsells", "city"],
    valid: ({ ids }) => ({ booking_id: ids.otherClientBooking.bookingId, upsells: [], city: "Sherbrooke" }),
  },
  {
    name: "validate-location API",
    url: () => "/api/validate-location",
    encodings: ["json"],
    fields: ["address", "cities"],
    valid: () => ({ address: "120 rue Principale, Granby", cities: ["Granby"] }),
  },
  {
    name: "validate-postal-code API",
    url: () => "/api/validate-postal-code",
    encodings: ["json"],
    fields: ["postalCode", "cities"],
    valid: () => ({ postalCode: "J2G 2T5" }),
  },
  {
    name: "waitlist page action",
    url: () => "/waitlist",
    encodings: ["form"],
    fields: ["email", "postalCode", "consent"],
  },
  {
    name: "address-validation page action",
    url: () => "/address-validation",
    encodings: ["form"],
    fields: ["postalCode"],
  },
  {
    name: "rewards exchange API",
    url: () => "/api/rewards/exchange",
    as: "otherClient",
    encodings: ["json", "form"],
    fields: ["reward_id"],
  },
  {
    name: "client space actions (profile, password, consent, delete, exchange)",
    url: () => "/client",
    as: "otherClient",
    encodings: ["form"],
    intents: ["profile", "password", "consent", "delete", "exchange"],
    fields: [
      "firstName",
      "lastName",
      "phone",
      "currentPassword",
      "newPassword",
      "confirmPassword",
      "email",
      "sms",
      "password",
      "confirmation",
      "reward_id",
    ],
    valid: () => ({ intent: "profile", firstName: "Autre", lastName: "Client", phone: "819 555-0101" }),
  },
  {
    name: "franchisee team and availability actions",
    url: () => "/franchisee/team",
    as: "otherFranchisee",
    encodings: ["form"],
    intents: [
      "addMember",
      "updateMember",
      "deleteMember",
      "addAvailability",
      "toggleAvailability",
      "deleteAvailability",
      "addTimeOff",
      "deleteTimeOff",
    ],
    fields: [
      "memberId",
      "firstName",
      "lastName",
      "email",
      "phone",
      "teamMemberId",
      "dayOfWeek",
      "startTime",
      "endTime",
      "availabilityId",
      "isAvailable",
      "startsOn",
      "endsOn",
      "reason",
      "timeOffId",
    ],
    valid: () => ({
      intent: "addMember",
      firstName: "Nouvel",
      lastName: "Employé",
      email: `employe-${Math.random().toString(36).slice(2)}@example.com`,
    }),
    creates: {
      table: "teamMembers",
      accepted: (status, body) => status === 200 && body.intent === "addMember",
    },
  },
  {
    name: "franchisee schedule actions",
    url: () => "/franchisee/schedule",
    as: "otherFranchisee",
    encodings: ["form"],
    intents: ["complete", "noShow", "cancel", "reassign", "move"],
    fields: ["appointmentId", "teamMemberId", "reason", "date", "time"],
    valid: ({ ids }) => ({
      intent: "reassign",
      appointmentId: ids.otherClientBooking.appointmentId,
      teamMemberId: ids.sherbrookeMember,
    }),
  },
  {
    name: "franchisee restock order",
    url: () => "/franchisee/restock",
    as: "otherFranchisee",
    encodings: ["form"],
    fields: ["lines", "notes"],
    creates: { table: "restockOrders", accepted: (status) => status === 200 },
  },
  {
    name: "franchise application API (JSON)",
    url: () => "/api/franchise-applications",
    encodings: ["json"],
    fields: [
      ...Object.keys(APPLICATION),
      "email",
      "signature",
      "reference_first_name",
      "reference_last_name",
      "reference_phone",
      "message",
    ],
    valid: ({ signatureDataUrl }) => ({
      ...APPLICATION,
      email: `candidat-${Math.random().toString(36).slice(2)}@example.com`,
      signature: signatureDataUrl,
    }),
    creates: { table: "franchiseApplications", accepted: (status) => status === 201 },
  },
  {
    // The typed-name signature (no drawn one): the name reaches the image code (issue 29).
    name: "franchise application API, typed signature (JSON)",
    url: () => "/api/franchise-applications",
    encodings: ["json"],
    fields: [...Object.keys(APPLICATION), "email", "signature_name"],
    valid: () => ({
      ...APPLICATION,
      email: `signataire-${Math.random().toString(36).slice(2)}@example.com`,
      signature_name: "Léa Tremblay",
    }),
    creates: { table: "franchiseApplications", accepted: (status) => status === 201 },
  },
  {
    name: "admin services actions",
    url: () => "/admin/services",
    as: "admin",
    encodings: ["form"],
    intents: ["save", "active", "move"],
    fields: ["id", "name", "description", "price", "durationMinutes", "active", "direction"],
    valid: () => ({ intent: "save", name: "Lavage test", price: "10,00", durationMinutes: "30" }),
    creates: { table: "services", accepted: (status, body) => status === 302 && body.intent === "save" },
  },
  {
    name: "admin coverage actions",
    url: () => "/admin/coverage",
    as: "admin",
    encodings: ["form"],
    intents: ["save", "delete"],
    fields: [
      "id",
      "zoneName",
      "routeSlug",
      "centerLatitude",
      "centerLongitude",
      "serviceRadiusKm",
      "status",
      "statusLabel",
    ],
    valid: () => ({
      intent: "save",
      zoneName: "Zone test",
      routeSlug: `zone-${Math.random().toString(36).slice(2, 8)}`,
      centerLatitude: "45,4",
      centerLongitude: "-72,7",
      serviceRadiusKm: "20",
      status: "seeking_franchisee",
    }),
  },
  {
    name: "admin franchisees actions",
    url: () => "/admin/franchisees",
    as: "admin",
    encodings: ["form"],
    intents: ["approve", "reject", "review"],
    fields: ["applicationId", "note", "email"],
  },
  {
    name: "admin restock and jobs actions",
    url: (_ids, value) => (value.length % 2 === 0 ? "/admin/restock" : "/admin/jobs"),
    as: "admin",
    encodings: ["form"],
    fields: ["orderId", "status", "jobId"],
  },
  {
    name: "SMS inbound callback",
    url: () => "/api/sms/inbound",
    encodings: ["form"],
    fields: ["From", "Body", "MessageSid"],
    valid: () => ({ From: "+14505550199", Body: "AIDE", MessageSid: "SM123" }),
    silent: true,
  },
  {
    name: "unsubscribe (one-click API)",
    // 500 characters: up to 6 KB once percent-encoded, under Node's 16 KB header limit (a longer
    // URL is cut off by Node itself before the app sees it).
    url: (_ids, value) => `/api/unsubscribe?token=${encodeAny(value.slice(0, 500))}`,
    encodings: ["form"],
    fields: ["List-Unsubscribe"],
  },
  {
    name: "unsubscribe page action",
    url: () => "/unsubscribe",
    encodings: ["form"],
    fields: ["token"],
  },
  // Loaders that read the query or a path segment.
  ...(
    [
      ["slots query", (v: string) => `/api/slots?zone=${v}&cars=${v}&from=${v}&days=${v}`],
      ["wizard query", (v: string) => `/booking/${v}?zone=${v}&cars=${v}&step=${v}&service=${v}`],
      ["appointment by id and token", (v: string) => `/api/appointments/${v}?token=${v}`],
      ["manage page by id and token", (v: string) => `/booking/manage/${v}?token=${v}`],
      ["zone page", (v: string) => `/franchise/${v}`],
      ["booking page query", (v: string) => `/booking?service=${v}`],
      ["reset-password query", (v: string) => `/auth/reset-password?token=${v}&welcome=${v}`],
      ["unsubscribe page query", (v: string) => `/unsubscribe?token=${v}`],
    ] as const
  ).map(([name, url]): Endpoint => ({
    name: `GET ${name}`,
    method: "GET",
    url: (_ids, value) => url(encodeAny(value.slice(0, 300))),
    encodings: [],
    fields: [],
  })),
  ...(
    [
      ["client booking page", "client", (v: string) => `/client/bookings/${v}`],
      ["franchisee CSV report", "franchisee", (v: string) => `/franchisee/reports.csv?group=${v}`],
      ["franchisee schedule query", "franchisee", (v: string) => `/franchisee/schedule?week=${v}&date=${v}`],
      ["admin CSV export", "admin", (v: string) => `/admin/reports/export?type=${v}&months=${v}`],
      ["admin restock query", "admin", (v: string) => `/admin/restock?status=${v}`],
      ["admin signature file", "admin", (v: string) => `/files/signatures/${v}`],
      ["admin application photo", "admin", (v: string) => `/files/application-photos/${v}`],
      [
        "application photo's signed link",
        undefined,
        (v: string) => `/files/application-photos/${v}?expires=${v}&token=${v}`,
      ],
    ] as const
  ).map(([name, as, url]): Endpoint => ({
    name: `GET ${name}`,
    method: "GET",
    as,
    url: (_ids, value) => url(encodeAny(value.slice(0, 300))),
    encodings: [],
    fields: [],
  })),
];

/** One request: a JSON or form body of hostile fields, possibly near-valid, or a raw body. */
interface Case {
  encoding: Encoding;
  body: Record<string, unknown> | null;
  raw: string | null;
  pathValue: string;
  /** Extra path segments (`/x` each) after the endpoint's path: 0 mostly, else 8 to 3,000. */
  deep: number;
  /**
   * A page asked for its HTML document (a form posted before JavaScript runs), rather than for
   * its data the way the hydrated app asks (`/path.data`, React Router's single fetch).
   */
  document: boolean;
}

function caseArbitrary(endpoint: Endpoint, ctx: Context): fc.Arbitrary<Case> {
  const intent = endpoint.intents ? fc.constantFrom(...endpoint.intents) : fc.constant(undefined);
  const record = fc.record(Object.fromEntries(endpoint.fields.map((f) => [f, hostileValue])), {
    requiredKeys: [],
  });
  const random = fc.tuple(intent, record).map(([i, r]) => (i === undefined ? r : { intent: i, ...r }));
  const bodies: fc.Arbitrary<Record<string, unknown> | null>[] = [random];
  if (endpoint.valid) {
    const names = [...endpoint.fields, ...(endpoint.intents ? ["intent"] : [])];
    bodies.push(
      fc
        .tuple(fc.constantFrom(...names), fc.oneof(hostileValue, fc.constant(undefined)))
        .map(([name, value]) => {
          const body: Record<string, unknown> = { ...endpoint.valid!(ctx) };
          if (value === undefined) delete body[name];
          else body[name] = value;
          return body;
        }),
    );
  }
  return fc.record({
    encoding: endpoint.encodings.length
      ? fc.constantFrom(...endpoint.encodings)
      : fc.constant("form" as const),
    body: fc.oneof(...bodies),
    raw: fc.oneof(
      { arbitrary: fc.constant(null), weight: 8 },
      { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 },
    ),
    pathValue: hostileString,
    deep: fc.oneof(
      { arbitrary: fc.constant(0), weight: 9 },
      { arbitrary: fc.integer({ min: 8, max: 3000 }), weight: 1 },
    ),
    document: fc.oneof(
      { arbitrary: fc.constant(true), weight: 1 },
      { arbitrary: fc.constant(false), weight: 3 },
    ),
  });
}

/** Page routes (not resource routes) answer `/path.data` with their action's or loaders' data. */
function isPage(url: string): boolean {
  const path = url.split("?")[0]!;
  return !/^\/(api|files)\/|\.csv$|^\/admin\/reports\/export$/.test(path);
}

/** React Router's single-fetch URL of a page: `/auth` -> `/auth.data`, `/` -> `/_root.data`. */
function dataUrl(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return `${path === "/" ? "/_root" : path}.data${query === -1 ? "" : url.slice(query)}`;
}

/** A case in a few hundred characters, long strings shortened. */
function summarize(c: Case): string {
  return JSON.stringify(c, (_key, value: unknown) =>
    typeof value === "string" && value.length > 60
      ? `${value.slice(0, 20)}…(${value.length} characters)`
      : value,
  ).slice(0, 400);
}

/** The endpoint's URL with `deep` more path segments (before the query string). */
function deepen(url: string, deep: number): string {
  if (deep === 0) return url;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return `${path}${"/x".repeat(deep)}${query === -1 ? "" : url.slice(query)}`;
}

/** A hostile value as form fields: arrays repeat the field, objects go as JSON text. */
function toForm(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const text = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, text(item));
    else form.append(name, text(value));
  }
  return form;
}

/** Every string of a JSON answer under the keys that carry a message. */
function messagesOf(value: unknown, key = ""): string[] {
  if (typeof value === "string") return /error|message|formErrors|^\d+$/i.test(key) ? [value] : [];
  if (Array.isArray(value))
    return value.flatMap((v, i) => messagesOf(v, /formErrors|error/i.test(key) ? key : String(i)));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => messagesOf(v, k));
  return [];
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced by U+FFFD. */
function encodeAny(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * The suite against one database. Each database has its own test file
 * (hostile-input.{pglite,postgres}.test.ts) so that the two runs, the longest of the HTTP tests,
 * go side by side.
 */
export function describeHostileInput(target: Target): void {
  describe(`hostile input [${target.name}]`, () => {
    let fixture: RolesFixture;
    let ctx: Context;
    let tried = 0;
    let retried = 0;
    const accepted = new Map<keyof typeof TABLES, number>();
    const before = new Map<keyof typeof TABLES, number>();

    async function countRows(db: Database["db"]): Promise<Map<keyof typeof TABLES, number>> {
      const counts = new Map<keyof typeof TABLES, number>();
      for (const [name, table] of Object.entries(TABLES) as [
        keyof typeof TABLES,
        (typeof TABLES)[keyof typeof TABLES],
      ][]) {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
        counts.set(name, Number(row!.n));
      }
      return counts;
    }
    const accept = (table: keyof typeof TABLES) => accepted.set(table, (accepted.get(table) ?? 0) + 1);

    beforeAll(async () => {
      fixture = await startRolesServer(
        target,
        { TRUST_PROXY: "1", SMS_INBOUND_SECRET: SMS_SECRET },
        async (db) => {
          for (const [table, n] of await countRows(db)) before.set(table, n);
        },
      );
      const slots = (await (
        await fetch(`${fixture.server.url}/api/slots?zone=granby&cars=1&days=14`)
      ).json()) as {
        days: { slots: { start: string }[] }[];
      };
      const starts = slots.days.flatMap((d) => d.slots.map((slot) => slot.start));
      ctx = {
        ids: fixture.ids,
        start: starts[starts.length - 1]!,
        signatureDataUrl: `data:image/png;base64,${Buffer.from(png).toString("base64")}`,
      };
    });

    afterAll(async () => {
      await fixture?.close();
    });

    async function send(
      endpoint: Endpoint,
      c: Case,
    ): Promise<{ status: number; text: string; json: Record<string, unknown> | null; viaData: boolean }> {
      const headers: Record<string, string> = {
        cookie: fixture.cookies[endpoint.as ?? "anonymous"],
        "x-forwarded-for": freshIp(),
        "x-sms-secret": SMS_SECRET,
        // Uncompressed: the answers are read here for their status and message only; compressing
        // ten thousand of them took 7 % of the server's CPU, and inflating them more of the test's.
        "accept-encoding": "identity",
      };
      const target = deepen(endpoint.url(fixture.ids, c.pathValue), c.deep);
      const viaData = !c.document && c.deep === 0 && isPage(target);
      const url = `${fixture.server.url}${viaData ? dataUrl(target) : target}`;
      let body: string | undefined;
      if (endpoint.method !== "GET") {
        headers.origin = fixture.server.url;
        if (c.raw !== null) {
          headers["content-type"] =
            c.encoding === "json" ? "application/json" : "application/x-www-form-urlencoded";
          body = c.raw;
        } else if (c.encoding === "json") {
          headers["content-type"] = "application/json";
          body = JSON.stringify(c.body);
        } else {
          headers["content-type"] = "application/x-www-form-urlencoded";
          body = toForm(c.body ?? {}).toString();
        }
      }
      const init: RequestInit = { method: endpoint.method ?? "POST", headers, body, redirect: "manual" };
      let res: Response;
      try {
        res = await fetch(url, init);
      } catch (error) {
        // A kept-alive connection the server closed as it was reused (its 5 s idle timeout, under
        // load): sent once more on a new one. A server that died would fail again.
        // Past 8 MB the server answers 413 and closes the connection while the body is still
        // being sent: the client may see the cut before the answer.
        if (body !== undefined && Buffer.byteLength(body) > CUT_OFF_BYTES) {
          return { status: 413, text: securityMessages.inputBounds.bodyTooLarge, json: null, viaData };
        }
        retried += 1;
        console.log(
          `hostile input: sent again after ${String((error as { cause?: unknown }).cause ?? error)}`,
        );
        try {
          res = await fetch(url, init);
        } catch (again) {
          // A body over the path's limit gets its 413 as soon as the limit is passed; a client
          // still uploading megabytes may see the connection end before it reads that answer.
          // The server must still be up: /healthz answers.
          const path = new URL(url).pathname;
          if (body !== undefined && Buffer.byteLength(body) > bodyLimitFor(path)) {
            const health = await fetch(`${fixture.server.url}/healthz`);
            if (health.status === 200)
              return { status: 413, text: securityMessages.inputBounds.bodyTooLarge, json: null, viaData };
          }
          throw again;
        }
      }
      const text = await res.text();
      let json: Record<string, unknown> | null = null;
      // Single fetch's turbo-stream is JSON-shaped but keyless: its strings are read as text.
      if (!viaData)
        try {
          const parsed: unknown = JSON.parse(text);
          if (parsed && typeof parsed === "object") json = parsed as Record<string, unknown>;
        } catch {
          // HTML, CSV, TwiML or text
        }
      // Single fetch answers an action's redirect with 202 and the target in its body.
      return { status: viaData && res.status === 202 ? 302 : res.status, text, json, viaData };
    }

    it("answers every hostile input below 500, refusals in French", async () => {
      const failures: string[] = [];
      const only = process.env.HOSTILE_ONLY;
      const durations: number[] = [];
      let slowest = { ms: 0, where: "" };
      const started = performance.now();

      async function run(endpoint: Endpoint): Promise<void> {
        let first: string | null = null;
        const own: number[] = [];
        await fc
          .assert(
            fc.asyncProperty(caseArbitrary(endpoint, ctx), async (c) => {
              tried += 1;
              const sent = performance.now();
              const answer = await send(endpoint, c);
              const ms = performance.now() - sent;
              durations.push(ms);
              own.push(ms);
              // Said only when needed: a case may hold megabytes.
              const where = () => `${endpoint.name}: ${answer.status} for ${summarize(c)}`;
              if (ms > slowest.ms) slowest = { ms, where: where().slice(0, 200) };
              if (answer.status >= 500) {
                first ??= `${where()}\n${answer.text.slice(0, 300)}`;
                return false;
              }
              // A page's data (`.data`) carries state codes; its French text is in the page, which
              // the document cases check.
              if (answer.status >= 400 && !endpoint.silent && !answer.viaData) {
                const said = answer.json ? messagesOf(answer.json).join(" ") : answer.text;
                if (!FRENCH.test(said)) {
                  first ??= `${where()}: no French message in ${answer.text.slice(0, 300)}`;
                  return false;
                }
              }
              if (endpoint.creates && answer.status < 500) {
                const { table, accepted: ok } = endpoint.creates;
                const intent =
                  (c.body?.intent as string | undefined) ?? (answer.json?.intent as string | undefined);
                const body = { ...(answer.json ?? {}), intent };
                if (c.raw === null && ok(answer.status, body)) accept(table);
                if (process.env.HOSTILE_DEBUG)
                  console.log(
                    endpoint.name,
                    answer.status,
                    JSON.stringify(c).slice(0, 200),
                    answer.text.slice(0, 200),
                  );
              }
              return true;
            }),
            {
              numRuns: RUNS_SET ?? Math.ceil(10_200 / ENDPOINTS.length),
              endOnFailure: true,
              seed: Number(process.env.HOSTILE_SEED ?? Date.now() % 1e9),
            },
          )
          .finally(() => {
            if (!process.env.HOSTILE_TIMES) return;
            const mean = own.reduce((x, y) => x + y, 0) / Math.max(1, own.length);
            console.log(`${endpoint.name}: ${own.length} inputs, ${mean.toFixed(1)} ms on average`);
          })
          .catch((error: unknown) =>
            failures.push(
              first ??
                `${endpoint.name}: failed (${String(error).slice(0, 1000)}; cause: ${String((error as { cause?: unknown }).cause).slice(0, 500)})`,
            ),
          );
      }

      // A few endpoints at a time, each its own sequence of cases (rows are counted per table).
      const queue = ENDPOINTS.filter((e) => !only || e.name.includes(only));
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let endpoint = queue.shift(); endpoint; endpoint = queue.shift()) await run(endpoint);
        }),
      );

      const wall = performance.now() - started;
      const sorted = [...durations].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      console.log(
        `hostile input [${target.name}]: ${tried} hostile inputs tried in ${(wall / 1000).toFixed(1)} s ` +
          `(${CONCURRENCY} at a time): ${(wall / Math.max(1, durations.length)).toFixed(1)} ms per input; ` +
          `answer time median ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, ` +
          `worst ${slowest.ms.toFixed(0)} ms (${slowest.where}); ${retried} sent again after a closed connection`,
      );
      expect(failures).toEqual([]);
      if (!only && RUNS_SET === undefined) expect(tried).toBeGreaterThanOrEqual(10_000);
    }, 900_000);

    it("refuses uploads over the size limit or of the wrong type, in French", async () => {
      const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
        const res = await fetch(`${fixture.server.url}/api/franchise-applications`, {
          method: "POST",
          body,
          headers: { origin: fixture.server.url, "x-forwarded-for": freshIp(), ...headers },
        });
        return { status: res.status, body: (await res.json()) as { code: string; error: string } };
      };
      const form = (signature: Blob, name = "signature.png") => {
        const body = new FormData();
        for (const [k, v] of Object.entries({ ...APPLICATION, email: "televersement@example.com" }))
          body.set(k, v);
        body.set("signature", signature, name);
        return body;
      };
      const tooBig = new Uint8Array(SIGNATURE_MAX_BYTES + 1);
      tooBig.set(png);
      const cases: [
        string,
        () => Promise<{ status: number; body: { code: string; error: string } }>,
        number,
      ][] = [
        ["PNG over the size limit", () => post(form(new Blob([tooBig], { type: "image/png" }))), 413],
        [
          "body over the request limit",
          () => post(form(new Blob([new Uint8Array(400 * 1024)], { type: "image/png" }))),
          413,
        ],
        [
          "a JPEG",
          () => post(form(new Blob([new Uint8Array(png)], { type: "image/jpeg" }), "signature.jpg")),
          415,
        ],
        [
          "an SVG with a script",
          () => post(form(new Blob([`<svg onload="alert(1)"/>`], { type: "image/svg+xml" }), "s.svg")),
          415,
        ],
        ["HTML named .png", () => post(form(new Blob([XSS_SCRIPT], { type: "text/html" }))), 415],
        ["text bytes declared PNG", () => post(form(new Blob([XSS_SCRIPT], { type: "image/png" }))), 422],
        [
          "JSON with an SVG data URL",
          () =>
            post(
              JSON.stringify({
                ...APPLICATION,
                email: "svg@example.com",
                signature: "data:image/svg+xml;base64,PHN2Zz4=",
              }),
              {
                "content-type": "application/json",
              },
            ),
          415,
        ],
        ["a body of another type", () => post("signature=x", { "content-type": "text/plain" }), 415],
      ];
      for (const [name, run, status] of cases) {
        const { status: got, body } = await run();
        tried += 1;
        expect(got, name).toBe(status);
        expect(body.error, name).toMatch(FRENCH);
      }
    });

    it("renders stored markup as text on the pages that show it", async () => {
      const { server, cookies } = fixture;
      const post = (path: string, who: Who, body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { origin: server.url, cookie: cookies[who], "x-forwarded-for": freshIp(), ...headers },
        });
      // A team member, a booking's customer, an application and a client's profile, all markup.
      const member = await post(
        "/franchisee/team",
        "franchisee",
        new URLSearchParams({
          intent: "addMember",
          firstName: XSS_SCRIPT,
          lastName: XSS_IMG,
          email: "xss.membre@example.com",
        }),
      );
      expect(member.status).toBe(200);
      accept("teamMembers");
      const booking = await post(
        "/api/bookings",
        "anonymous",
        JSON.stringify({
          zone: "granby",
          cars: 1,
          start: ctx.start,
          name: `${XSS_SCRIPT} ${XSS_IMG}`.slice(0, 100),
          email: "xss.client@example.com",
          phone: "450 555 0177",
          address: "120 rue Principale, Granby J2G 2T5",
        }),
        { "content-type": "application/json" },
      );
      expect([201, 409]).toContain(booking.status);
      if (booking.status === 201) accept("appointments");
      const application = await post(
        "/api/franchise-applications",
        "anonymous",
        JSON.stringify({
          ...APPLICATION,
          first_name: XSS_SCRIPT,
          last_name: XSS_IMG,
          city: XSS_SCRIPT,
          vehicle_info: XSS_IMG,
          email: "xss.candidat@example.com",
          signature: ctx.signatureDataUrl,
        }),
        { "content-type": "application/json" },
      );
      expect(application.status).toBe(201);
      accept("franchiseApplications");
      const profile = await post(
        "/client",
        "client",
        new URLSearchParams({
          intent: "profile",
          firstName: XSS_SCRIPT,
          lastName: XSS_IMG,
          phone: "450 555-0100",
        }),
      );
      expect(profile.status).toBe(200);
      const contact = await post(
        "/api/contact",
        "anonymous",
        JSON.stringify({ name: XSS_SCRIPT, email: "xss.contact@example.com", message: XSS_IMG }),
        { "content-type": "application/json" },
      );
      expect(contact.status).toBe(200);
      accept("contactMessages");

      const pages: [string, Who][] = [
        ["/franchisee/team", "franchisee"],
        ["/franchisee/schedule", "franchisee"],
        ["/franchisee/clients", "franchisee"],
        ["/admin/franchisees", "admin"],
        ["/client", "client"],
      ];
      let escaped = 0;
      for (const [path, who] of pages) {
        const html = await (
          await fetch(`${server.url}${path}`, { headers: { cookie: cookies[who] } })
        ).text();
        expect(html, path).not.toContain(XSS_SCRIPT);
        expect(html, path).not.toContain("<img src=x");
        if (html.includes("&lt;script&gt;alert(1)&lt;/script&gt;")) escaped += 1;
      }
      // The markup is there, shown as text, on the pages that list it.
      expect(escaped).toBeGreaterThanOrEqual(3);
    });

    it("stored a row for each accepted request, and nothing half", async () => {
      await fixture.server.stop();
      const database = await fixture.open();
      try {
        const after = await countRows(database.db);
        // What the run added is what the accepted answers account for.
        for (const table of [
          "contactMessages",
          "franchiseApplications",
          "restockOrders",
          "appointments",
          "teamMembers",
        ] as const) {
          expect(after.get(table)! - before.get(table)!, table).toBe(accepted.get(table) ?? 0);
        }
        // Each appointment has its customer, price and slot.
        const [broken] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(s.appointments)
          .where(
            sql`${s.appointments.customerName} = '' or ${s.appointments.priceCents} < 0 or ${s.appointments.endAt} <= ${s.appointments.startAt}`,
          );
        expect(Number(broken!.n)).toBe(0);
        console.log(
          `hostile input [${target.name}]: rows added ${JSON.stringify(Object.fromEntries(accepted))}`,
        );
      } finally {
        await database.close();
      }
    });
  });
}

/**
 * NUL characters (issue 9). PostgreSQL cannot store U+0000 in text (22021), so every text field
 * of every form and API, and every query text, is tried with a NUL in it: each one is refused
 * with a French message (4xx), or for a search box simply ignored, and never reaches the database
 * as a 500. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePng } from "../factories/signature-png";
import { APPLICATION_ANSWERS } from "./franchise-application-form";
import { startRolesServer, targets, type Ids, type RolesFixture, type Who } from "./roles-fixture";

const NUL = "a\u0000b";
const SMS_SECRET = "secret-de-test-sms-0123456789";

/** A French message: the catalogue's refusal or any sentence in French. */
const FRENCH =
  /[àâçéèêëîïôûùüœÀÉÈ]|\b(veuillez|invalide|requis|introuvable|adresse|champ|erreur|trop|lien|votre|vous|impossible|aucun|inconnue?|format|non|pris en charge)\b/i;

interface Ctx {
  ids: Ids;
  start: string;
  signature: string;
}

interface Form {
  name: string;
  url: (ids: Ids) => string;
  as?: Who;
  encoding: "json" | "form";
  /** A body the endpoint accepts; each of `fields` in turn gets a NUL in it. */
  valid: (ctx: Ctx) => Record<string, unknown>;
  fields: string[];
  /** A page that shows its refusal with a 200 (the page's own answer to a bad value). */
  refusal?: RegExp;
}

const unique = () => Math.random().toString(36).slice(2, 10);

const BOOKING = (ctx: Ctx) => ({
  zone: "granby",
  cars: "1",
  start: ctx.start,
  name: "Client Nul",
  email: `nul-${unique()}@example.com`,
  phone: "450 555 0199",
  address: "120 rue Principale, Granby J2G 2T5",
  postalCode: "J2G 2T5",
  upsells: "Cire",
});
const BOOKING_FIELDS = ["zone", "start", "name", "email", "phone", "address", "postalCode", "upsells"];

const APPLICATION = (ctx: Ctx) => ({
  ...APPLICATION_ANSWERS,
  email: `candidat-${unique()}@example.com`,
  reference_first_name: "Marc",
  reference_last_name: "Roy",
  reference_phone: "450 555-0143",
  available_funds: "20 000 $",
  signature: ctx.signature,
});

const FORMS: Form[] = [
  {
    name: "contact",
    url: () => "/api/contact",
    encoding: "json",
    valid: () => ({ name: "Léa", email: "lea@example.com", phone: "450 555-0142", message: "Bonjour" }),
    fields: ["name", "email", "phone", "message"],
  },
  {
    name: "sign-up",
    url: () => "/auth",
    encoding: "form",
    valid: () => ({
      intent: "sign-up",
      email: `nouveau-${unique()}@example.com`,
      password: "Motdepasse123!",
      firstName: "Nouveau",
      lastName: "Client",
    }),
    fields: ["email", "firstName", "lastName"],
  },
  {
    name: "sign-in",
    url: () => "/auth",
    encoding: "form",
    valid: () => ({ intent: "sign-in", email: "client@example.com", password: "Demo12345!" }),
    fields: ["email"],
  },
  {
    name: "forgot password",
    url: () => "/auth/forgot-password",
    encoding: "form",
    valid: () => ({ email: "client@example.com" }),
    fields: ["email"],
  },
  {
    name: "reset password",
    url: () => "/auth/reset-password",
    encoding: "form",
    valid: () => ({ token: "jeton", password: "Motdepasse123!", confirm: "Motdepasse123!" }),
    fields: ["token"],
  },
  {
    name: "booking API",
    url: () => "/api/bookings",
    encoding: "json",
    valid: BOOKING,
    fields: BOOKING_FIELDS,
  },
  {
    name: "booking wizard",
    url: () => "/booking/granby",
    encoding: "form",
    valid: (ctx) => ({ intent: "book", ...BOOKING(ctx) }),
    fields: BOOKING_FIELDS,
  },
  {
    name: "cancel API",
    url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/cancel`,
    encoding: "json",
    valid: ({ ids }) => ({ token: ids.clientBooking.manageToken, reason: "Empêchement" }),
    fields: ["token", "reason"],
  },
  {
    name: "reschedule API",
    url: (ids) => `/api/bookings/${ids.clientBooking.bookingId}/reschedule`,
    encoding: "json",
    valid: ({ ids, start }) => ({ token: ids.clientBooking.manageToken, start }),
    fields: ["token", "start"],
  },
  {
    name: "manage page cancel",
    url: (ids) => `/booking/manage/${ids.clientBooking.bookingId}`,
    encoding: "form",
    valid: ({ ids }) => ({ intent: "cancel", token: ids.clientBooking.manageToken, reason: "Empêchement" }),
    fields: ["token", "reason"],
  },
  {
    name: "update-appointment API",
    url: () => "/api/update-appointment",
    encoding: "json",
    valid: ({ ids }) => ({ booking_id: ids.clientBooking.bookingId, upsells: ["Cire"], city: "Granby" }),
    fields: ["booking_id", "upsells", "city"],
  },
  {
    name: "validate-location API",
    url: () => "/api/validate-location",
    encoding: "json",
    valid: () => ({ address: "120 rue Principale, Granby", cities: ["Granby"] }),
    fields: ["address", "cities"],
  },
  {
    name: "validate-postal-code API",
    url: () => "/api/validate-postal-code",
    encoding: "json",
    valid: () => ({ postalCode: "J2G 2T5", cities: ["Granby"] }),
    fields: ["postalCode", "cities"],
  },
  {
    name: "waitlist page",
    url: () => "/waitlist",
    encoding: "form",
    valid: () => ({ email: `nul-${unique()}@example.com`, postalCode: "J2S 1A1", consent: "on" }),
    fields: ["email", "postalCode", "consent"],
  },
  {
    name: "address-validation page",
    url: () => "/address-validation",
    encoding: "form",
    valid: () => ({ postalCode: "J2G 2T5" }),
    fields: ["postalCode"],
    refusal: /Code postal invalide/,
  },
  {
    name: "client profile",
    url: () => "/client",
    as: "otherClient",
    encoding: "form",
    valid: () => ({ intent: "profile", firstName: "Autre", lastName: "Client", phone: "819 555-0101" }),
    fields: ["firstName", "lastName", "phone"],
  },
  {
    name: "client delete account",
    url: () => "/client",
    as: "otherClient",
    encoding: "form",
    valid: () => ({ intent: "delete", password: "mauvais-mot-de-passe", confirmation: "SUPPRIMER" }),
    fields: ["confirmation"],
  },
  {
    name: "franchisee team member",
    url: () => "/franchisee/team",
    as: "otherFranchisee",
    encoding: "form",
    valid: () => ({
      intent: "addMember",
      firstName: "Nouvel",
      lastName: "Employé",
      email: `employe-${unique()}@example.com`,
      phone: "819 555-0102",
    }),
    fields: ["firstName", "lastName", "email", "phone"],
  },
  {
    name: "franchisee availability",
    url: () => "/franchisee/team",
    as: "otherFranchisee",
    encoding: "form",
    valid: ({ ids }) => ({
      intent: "addAvailability",
      teamMemberId: ids.sherbrookeMember,
      dayOfWeek: "1",
      startTime: "09:00",
      endTime: "17:00",
    }),
    fields: ["teamMemberId", "dayOfWeek", "startTime", "endTime"],
  },
  {
    name: "franchisee schedule cancel",
    url: () => "/franchisee/schedule",
    as: "otherFranchisee",
    encoding: "form",
    valid: ({ ids }) => ({
      intent: "cancel",
      appointmentId: ids.otherClientBooking.appointmentId,
      reason: "Bris d'équipement",
    }),
    fields: ["appointmentId", "reason"],
  },
  {
    name: "franchisee restock order",
    url: () => "/franchisee/restock",
    as: "otherFranchisee",
    encoding: "form",
    valid: () => ({ lines: "[]", notes: "Livrer le matin" }),
    fields: ["lines", "notes"],
  },
  {
    name: "franchise application API",
    url: () => "/api/franchise-applications",
    encoding: "json",
    valid: APPLICATION,
    fields: Object.keys(APPLICATION({ ids: {} as Ids, start: "", signature: "" })).filter(
      (f) => !["service_radius", "has_drivers_license", "has_funds", "comfortable_independence"].includes(f),
    ),
  },
  {
    name: "admin service",
    url: () => "/admin/services",
    as: "admin",
    encoding: "form",
    valid: () => ({
      intent: "save",
      name: "Lavage nul",
      description: "Description",
      price: "10,00",
      durationMinutes: "30",
    }),
    fields: ["name", "description", "price", "durationMinutes"],
  },
  {
    name: "admin zone",
    url: () => "/admin/coverage",
    as: "admin",
    encoding: "form",
    valid: () => ({
      intent: "save",
      zoneName: "Zone nulle",
      routeSlug: `zone-${unique()}`,
      centerLatitude: "45,4",
      centerLongitude: "-72,7",
      serviceRadiusKm: "20",
      status: "seeking_franchisee",
      statusLabel: "Bientôt",
    }),
    fields: ["zoneName", "routeSlug", "centerLatitude", "centerLongitude", "serviceRadiusKm", "statusLabel"],
  },
  {
    name: "admin franchisee decision",
    url: () => "/admin/franchisees",
    as: "admin",
    encoding: "form",
    valid: () => ({ intent: "review", applicationId: crypto.randomUUID() }),
    fields: ["applicationId"],
  },
  {
    name: "unsubscribe page",
    url: () => "/unsubscribe",
    encoding: "form",
    valid: () => ({ token: "jeton" }),
    fields: ["token"],
  },
];

/** Query texts: answered below 500 (a refusal in French, or the page without the bad value). */
const QUERIES: [string, Who, (v: string) => string][] = [
  ["slots", "anonymous", (v) => `/api/slots?zone=${v}&cars=1&from=${v}`],
  ["wizard", "anonymous", (v) => `/booking/granby?zone=${v}&step=${v}&service=${v}`],
  ["booking page", "anonymous", (v) => `/booking?service=${v}`],
  ["appointment token", "anonymous", (v) => `/api/appointments/${v}?token=${v}`],
  ["manage page token", "anonymous", (v) => `/booking/manage/${v}?token=${v}`],
  ["reset-password token", "anonymous", (v) => `/auth/reset-password?token=${v}`],
  ["unsubscribe page token", "anonymous", (v) => `/unsubscribe?token=${v}`],
  ["zone page", "anonymous", (v) => `/franchise/${v}`],
  ["client booking", "client", (v) => `/client/bookings/${v}`],
  ["franchisee clients search", "franchisee", (v) => `/franchisee/clients?q=${v}`],
  ["franchisee schedule", "franchisee", (v) => `/franchisee/schedule?view=day&date=${v}`],
  ["franchisee report", "franchisee", (v) => `/franchisee/reports?group=${v}`],
  ["admin restock", "admin", (v) => `/admin/restock?status=${v}`],
  ["admin reports", "admin", (v) => `/admin/reports?months=${v}`],
  ["admin export", "admin", (v) => `/admin/reports/export?type=${v}&months=${v}`],
];

let ip = 0;
const freshIp = () => `10.9.${(++ip >> 8) & 255}.${ip & 255}`;

function toForm(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  return form;
}

for (const target of targets) {
  describe(`NUL characters [${target.name}]`, () => {
    let fixture: RolesFixture;
    let ctx: Ctx;

    beforeAll(async () => {
      fixture = await startRolesServer(target, { TRUST_PROXY: "1", SMS_INBOUND_SECRET: SMS_SECRET });
      const slots = (await (
        await fetch(`${fixture.server.url}/api/slots?zone=granby&cars=1&days=14`)
      ).json()) as { days: { slots: { start: string }[] }[] };
      const starts = slots.days.flatMap((d) => d.slots.map((slot) => slot.start));
      ctx = {
        ids: fixture.ids,
        start: starts[starts.length - 1]!,
        signature: `data:image/png;base64,${Buffer.from(signaturePng()).toString("base64")}`,
      };
    });

    afterAll(async () => {
      await fixture?.close();
    });

    async function request(path: string, who: Who, init: { method?: string; body?: string; type?: string }) {
      const headers: Record<string, string> = {
        cookie: fixture.cookies[who],
        "x-forwarded-for": freshIp(),
        "x-sms-secret": SMS_SECRET,
      };
      if (init.body !== undefined) {
        headers.origin = fixture.server.url;
        headers["content-type"] = init.type!;
      }
      const res = await fetch(`${fixture.server.url}${path}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body,
        redirect: "manual",
      });
      return { status: res.status, text: await res.text() };
    }

    it("refuses a NUL in every text field of every form and API with a French 4xx", async () => {
      const failures: string[] = [];
      let tried = 0;
      for (const form of FORMS) {
        for (const field of form.fields) {
          const body = form.valid(ctx);
          const value = body[field];
          body[field] = Array.isArray(value) ? [NUL] : `${String(value ?? "")}\u0000`;
          const answer = await request(form.url(ctx.ids), form.as ?? "anonymous", {
            method: "POST",
            ...(form.encoding === "json"
              ? { body: JSON.stringify(body), type: "application/json" }
              : { body: toForm(body).toString(), type: "application/x-www-form-urlencoded" }),
          });
          tried += 1;
          const where = `${form.name} / ${field}: ${answer.status} ${answer.text.slice(0, 200)}`;
          if (form.refusal && answer.status === 200 && form.refusal.test(answer.text)) continue;
          if (answer.status < 400 || answer.status >= 500) failures.push(where);
          else if (!FRENCH.test(answer.text)) failures.push(`${where} (no French message)`);
        }
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(60);
    }, 300_000);

    it("answers a NUL in a query or a path below 500, refusals in French", async () => {
      const failures: string[] = [];
      for (const [name, who, url] of QUERIES) {
        for (const value of ["%00", "a%00b"]) {
          const answer = await request(url(value), who, {});
          const where = `${name} (${value}): ${answer.status} ${answer.text.slice(0, 200)}`;
          if (answer.status >= 500) failures.push(where);
          else if (answer.status >= 400 && !FRENCH.test(answer.text)) failures.push(`${where} (no French)`);
        }
      }
      const search = await request("/franchisee/clients?q=Client%00", "franchisee", {});
      expect(search.status).toBe(200);
      expect(failures).toEqual([]);
    }, 300_000);

    it("answers a NUL in the SMS callback and the one-click unsubscribe below 500", async () => {
      const sms = await request("/api/sms/inbound", "anonymous", {
        method: "POST",
        body: toForm({
          From: `+1450555${"\u0000"}0199`,
          Body: `AI${"\u0000"}DE`,
          MessageSid: NUL,
        }).toString(),
        type: "application/x-www-form-urlencoded",
      });
      expect(sms.status).toBeLessThan(500);
      const unsubscribe = await request("/api/unsubscribe?token=a%00b", "anonymous", {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        type: "application/x-www-form-urlencoded",
      });
      expect(unsubscribe.status).toBe(400);
      expect(unsubscribe.text).toMatch(FRENCH);
    });
  });
}

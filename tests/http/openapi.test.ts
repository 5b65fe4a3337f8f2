import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePng } from "../factories/signature-png";
import { APPLICATION_ANSWERS } from "./franchise-application-form";
import { startServer, type RunningServer } from "./server";

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

/** JSON pointer escaping (RFC 6901). */
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * The public JSON API against its OpenAPI document (docs/http-api.md): the document is valid
 * OpenAPI 3.1 (@seriousme/openapi-schema-validator), and real answers of every documented call,
 * good and bad, match the document's schema for their path, method and status (Ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1); the requests sent match its request schemas.
 */
describe("the OpenAPI document of the public API", () => {
  let server: RunningServer;
  let doc: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const checked = new Set<string>();

  beforeAll(async () => {
    server = await startServer();
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    doc = (await res.json()) as OpenApiDocument;
    ajv.addSchema(doc, "openapi.json");
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Checks `res` against the document's answer for `path`'s `method` and the status it got. */
  async function conforms(res: Response, method: string, path: string): Promise<unknown> {
    const documented = doc.paths[path]?.[method]?.responses[String(res.status)];
    expect(documented, `${method.toUpperCase()} ${path} ${res.status} is documented`).toBeDefined();
    const body: unknown = await res.json();
    const validate = ajv.getSchema(
      `openapi.json#/${pointer("paths", path, method, "responses", String(res.status), "content", "application/json", "schema")}`,
    )!;
    expect(
      validate(body),
      `${method.toUpperCase()} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}`,
    ).toBe(true);
    checked.add(`${method} ${path} ${res.status}`);
    return body;
  }

  /** Checks a request body against the document's request schema for `path`'s `method`. */
  function requestConforms(method: string, path: string, body: unknown) {
    const validate = ajv.getSchema(
      `openapi.json#/${pointer("paths", path, method, "requestBody", "content", "application/json", "schema")}`,
    )!;
    expect(
      validate(body),
      `${method.toUpperCase()} ${path} request: ${ajv.errorsText(validate.errors)}`,
    ).toBe(true);
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, ...headers },
      body: JSON.stringify(body),
    });

  it("is a valid OpenAPI 3.1 document covering every public call", async () => {
    const result = await new Validator().validate(
      structuredClone(doc) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/appointments/{bookingId}",
        "/api/bookings",
        "/api/bookings/{bookingId}/cancel",
        "/api/bookings/{bookingId}/reschedule",
        "/api/contact",
        "/api/franchise-applications",
        "/api/slots",
        "/api/update-appointment",
        "/api/validate-location",
        "/api/validate-postal-code",
      ].sort(),
    );
  });

  it("the service-area checks answer as documented", async () => {
    const served = { address: "123 rue Principale, Granby J2G 2T5" };
    requestConforms("post", "/api/validate-location", served);
    await conforms(await post("/api/validate-location", served), "post", "/api/validate-location");
    await conforms(await post("/api/validate-location", { address: "" }), "post", "/api/validate-location");
    const code = { postalCode: "J2G 2T5" };
    requestConforms("post", "/api/validate-postal-code", code);
    await conforms(await post("/api/validate-postal-code", code), "post", "/api/validate-postal-code");
    await conforms(
      await post("/api/validate-postal-code", { postalCode: 7 }),
      "post",
      "/api/validate-postal-code",
    );
  });

  it("slots, a booking and its changes answer as documented", async () => {
    const slotsPath = "/api/slots";
    const slots = (await conforms(
      await fetch(`${server.url}${slotsPath}?zone=granby&cars=1&days=14`),
      "get",
      slotsPath,
    )) as { days: { slots: { start: string }[] }[] };
    await conforms(await fetch(`${server.url}${slotsPath}?zone=granby&cars=9`), "get", slotsPath);
    await conforms(await fetch(`${server.url}${slotsPath}?zone=laval`), "get", slotsPath);

    // Two days ahead at least, so that the manage link may still move and cancel it.
    const later = Date.now() + 48 * 3_600_000;
    const open = slots.days.flatMap((d) => d.slots).filter((s) => new Date(s.start).getTime() > later);
    const booking = {
      zone: "granby",
      cars: 1,
      start: open[0]!.start,
      name: "Léa Tremblay",
      email: "lea.openapi@example.com",
      phone: "450 555-0199",
      address: "123, rue Principale, Granby J2G 2T5",
      smsConsent: false,
    };
    requestConforms("post", "/api/bookings", booking);
    const created = (await conforms(
      await post("/api/bookings", booking, { "Idempotency-Key": "openapi-test-1" }),
      "post",
      "/api/bookings",
    )) as { booking_id: string; manage_url: string };
    await conforms(await post("/api/bookings", { ...booking, phone: "123" }), "post", "/api/bookings");
    await conforms(
      await post("/api/bookings", { ...booking, address: "100 rue King Ouest, Sherbrooke J1H 1P4" }),
      "post",
      "/api/bookings",
    );

    const id = created.booking_id;
    const token = new URL(created.manage_url).searchParams.get("token")!;
    const one = "/api/appointments/{bookingId}";
    await conforms(await fetch(`${server.url}/api/appointments/${id}?token=${token}`), "get", one);
    await conforms(await fetch(`${server.url}/api/appointments/${id}`), "get", one);
    await conforms(await fetch(`${server.url}/api/appointments/inconnu`), "get", one);

    const update = { booking_id: id, token, upsells: [] };
    requestConforms("post", "/api/update-appointment", update);
    await conforms(await post("/api/update-appointment", update), "post", "/api/update-appointment");

    const move = { token, start: open[1]!.start };
    requestConforms("post", "/api/bookings/{bookingId}/reschedule", move);
    const reschedule = "/api/bookings/{bookingId}/reschedule";
    await conforms(await post(`/api/bookings/${id}/reschedule`, move), "post", reschedule);
    await conforms(
      await post(`/api/bookings/${id}/reschedule`, { ...move, token: "x".repeat(43) }),
      "post",
      reschedule,
    );

    const cancel = "/api/bookings/{bookingId}/cancel";
    requestConforms("post", cancel, { token, reason: "Un imprévu" });
    await conforms(await post(`/api/bookings/${id}/cancel`, { token, reason: "Un imprévu" }), "post", cancel);
    await conforms(await post(`/api/bookings/${id}/cancel`, { token }), "post", cancel);
  });

  it("the contact form and a franchise application answer as documented", async () => {
    const message = {
      name: "Léa Tremblay",
      email: "lea.contact@example.com",
      message: "Bonjour, une question.",
    };
    requestConforms("post", "/api/contact", message);
    await conforms(await post("/api/contact", message), "post", "/api/contact");
    await conforms(
      await post("/api/contact", { ...message, email: "pas-un-courriel" }),
      "post",
      "/api/contact",
    );

    const application = {
      ...APPLICATION_ANSWERS,
      has_drivers_license: true,
      has_funds: true,
      comfortable_independence: true,
      background_check_consent: true,
      email: "candidat.openapi@example.com",
      signature: `data:image/png;base64,${Buffer.from(signaturePng()).toString("base64")}`,
    };
    requestConforms("post", "/api/franchise-applications", application);
    const path = "/api/franchise-applications";
    await conforms(await post(path, application), "post", path);
    await conforms(await post(path, { ...application, email: "x" }), "post", path);
  });

  it("checked an answer of every documented call", () => {
    const calls = new Set([...checked].map((c) => c.split(" ").slice(0, 2).join(" ")));
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods))
        expect(calls, `${method} ${path}`).toContain(`${method} ${path}`);
    }
  });
});

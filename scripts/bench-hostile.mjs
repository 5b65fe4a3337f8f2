// The hostile run of `npm run bench` (issue 29, item 13): what an outside probe sends, replayed at
// the same 10 connections as the other runs, each request from its own address (X-Forwarded-For)
// so that the per-address limits do not turn it into a rate-limit run. The server's peak memory
// under it is reported next to its peak under the booking and page runs: the same 300 MB (PGlite)
// and 200 MB (PostgreSQL) bounds must hold.
//
// The mix, each request picked at random (a seeded generator: every run asks the same):
// - JSON bodies up to the 1 MB bound and past it, with long strings in every field, to the
//   service-area checks, the booking call, the contact form, the application and better-auth's
//   sign-in (a 64 KB password);
// - an upload of a few MB to /admin/photos with no session (refused before its body is read);
// - JSON-RPC batches of 100 tool calls to /mcp;
// - URLs of 8 KB, and deep or malformed paths;
// - hostile strings (NUL, bidirectional and zero-width characters, XSS, SQL) in the form fields of
//   the pages' actions.
import crypto from "node:crypto";
import { URLSearchParams } from "node:url";

const KB = 1024;
const SIZES = [1, 10, 64, 200, 500, 900, 1100].map((kb) => kb * KB);
const STRINGS = [
  "\u0000",
  "\u202e\u2066evil\u2069",
  "\u200b\u200b\u200b",
  "<script>alert(1)</script>",
  "' OR 1=1; DROP TABLE appointments; --",
  "%00%2e%2e%2f",
  "😀".repeat(500),
];

function ipFrom(random) {
  return `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;
}

/** The hostile requests, as autocannon `setupRequest` answers, picked with `random`. */
export function hostileRequests(origin, random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  // One field of a body is long (up to the 1 MB bound and past it); the others are short and hostile.
  const long = () => "x".repeat(pick(SIZES));
  const hostile = () => pick(STRINGS).repeat(1 + Math.floor(random() * 20));
  const json = (path, body) => ({
    method: "POST",
    path,
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body),
  });
  const form = (path, fields) => ({
    method: "POST",
    path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "text/html" },
    body: new URLSearchParams(fields).toString(),
  });
  const kinds = [
    () => json("/api/validate-location", { address: long(), cities: [hostile()] }),
    () => json("/api/validate-location", { address: hostile() }),
    () => json("/api/validate-postal-code", { postalCode: random() < 0.5 ? long() : hostile() }),
    () =>
      json("/api/bookings", {
        zone: hostile(),
        cars: 1,
        start: hostile(),
        name: long(),
        email: hostile(),
        phone: hostile(),
        address: hostile(),
        upsells: Array.from({ length: 50 }, hostile),
      }),
    () => json("/api/contact", { name: hostile(), email: "a@example.com", message: long() }),
    () =>
      json("/api/franchise-applications", {
        first_name: hostile(),
        email: "candidat@example.com",
        signature: `data:image/png;base64,${"A".repeat(pick(SIZES))}`,
      }),
    () => json("/api/auth/sign-in/email", { email: "client@example.com", password: "p".repeat(64 * KB) }),
    () => ({
      method: "POST",
      path: "/admin/photos",
      headers: { "content-type": "multipart/form-data; boundary=x", origin },
      body: `--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"\xff".repeat(3 * 1024 * KB)}\r\n--x--\r\n`,
    }),
    () =>
      json(
        "/mcp",
        Array.from({ length: 100 }, (_, id) => ({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "check_service_area", arguments: { address: pick(STRINGS) } },
        })),
      ),
    () => ({
      method: "GET",
      path: `/booking?${"q=".concat("%41".repeat(2700))}`,
      headers: { accept: "text/html" },
    }),
    () => ({ method: "GET", path: `/${"a/".repeat(2000)}`, headers: { accept: "text/html" } }),
    () => form("/?index", { intent: hostile(), name: hostile(), email: hostile(), message: long() }),
    () => form("/auth", { intent: "sign-in", email: hostile(), password: hostile() }),
  ];
  return (request) => {
    const made = pick(kinds)();
    return {
      ...request,
      ...made,
      headers: { ...made.headers, "x-forwarded-for": ipFrom(random), "x-request-id": crypto.randomUUID() },
    };
  };
}

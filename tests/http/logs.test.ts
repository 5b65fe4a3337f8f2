import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, waitForMails } from "./mail-folder";
import { cookieHeader, startServer, type RunningServer } from "./server";

/**
 * The production server's logs: one JSON line per request with its id, method, path (no query
 * string), status and duration; the X-Request-Id of a proxy is kept and echoed. A sign-up, a
 * sign-in (a wrong one too), a booking with its manage link, and a contact message leave none of
 * the submitted password, tokens, cookies, e-mail, phone or address in stdout or stderr.
 */

interface Line {
  time: string;
  level: string;
  msg: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

const person = {
  firstName: "Journal",
  lastName: "Discret",
  email: "journal.discret@example.com",
  password: "Tres-Secret-Pass-9876!",
  phone: "819 555-0173",
  phoneDigits: "8195550173",
  address: "25 rue Laurier, Gatineau J8X 3V9",
};

describe("structured logs without secrets or contact details", () => {
  let server: RunningServer;
  const secrets: string[] = [
    person.email,
    person.password,
    person.phone,
    person.phoneDigits,
    "25 rue Laurier",
    "J8X 3V9",
  ];

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "debug" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const lines = (): Line[] =>
    server
      .output()
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Line);

  it("writes only JSON lines, the French start message among them", () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) {
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(["debug", "info", "warn", "error"]).toContain(line.level);
    }
    expect(all.some((l) => l.msg.startsWith("Serveur prêt sur"))).toBe(true);
  });

  it("logs one line per request, keeps and echoes the X-Request-Id, drops the query string", async () => {
    const res = await fetch(`${server.url}/api/slots?zone=gatineau&cars=1&days=2&token=abc`, {
      headers: { "x-request-id": "lb-request-0000001" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("lb-request-0000001");
    await res.body?.cancel();

    // A header that is not a plain token is replaced, never logged.
    const odd = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": 'x" , "level": "error' } });
    const generated = odd.headers.get("x-request-id")!;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(() => lines().filter((l) => l.requestId === "lb-request-0000001" && l.status))
      .toEqual([
        expect.objectContaining({
          level: "info",
          method: "GET",
          path: "/api/slots",
          status: 200,
          durationMs: expect.any(Number),
        }),
      ]);
    await expect
      .poll(() => lines().some((l) => l.requestId === generated && l.path === "/healthz"))
      .toBe(true);
    expect(server.output()).not.toContain("token=abc");
  });

  it("logs a POST to a missing path or to a page without a form as one line, without a stack (ADR 071)", async () => {
    const post = (path: string, requestId: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-request-id": requestId,
        },
        body: "a=1",
      });
    const missing = await post("/pas-de-page-ici/xyz", "probe-post-missing-01");
    expect(missing.status).toBe(404);
    await missing.body?.cancel();
    const noForm = await post("/privacy-policy", "probe-post-noform-01");
    expect(noForm.status).toBe(405);
    await noForm.body?.cancel();
    for (const id of ["probe-post-missing-01", "probe-post-noform-01"]) {
      await expect.poll(() => lines().some((l) => l.requestId === id && l.msg === "requête")).toBe(true);
      const own = lines().filter((l) => l.requestId === id);
      expect(own.filter((l) => l.level === "error")).toEqual([]);
      expect(JSON.stringify(own)).not.toMatch(/stack|at [\w.]+ \(/);
      // The request line and one warning saying why.
      expect(own.filter((l) => l.msg !== "requête")).toEqual([expect.objectContaining({ level: "warn" })]);
    }
  });

  it("keeps passwords, tokens, cookies and contact details out of the logs", async () => {
    const origin = server.url;
    const form = (fields: Record<string, string>, cookie = "") =>
      fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
        body: new URLSearchParams(fields),
      });

    const signUp = await form({ intent: "sign-up", ...person });
    expect(signUp.status).toBe(200);
    // The account opens through the confirmation link of its e-mail (ADR 042).
    const [mail] = await waitForMails(server.dataDir, person.email, /^Confirmez votre adresse/);
    const link = linkIn(mail!.text, `${server.url}/api/auth/verify-email?`);
    secrets.push(new URL(link).searchParams.get("token")!);
    // In the browser that signed up (ADR 066): the password chosen there stays.
    const verified = await fetch(link, { redirect: "manual", headers: { cookie: cookieHeader(signUp) } });
    const signUpCookie = cookieHeader(verified);
    expect(signUpCookie).toContain("session_token=");

    const wrong = await form({ intent: "sign-in", email: person.email, password: `${person.password}x` });
    expect(wrong.status).toBe(401);
    const signIn = await form({ intent: "sign-in", email: person.email, password: person.password });
    expect(signIn.status).toBe(302);
    const cookie = cookieHeader(signIn);
    secrets.push(
      ...[signUpCookie, cookie].flatMap((c) =>
        c.split("; ").map((pair) => decodeURIComponent(pair.slice(pair.indexOf("=") + 1))),
      ),
    );

    const slots = (await (await fetch(`${server.url}/api/slots?zone=gatineau&cars=1&days=14`)).json()) as {
      days: { slots: { start: string }[] }[];
    };
    const start = slots.days.flatMap((d) => d.slots).at(-1)!.start;
    const booking = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({
        zone: "gatineau",
        cars: 1,
        start,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
        address: person.address,
        upsells: ["Traitement Aquapel"],
      }),
    });
    expect(booking.status).toBe(201);
    const { manage_url } = (await booking.json()) as { manage_url: string };
    const token = new URL(manage_url).searchParams.get("token")!;
    secrets.push(token);
    const manage = await fetch(manage_url, { headers: { cookie } });
    expect(manage.status).toBe(200);
    expect(await manage.text()).toContain(person.phoneDigits.slice(-4));

    // A booking out of the zone and an invalid one: their inputs are not logged either.
    const outside = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        zone: "granby",
        cars: 1,
        start,
        name: "Journal Discret",
        email: person.email,
        phone: person.phone,
        address: person.address,
      }),
    });
    expect(outside.status).toBe(422);

    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        name: "Journal Discret",
        email: person.email,
        phone: person.phone,
        message: `Rappelez-moi au ${person.phone} ou au ${person.address}, courriel ${person.email}.`,
      }),
    });
    expect(contact.status).toBe(200);

    // Every request above was logged...
    await expect
      .poll(() =>
        lines().filter((l) => l.method === "POST" && (l.path === "/auth" || l.path?.startsWith("/api/"))),
      )
      .toHaveLength(6);
    await expect
      .poll(() => lines().some((l) => l.path?.startsWith("/booking/manage/") && l.status === 200))
      .toBe(true);

    // ...and none of what was submitted, nor the session or manage tokens, is in the output.
    const output = server.output();
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(3);
      expect(output, `the logs contain ${secret}`).not.toContain(secret);
    }
    if (process.env.SHOW_LOGS) console.log(output);
    console.log(
      `Journaux : ${lines().length} lignes JSON, ${secrets.length} secrets et coordonnées soumis, aucun dans la sortie.`,
    );
  });
});

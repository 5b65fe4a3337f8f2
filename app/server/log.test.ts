import { afterEach, describe, expect, it } from "vitest";
import {
  captureConsole,
  configureLogger,
  countStatement,
  type RequestContext,
  log,
  LOG_STRING_MAX,
  maskEmails,
  redact,
  redactText,
  resetLogger,
  withRequestContext,
} from "./log.server";

function capture(level: "debug" | "info" | "warn" | "error" = "debug") {
  const lines: { stream: "out" | "err"; entry: Record<string, unknown>; raw: string }[] = [];
  configureLogger({
    level,
    sink: {
      out: (raw) => lines.push({ stream: "out", entry: JSON.parse(raw), raw }),
      err: (raw) => lines.push({ stream: "err", entry: JSON.parse(raw), raw }),
    },
  });
  return lines;
}

afterEach(() => resetLogger());

describe("redactText", () => {
  it.each([
    ["lea.tremblay@example.com", "Écrire à lea.tremblay@example.com svp"],
    ["Élodie.Côté+lavage@exemple.qc.ca", "de Élodie.Côté+lavage@exemple.qc.ca"],
    ["450 555-0199", "Tél. 450 555-0199"],
    ["(819) 555.0142", "appeler (819) 555.0142 le soir"],
    ["+1 514 555 0100", "cell +1 514 555 0100"],
    ["4505550199", "params: 4505550199,"],
    ["123, rue Principale", "123, rue Principale, Granby J2G 2T5"],
    ["J2G 2T5", "123, rue Principale, Granby J2G 2T5"],
    ["j1h1p5", "code j1h1p5"],
    ["25 boulevard Saint-Joseph", "au 25 boulevard Saint-Joseph"],
    ["1200 chemin du Lac", '"1200 chemin du Lac"'],
    ["abc.def.ghi", "Authorization: Bearer abc.def.ghi"],
    ["s3cr3t-t0ken_value", "/booking/manage/abc?token=s3cr3t-t0ken_value"],
  ])("masks %s", (secret, text) => {
    const out = redactText(text);
    expect(out).not.toContain(secret);
    expect(out).toContain("[masqué]");
  });

  it("leaves ordinary text, ids, dates and paths alone", () => {
    for (const text of [
      "Serveur prêt sur http://localhost:3000 (production)",
      "GET /api/slots 200",
      "booking ab12cd34ef at 2026-03-09T10:00:00-05:00",
      "job 42 failed after 3 attempts",
      "123e4567-e89b-12d3-a456-426614174000",
      "Granby",
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });

  it.each([
    ["a@b.cc", "[masqué]"],
    ["x@y@example.com", "x@[masqué]"],
    ["a@.x.com et b@c.d", "[masqué] et b@c.d"],
    ["@example.com, lea@, lea@example", "@example.com, lea@, lea@example"],
    ["Léa <léa.côté@exemple.québec>.", "Léa <[masqué]>."],
    ["𝕏𝕏@𝕏.𝕏𝕏 ok", "[masqué] ok"],
    ["a@b.cc1 et c@d.e2fg", "[masqué] et c@d.e2fg"],
  ])("masks e-mail addresses like the pattern did: %s", (text, masked) => {
    expect(maskEmails(text)).toBe(masked);
  });

  it("masks 1 MB of text correctly (linear redaction, ADR 041)", () => {
    const mb = 1024 * 1024;
    // Long runs that made the e-mail pattern backtrack: no '@', '@' without a domain, dots.
    expect(maskEmails("a".repeat(mb))).toBe("a".repeat(mb));
    expect(maskEmails("a@".repeat(mb / 2))).toBe("a@".repeat(mb / 2));
    expect(maskEmails(`${"x".repeat(mb)}@${"b.".repeat(mb / 4)}cc`)).toBe("[masqué]");
    const addresses = maskEmails("lea@example.com ".repeat(mb / 16));
    expect(addresses).toBe("[masqué] ".repeat(mb / 16));

    const out = redactText(`Tél. 450 555-0199 ${"mot ".repeat(mb / 4)}lea@example.com`);
    expect(out.startsWith("Tél. [masqué] mot mot ")).toBe(true);
    expect(out).not.toContain("555-0199");
    // Cut after the redaction: a log line never holds a whole request body.
    expect(out.length).toBeLessThan(LOG_STRING_MAX + 50);
    expect(out).toMatch(/… \[\d+ caractères coupés\]$/);
  });
});

describe("redact", () => {
  it("masks values under sensitive keys, at any depth, and keeps the others", () => {
    const out = redact({
      password: "Demo12345!",
      body: { email: "x", newPassword: "y", customerPhone: "z", address: "w", cars: 2 },
      headers: { cookie: "better-auth.session_token=abc", authorization: "Basic xyz", accept: "*/*" },
      items: [{ token: "t" }, { note: "ok" }],
      postalCode: "J2G 2T5",
      status: 201,
    });
    expect(out).toEqual({
      password: "[masqué]",
      body: {
        email: "[masqué]",
        newPassword: "[masqué]",
        customerPhone: "[masqué]",
        address: "[masqué]",
        cars: 2,
      },
      headers: { cookie: "[masqué]", authorization: "[masqué]", accept: "*/*" },
      items: [{ token: "[masqué]" }, { note: "ok" }],
      postalCode: "[masqué]",
      status: 201,
    });
  });

  it("keeps an error's name, code and scrubbed message, stack and cause", () => {
    const cause = Object.assign(new Error("duplicate key (email)=(lea@example.com)"), { code: "23505" });
    const error = new Error("Failed query: insert ... params: Léa,lea@example.com,450 555-0199", { cause });
    const out = redact(error) as Record<string, unknown>;
    expect(out.name).toBe("Error");
    expect(JSON.stringify(out)).not.toMatch(/lea@example\.com|555-0199/);
    expect(out.cause).toMatchObject({ code: "23505" });
    expect(String(out.stack)).toContain("log.test.ts");
  });

  it("cuts cycles and serializes dates and big integers", () => {
    const a: Record<string, unknown> = { when: new Date("2026-03-09T15:00:00Z"), n: 12n };
    a.self = a;
    expect(redact(a)).toEqual({ when: "2026-03-09T15:00:00.000Z", n: "12", self: "[cycle]" });
  });
});

describe("log", () => {
  it("writes one JSON line per event, info to stdout and warnings to stderr", () => {
    const lines = capture();
    log.info("Serveur prêt sur http://localhost:3000 (production)", { port: 3000 });
    log.warn("lent", { durationMs: 12 });
    expect(lines.map((l) => l.stream)).toEqual(["out", "err"]);
    expect(lines[0]!.entry).toMatchObject({
      level: "info",
      msg: "Serveur prêt sur http://localhost:3000 (production)",
      port: 3000,
    });
    expect(new Date(String(lines[0]!.entry.time)).toISOString()).toBe(lines[0]!.entry.time);
    expect(lines[0]!.raw).toContain("Serveur prêt");
  });

  it("drops lines below LOG_LEVEL", () => {
    const lines = capture("warn");
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    expect(lines.map((l) => l.entry.level)).toEqual(["warn", "error"]);
  });

  it("adds the request id of the request being served, also after an await", async () => {
    const lines = capture();
    await withRequestContext({ requestId: "req-12345678" }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      log.info("dans la requête");
    });
    log.info("hors requête");
    expect(lines[0]!.entry.requestId).toBe("req-12345678");
    expect(lines[1]!.entry.requestId).toBeUndefined();
  });

  it("redacts messages and fields", () => {
    const lines = capture();
    log.error("échec pour lea@example.com", { input: { email: "lea@example.com", phone: "450 555-0199" } });
    expect(lines[0]!.raw).not.toMatch(/lea@example\.com|555-0199/);
  });

  it("turns console calls into redacted JSON lines while captured", () => {
    const lines = capture();
    const restore = captureConsole();
    try {
      console.log("Serveur prêt sur %s", "http://localhost:3000");
      console.error("[req-1] booking request failed", new Error("params: lea@example.com"));
      console.warn({ password: "Demo12345!" });
      console.warn("\u001b[33mWARN\u001b[0m [Better Auth]: Invalid password");
    } finally {
      restore();
    }
    expect(lines.map((l) => l.entry.level)).toEqual(["info", "error", "warn", "warn"]);
    expect(lines[3]!.entry.msg).toBe("WARN [Better Auth]: Invalid password");
    expect(lines[0]!.entry.msg).toBe("Serveur prêt sur http://localhost:3000");
    expect(lines[1]!.entry.err).toMatchObject({ name: "Error", message: "params: [masqué]" });
    expect(lines.map((l) => l.raw).join("\n")).not.toMatch(/lea@example\.com|Demo12345!/);
  });

  it("counts a request's SQL statements, not its BEGIN, COMMIT or ROLLBACK, and nothing outside a request", async () => {
    countStatement("select 1");
    const context: RequestContext = { requestId: "req-12345678" };
    await withRequestContext(context, async () => {
      countStatement('select "id" from "appointments"');
      for (const text of ["begin", "  COMMIT", "rollback"]) countStatement(text);
      await Promise.resolve();
      countStatement('insert into "jobs" values ($1)');
    });
    expect(context.statements).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, waitForMails } from "./mail-folder";
import { cookieHeader, startServer, type RunningServer } from "./server";

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describe("sign-up, sign-in and sign-out through /auth", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ DEMO_ACCOUNTS: "1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function post(body: URLSearchParams, cookie = "") {
    return fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: server.url },
      body,
      redirect: "manual",
    });
  }

  it("shows the tabs and the test-login panel when demo accounts are on", async () => {
    const html = await (await fetch(`${server.url}/auth`)).text();
    expect(html).toContain("Connexion");
    expect(html).toContain("Inscription");
    expect(html).toContain("Connexion test");
  });

  it("explains missing fields in French and keeps what was typed", async () => {
    const res = await post(
      form({ intent: "sign-up", firstName: "Léa", lastName: "", email: "lea@example.com", password: "" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Le nom est requis.");
    expect(html).toContain("Le mot de passe est requis.");
    expect(html).toContain('value="Léa"');
    expect(html).toContain('value="lea@example.com"');
  });

  it("creates a client account, opens it with the e-mail's link, and the guards let it into /client", async () => {
    const res = await post(
      form({
        intent: "sign-up",
        firstName: "Léa",
        lastName: "Côté",
        email: "Lea.Cote@example.com",
        password: "motdepasse1",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Compte créé ! Vérifiez votre email");
    expect(cookieHeader(res)).not.toContain("better-auth.session_token");
    const [mail] = await waitForMails(server.dataDir, "lea.cote@example.com", /^Confirmez votre adresse/);
    // Opened in the browser that signed up (its cookie): the password chosen there stays (ADR 066).
    const confirmed = await fetch(linkIn(mail!.text, `${server.url}/api/auth/verify-email?`), {
      redirect: "manual",
      headers: { cookie: cookieHeader(res) },
    });
    const cookie = cookieHeader(confirmed);
    expect(cookie).toContain("better-auth.session_token");
    const space = await fetch(`${server.url}/client`, { headers: { cookie }, redirect: "manual" });
    expect(space.status).toBe(200);
    const admin = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(admin.headers.get("location")).toBe("/");
  });

  it("answers a second sign-up with the same e-mail as the first, without telling the account exists", async () => {
    const res = await post(
      form({
        intent: "sign-up",
        firstName: "Léa",
        lastName: "Côté",
        email: "lea.cote@example.com",
        password: "motdepasse1",
      }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Compte créé ! Vérifiez votre email");
    expect(html).not.toContain("Un compte existe déjà");
  });

  it("signs in, then out", async () => {
    const bad = await post(
      form({ intent: "sign-in", email: "lea.cote@example.com", password: "mauvais-mot" }),
    );
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain("Courriel ou mot de passe incorrect.");

    const ok = await post(
      form({ intent: "sign-in", email: "lea.cote@example.com", password: "motdepasse1" }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/client");
    const cookie = cookieHeader(ok);
    expect((await fetch(`${server.url}/client`, { headers: { cookie }, redirect: "manual" })).status).toBe(
      200,
    );

    const out = await post(form({ intent: "sign-out" }), cookie);
    expect(out.status).toBe(302);
    const after = await fetch(`${server.url}/client`, { headers: { cookie }, redirect: "manual" });
    expect(after.headers.get("location")).toBe("/auth?redirectTo=%2Fclient");
  });

  it("signs in each demo role with the test login, each to their space", async () => {
    for (const [role, target] of [
      ["admin", "/admin"],
      ["franchisee", "/franchisee"],
      ["client", "/client"],
    ] as const) {
      const res = await post(form({ intent: "test-login", role }));
      expect(res.status, role).toBe(302);
      expect(res.headers.get("location"), role).toBe(target);
    }
  });

  it("limits sign-in attempts with a French message", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await post(form({ intent: "sign-in", email: "cible@example.com", password: `essai-${i}` }));
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain("Trop de tentatives");
  });
});

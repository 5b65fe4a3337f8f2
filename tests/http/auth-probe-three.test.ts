/**
 * Issue 29 ("third outside probe"), items 1, 2 and 6 (ADR 066), on the production server over
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set: no spelling of ?redirectTo= or of a
 * callback sends a browser off-site; an account created with someone else's address is not
 * handed over with the password its creator chose; a reset by the e-mailed link ends the
 * slowdown of the account's sign-ins; the account API's sign-up answers an existing address as a
 * new one.
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "~/lib/messages/account.fr";
import { linkIn, waitForMails } from "./mail-folder";
import { targets } from "./roles-fixture";
import { cookieHeader, startServer, type RunningServer } from "./server";
import { bookOpenSlot, seededDatabase, targetDatabase, type TargetDatabase } from "./target-database";

const PASSWORD = "Un-bon-mot-de-passe-1";

/** The third probe's way off-site, and its variants (issue 29 item 1). */
const OFF_SITE = [
  "/..//evil.example",
  "/../..//evil.example/client",
  "/client/../..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%255Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "//evil.example",
  "///evil.example",
  "https://evil.example/client",
  "javascript:alert(1)",
];

for (const target of targets)
  describe(`third outside probe, accounts (ADR 066) [${target.name}]`, () => {
    let server: RunningServer;
    let database: TargetDatabase;
    const victim = `victime-${crypto.randomUUID().slice(0, 8)}@example.com`;

    beforeAll(async () => {
      const env: Record<string, string> = { TRUST_PROXY: "1" };
      database = await targetDatabase(target.name, env);
      // A guest booking made with the victim's address before any account exists.
      await seededDatabase(database, (db) =>
        bookOpenSlot(db, "granby", { email: victim, name: "Vraie Personne" }),
      );
      server = await startServer(env);
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

    function form(path: string, fields: Record<string, string>, cookie = "") {
      return fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-for": ip(),
          cookie,
        },
        body: new URLSearchParams(fields),
      });
    }
    function api(path: string, body: unknown, cookie = "") {
      return fetch(`${server.url}/api/auth${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": ip(), cookie },
        body: JSON.stringify(body),
      });
    }
    const signUpFields = (email: string, password = PASSWORD) => ({
      intent: "sign-up",
      firstName: "Léa",
      lastName: "Côté",
      email,
      password,
    });
    const verifyLinks = async (email: string, count = 1) =>
      (await waitForMails(server.dataDir, email, /^Confirmez votre adresse/, count)).map((m) =>
        linkIn(m.text, `${server.url}/api/auth/verify-email?`),
      );

    /** Signs up and confirms in the same browser; returns the session cookie. */
    async function verifiedAccount(email: string): Promise<string> {
      const signUp = await form("/auth", signUpFields(email));
      expect(signUp.status).toBe(200);
      const [link] = await verifyLinks(email);
      const res = await fetch(link!, { redirect: "manual", headers: { cookie: cookieHeader(signUp) } });
      expect(res.status).toBe(302);
      return cookieHeader(res);
    }

    /**
     * Follows the redirects of `url` as a browser would (each Location resolved against the
     * page that sent it, the cookies kept), and fails on any hop that leaves the site.
     * Returns the hops.
     */
    async function followOnSite(url: string, cookie = ""): Promise<string[]> {
      const jar = new Map(
        cookie
          .split("; ")
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
      );
      const send = (to: URL) =>
        fetch(to, { redirect: "manual", headers: { cookie: [...jar.values()].join("; ") } });
      const hops: string[] = [];
      let current = new URL(url);
      let res = await send(current);
      for (let i = 0; i < 6; i++) {
        for (const set of res.headers.getSetCookie()) {
          const pair = set.split(";")[0]!;
          jar.set(pair.slice(0, pair.indexOf("=")), pair);
        }
        if (res.status < 300 || res.status >= 400) break;
        const location = res.headers.get("location") ?? "";
        const next = new URL(location, current);
        hops.push(location);
        const trail = `${url} -> ${hops.join(" -> ")}`;
        expect(next.origin, trail).toBe(server.url);
        expect(location, trail).not.toMatch(/^\s*(\/\/|\/\\|[a-z][a-z0-9+.-]*:)/i);
        current = next;
        res = await send(current);
      }
      await res.body?.cancel();
      return hops;
    }

    it("sends a signed-in visitor nowhere off-site, whatever ?redirectTo= says (item 1)", async () => {
      const cookie = await verifiedAccount(unique("redir"));
      for (const value of OFF_SITE) {
        const hops = await followOnSite(`${server.url}/auth?redirectTo=${encodeURIComponent(value)}`, cookie);
        expect(hops[0], JSON.stringify(value)).toBe("/client");
      }
      // As typed in the address bar, not encoded.
      for (const raw of [
        "/..//evil.example",
        "/%2F%2Fevil.example",
        "/%252F%252Fevil.example",
        "/%5Cevil.example",
      ]) {
        const hops = await followOnSite(`${server.url}/auth?redirectTo=${raw}`, cookie);
        expect(hops[0], raw).toBe("/client");
      }
      // A page of the site reached through dot segments is its resolved path.
      expect(
        await followOnSite(`${server.url}/auth?redirectTo=%2Fx%2F..%2Fclient%2Fhistory`, cookie),
      ).toEqual(["/client/history"]);
    });

    it("keeps sign-in, sign-up, the confirmation link and the reset link on the site (item 1)", async () => {
      const email = unique("partout");
      await verifiedAccount(email);
      // Sign-in with a return address in the page's address and in the form.
      for (const value of OFF_SITE) {
        const res = await form(`/auth?redirectTo=${encodeURIComponent(value)}`, {
          intent: "sign-in",
          email,
          password: PASSWORD,
          redirectTo: value,
        });
        expect(res.status, JSON.stringify(value)).toBe(302);
        expect(res.headers.get("location"), JSON.stringify(value)).toBe("/client");
      }

      // Sign-up with a hostile return address: the e-mail's link leads back here, then to the space.
      const fresh = unique("inscrit");
      const signUp = await form(`/auth?redirectTo=${encodeURIComponent("/..//evil.example")}`, {
        ...signUpFields(fresh),
        redirectTo: "/..//evil.example",
      });
      expect(signUp.status).toBe(200);
      const [link] = await verifyLinks(fresh);
      expect(new URL(link!).searchParams.get("callbackURL")).toBe("/auth?verified=1");
      const hops = await followOnSite(link!, cookieHeader(signUp));
      expect(hops.at(-1)).toBe("/client");

      // The confirmation link with its callback swapped (it works again on a confirmed account).
      for (const value of OFF_SITE.filter((v) => v.startsWith("/"))) {
        const swapped = new URL(link!);
        swapped.searchParams.set("callbackURL", value);
        const res = await fetch(swapped, { redirect: "manual" });
        const location = res.headers.get("location");
        if (location !== null) expect(new URL(location, swapped).origin, value).toBe(server.url);
        expect(res.status, value).toBe(400);
        await res.body?.cancel();
        await followOnSite(swapped.href);
      }

      // The reset link's callback, and the account API's callbacks.
      for (const value of OFF_SITE.filter((v) => v.startsWith("/"))) {
        const reset = `${server.url}/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=${encodeURIComponent(value)}`;
        await followOnSite(reset);
        const res = await api("/sign-in/email", { email, password: PASSWORD, callbackURL: value });
        expect(res.status, value).toBe(400);
        const reqReset = await api("/send-verification-email", { email, callbackURL: value });
        expect(reqReset.status, value).toBe(400);
      }
    });

    it("does not hand an account over with the password of whoever signed it up (item 2)", async () => {
      const attackerPassword = "Mot-de-passe-de-l-intrus-9";
      // Someone signs up with the victim's address, in their own browser.
      const attackerSignUp = await form("/auth", signUpFields(victim, attackerPassword));
      expect(attackerSignUp.status).toBe(200);
      const attackerJar = cookieHeader(attackerSignUp);
      // Unconfirmed: their password opens nothing (a link goes to the victim again).
      expect((await api("/sign-in/email", { email: victim, password: attackerPassword })).status).toBe(403);

      // Two links reached the victim: the sign-up's and the one sent again at that sign-in
      // (made through the API, with no landing: it lands on /auth too). They open the newer one
      // in their own browser: signed in, then asked for a password.
      const links = await verifyLinks(victim, 2);
      for (const each of links)
        expect(new URL(each).searchParams.get("callbackURL")).toBe("/auth?verified=1");
      const link = links.at(-1);
      const confirmed = await fetch(link!, { redirect: "manual" });
      expect(confirmed.status).toBe(302);
      const victimCookie = cookieHeader(confirmed);
      expect(victimCookie).toContain("session_token");
      const landing = await fetch(`${server.url}${confirmed.headers.get("location")}`, {
        headers: { cookie: victimCookie },
        redirect: "manual",
      });
      // Said in full when it fails: a CI log is often all there is to read.
      const landed = landing.headers.get("location") ? "" : (await landing.text()).slice(0, 600);
      expect(`${landing.status} ${landing.headers.get("location")}`, landed).toBe(
        "302 /auth/choose-password",
      );

      // The password the other person chose no longer opens the account, by any door.
      const byApi = await api("/sign-in/email", { email: victim, password: attackerPassword }, attackerJar);
      expect(byApi.status).toBe(401);
      expect(cookieHeader(byApi)).not.toContain("session_token");
      const byForm = await form(
        "/auth",
        { intent: "sign-in", email: victim, password: attackerPassword },
        attackerJar,
      );
      expect(byForm.status).toBe(401);
      // Their browser has no session: the guest booking is not theirs to see.
      const attackerSpace = await fetch(`${server.url}/client/data.json`, {
        headers: { cookie: attackerJar },
        redirect: "manual",
      });
      expect(attackerSpace.status).toBe(302);
      expect(attackerSpace.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

      // The victim chooses their password and goes on to their space, where their booking is.
      const page = await fetch(`${server.url}/auth/choose-password`, { headers: { cookie: victimCookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(accountMessages.choosePassword.title);
      const mismatch = await form(
        "/auth/choose-password",
        { password: "Mon-vrai-mot-de-passe-7", confirm: "Autre-chose-7" },
        victimCookie,
      );
      expect(mismatch.status).toBe(400);
      const chosen = await form(
        "/auth/choose-password",
        { password: "Mon-vrai-mot-de-passe-7", confirm: "Mon-vrai-mot-de-passe-7" },
        victimCookie,
      );
      expect(chosen.status).toBe(302);
      expect(chosen.headers.get("location")).toBe("/client");
      const data = (await (
        await fetch(`${server.url}/client/data.json`, { headers: { cookie: victimCookie } })
      ).json()) as { bookings: unknown[] };
      expect(data.bookings).toHaveLength(1);

      expect(
        (await api("/sign-in/email", { email: victim, password: "Mon-vrai-mot-de-passe-7" })).status,
      ).toBe(200);
      expect(
        (await api("/sign-in/email", { email: victim, password: attackerPassword }, attackerJar)).status,
      ).toBe(401);
      // Once a password is set, the page sends on.
      const again = await fetch(`${server.url}/auth/choose-password`, {
        headers: { cookie: victimCookie },
        redirect: "manual",
      });
      expect(again.headers.get("location")).toBe("/client");
    });

    it("keeps the password chosen in the browser that signed up and opened the link (item 2)", async () => {
      const email = unique("meme");
      await verifiedAccount(email);
      expect((await api("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    });

    it("lifts the slowdown of an account's sign-ins once its password is reset by the link (item 6)", async () => {
      const email = unique("ralenti");
      await verifiedAccount(email);
      for (let i = 0; i < 10; i++)
        expect((await api("/sign-in/email", { email, password: `Mauvais-${i}-essai` })).status).toBe(401);
      const slowed = await api("/sign-in/email", { email, password: PASSWORD });
      expect(slowed.status).toBe(429);
      expect((await slowed.json()).message).toBe(accountMessages.accountSlowed);

      // As the message says: a new password through "Mot de passe oublié ?".
      expect((await form("/auth/forgot-password", { email })).status).toBe(200);
      const [mail] = await waitForMails(server.dataDir, email, /^Réinitialisation de votre mot de passe/);
      const token = new URL(linkIn(mail!.text, `${server.url}/api/auth/reset-password/`)).pathname
        .split("/")
        .pop()!;
      const reset = await form("/auth/reset-password", {
        token,
        password: "Nouveau-mot-de-passe-2",
        confirm: "Nouveau-mot-de-passe-2",
      });
      expect(reset.status).toBe(302);
      const after = await api("/sign-in/email", { email, password: "Nouveau-mot-de-passe-2" });
      expect(after.status).toBe(200);
    });

    it("answers the account API's sign-up the same for a new and an existing address (item 6)", async () => {
      const existing = unique("existe");
      await verifiedAccount(existing);
      const person = { name: "Léa Côté", firstName: "Léa", lastName: "Côté", password: PASSWORD };
      const fresh = await api("/sign-up/email", { ...person, email: unique("neuf") });
      const taken = await api("/sign-up/email", { ...person, email: existing });
      expect([fresh.status, taken.status]).toEqual([200, 200]);
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => {
        const { id, email, createdAt, updatedAt, ...rest } = body.user;
        expect([typeof id, typeof email, typeof createdAt, typeof updatedAt]).toEqual([
          "string",
          "string",
          "string",
          "string",
        ]);
        return { token: body.token, user: rest };
      };
      expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
      const cookieNames = (res: Response) =>
        res.headers
          .getSetCookie()
          .map((c) => c.split("=")[0])
          .sort();
      expect(cookieNames(taken)).toEqual(cookieNames(fresh));
    });
    it("keeps the session token out of the get-session and list-sessions answers (item 12)", async () => {
      const cookie = await verifiedAccount(unique("jeton"));
      const token = decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)![1]!);
      const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      const text = await session.text();
      expect(JSON.parse(text)).toMatchObject({
        user: { role: "client" },
        session: { userId: expect.any(String) },
      });
      expect(JSON.parse(text).session).not.toHaveProperty("token");
      expect(text).not.toContain(token);
      const list = await fetch(`${server.url}/api/auth/list-sessions`, { headers: { cookie } });
      const listed = (await list.json()) as Record<string, unknown>[];
      expect(listed.length).toBeGreaterThan(0);
      for (const item of listed) expect(item).not.toHaveProperty("token");
    });

    it("never redirects to the origin a forged Host header names (item 12)", async () => {
      const { port } = new URL(server.url);
      const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent("http://evil.example/x")}`,
            headers: { host: "evil.example" },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode!, location: res.headers.location });
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(answer.location ?? "").not.toContain("evil.example");
      expect(answer.status).toBe(400);
    });
  });

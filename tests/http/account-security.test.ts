import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/lib/messages.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { linkIn, waitForMails } from "./mail-folder";
import { cookieHeader, startServer, type RunningServer } from "./server";
import { securityMessages } from "~/lib/messages/security.fr";
import { accountMessages } from "~/lib/messages/account.fr";

/**
 * Accounts that tell the truth and hold against guessing (issue 21 items 3-5 and 7, issue 14
 * item 7; ADR 042), on the production server: the sign-up's confirmation e-mail, one live reset
 * link per account, one limit policy for the forms and /api/auth/*, the forms' input rules on
 * the account API, and the return to the page a signed-out visitor asked for.
 */
const a = accountMessages;
const PASSWORD = "Un-bon-mot-de-passe-1";

const targets = [{ name: "pglite" }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" }] : [])];

for (const target of targets)
  describe(`accounts over HTTP (ADR 042) [${target.name}]`, () => {
    let server: RunningServer;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const env: Record<string, string> = { TRUST_PROXY: "1" };
      if (target.name === "postgres") {
        const { createPostgresDatabase } = await import("./postgres");
        const created = await createPostgresDatabase();
        env.DATABASE_URL = created.url;
        drop = created.drop;
      }
      server = await startServer(env);
    });
    afterAll(async () => {
      await server?.stop();
      await drop?.();
    });

    const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

    function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
      return fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-for": ip(),
          ...headers,
        },
        body: new URLSearchParams(fields),
      });
    }
    function api(path: string, body: unknown, headers: Record<string, string> = {}) {
      return fetch(`${server.url}/api/auth${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/json",
          origin: server.url,
          "x-forwarded-for": ip(),
          ...headers,
        },
        body: JSON.stringify(body),
      });
    }
    const signUpFields = (email: string) => ({
      intent: "sign-up",
      firstName: "Léa",
      lastName: "Côté",
      email,
      password: PASSWORD,
    });

    /** Signs up through the form and follows the confirmation link; returns the session cookie. */
    async function verifiedAccount(email: string): Promise<string> {
      const signUp = await form("/auth", signUpFields(email));
      expect(signUp.status).toBe(200);
      const [mail] = await waitForMails(server.dataDir, email, /^Confirmez votre adresse/);
      const link = linkIn(mail!.text, `${server.url}/api/auth/verify-email?`);
      // In the browser that signed up (ADR 066): the password chosen there stays.
      const res = await fetch(link, { redirect: "manual", headers: { cookie: cookieHeader(signUp) } });
      expect(res.status).toBe(302);
      return cookieHeader(res);
    }

    it("sign-up sends a confirmation e-mail, signs in only through its link, then lands on /client", async () => {
      const email = unique("lea");
      const res = await form("/auth?redirectTo=%2Fclient%2Fhistory", signUpFields(email));
      expect(res.status).toBe(200);
      expect(cookieHeader(res)).not.toContain("session_token");
      expect(cookieHeader(res)).toContain("lmp_sign_up=");
      const html = await res.text();
      expect(html).toContain(messages.auth.signUpSuccess);

      // Not confirmed yet: the password alone does not open the account.
      const early = await form("/auth", { intent: "sign-in", email, password: PASSWORD });
      expect(early.status).toBe(403);
      expect(await early.text()).toContain(a.emailNotVerified);

      // Two links: the sign-up's (with the way back) and the one the early sign-in sent again.
      const mails = await waitForMails(server.dataDir, email, /^Confirmez votre adresse/, 2);
      const mail = mails.find((m) => m.text.includes("redirectTo")) ?? mails[0];
      expect(mail!.text).toContain(a.email.verify.bookings);
      const link = linkIn(mail!.text, `${server.url}/api/auth/verify-email?`);
      const confirmed = await fetch(link, { redirect: "manual", headers: { cookie: cookieHeader(res) } });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("location")).toMatch(/^\/auth\?verified=1&redirectTo=%2Fclient%2Fhistory/);
      const cookie = cookieHeader(confirmed);
      expect(cookie).toContain("session_token");
      const landing = await fetch(`${server.url}${confirmed.headers.get("location")}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(landing.headers.get("location")).toBe("/client/history");
    });

    it("sign-up answers the same for an address that has an account, and e-mails its owner instead", async () => {
      const email = unique("deja");
      await verifiedAccount(email);
      const again = await form("/auth", { ...signUpFields(email), firstName: "Autre" });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(messages.auth.signUpSuccess);
      const [notice] = await waitForMails(server.dataDir, email, /^Tentative d'inscription/);
      expect(notice!.text).toContain(`${server.url}/auth/forgot-password`);

      // The account API too: the same shape, no session, for a new and an existing address.
      const fresh = await api("/sign-up/email", {
        name: "Léa Côté",
        firstName: "Léa",
        lastName: "Côté",
        email: unique("neuf"),
        password: PASSWORD,
      });
      const taken = await api("/sign-up/email", {
        name: "Léa Côté",
        firstName: "Léa",
        lastName: "Côté",
        email,
        password: PASSWORD,
      });
      expect([fresh.status, taken.status]).toEqual([200, 200]);
      const [freshBody, takenBody] = [await fresh.json(), await taken.json()];
      expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
      expect(takenBody.token).toBeNull();
      expect(cookieHeader(taken)).not.toContain("session_token");
    });

    it("a signed-out visit to a private page goes to /auth with a return address, and back after sign-in", async () => {
      const visit = await fetch(`${server.url}/client/history`, { redirect: "manual" });
      expect(visit.status).toBe(302);
      expect(visit.headers.get("location")).toBe("/auth?redirectTo=%2Fclient%2Fhistory");
      const page = await (await fetch(`${server.url}/auth?redirectTo=%2Fclient%2Fhistory`)).text();
      expect(page).toContain(a.signInRequired);

      const email = unique("retour");
      await verifiedAccount(email);
      const back = await form("/auth?redirectTo=%2Fclient%2Fhistory", {
        intent: "sign-in",
        email,
        password: PASSWORD,
      });
      expect(back.headers.get("location")).toBe("/client/history");
      // Another site is never a return address.
      const evil = await form("/auth?redirectTo=%2F%2Fevil.example", {
        intent: "sign-in",
        email,
        password: PASSWORD,
      });
      expect(evil.headers.get("location")).toBe("/client");
    });

    it("keeps one live reset link per account: an older link is refused once a newer one is used", async () => {
      const email = unique("reset");
      await verifiedAccount(email);
      const subject = /^Réinitialisation de votre mot de passe/;
      const tokenOf = (text: string) =>
        new URL(linkIn(text, `${server.url}/api/auth/reset-password/`)).pathname.split("/").pop()!;

      expect((await form("/auth/forgot-password", { email })).status).toBe(200);
      const [first] = await waitForMails(server.dataDir, email, subject);
      expect(first!.text).toContain("valable 1 heure");
      expect(
        (await api("/request-password-reset", { email, redirectTo: "/auth/reset-password" })).status,
      ).toBe(200);
      const both = await waitForMails(server.dataDir, email, subject, 2);
      const older = tokenOf(first!.text);
      const newer = tokenOf(both.find((m) => m.text !== first!.text)!.text);

      // The link of the e-mail, as a browser follows it: the token never reaches the request log.
      const opened = await fetch(
        `${server.url}/api/auth/reset-password/${newer}?callbackURL=%2Fauth%2Freset-password`,
        {
          redirect: "manual",
        },
      );
      expect(opened.headers.get("location")).toContain(`token=${newer}`);

      expect(
        (await api("/reset-password", { token: newer, newPassword: "Nouveau-mot-de-passe-2" })).status,
      ).toBe(200);
      const stale = await api("/reset-password", { token: older, newPassword: "Encore-un-autre-mot-3" });
      expect(stale.status).toBe(400);
      expect((await stale.json()).message).toBe(securityMessages.authApi.invalidToken);
      expect(
        (await api("/reset-password", { token: newer, newPassword: "Encore-un-autre-mot-3" })).status,
      ).toBe(400);

      expect(server.output()).toContain("/api/auth/reset-password/[redacted]");
      expect(server.output()).not.toContain(newer);
      expect(server.output()).not.toContain(older);
    });

    it("nobody chooses the invitation's wording: a reset asked with ?welcome=1 reads as a reset", async () => {
      const email = unique("bienvenue");
      await verifiedAccount(email);
      const res = await api("/request-password-reset", {
        email,
        redirectTo: "/auth/reset-password?welcome=1",
      });
      expect(res.status).toBe(200);
      const [mail] = await waitForMails(server.dataDir, email, /mot de passe/);
      expect(mail!.subject).toBe(messagingMessages.email.passwordReset.subject);
      expect(mail!.text).not.toContain("welcome");
    });

    it("slows sign-ins to one account after 10 wrong passwords from any addresses, e-mails the owner, spares its known browser", async () => {
      const email = unique("cible");
      await verifiedAccount(email);
      const known = cookieHeader(await api("/sign-in/email", { email, password: PASSWORD }));
      expect(known).toContain("lmp_known_device");

      // Wrong passwords from ten addresses, through both paths (one policy).
      for (let i = 0; i < 10; i++) {
        const res =
          i % 2 === 0
            ? await api("/sign-in/email", { email, password: `Mauvais-${i}-essai` })
            : await form("/auth", { intent: "sign-in", email, password: `Mauvais-${i}-essai` });
        expect(res.status, `try ${i}`).toBe(401);
      }
      const slowedApi = await api("/sign-in/email", { email, password: PASSWORD });
      expect(slowedApi.status).toBe(429);
      expect(await slowedApi.json()).toMatchObject({ code: "ACCOUNT_SLOWED", message: a.accountSlowed });
      const slowedForm = await form("/auth", { intent: "sign-in", email, password: PASSWORD });
      expect(slowedForm.status).toBe(429);
      expect(await slowedForm.text()).toContain("Trop de tentatives sur ce compte");
      await waitForMails(server.dataDir, email, /^Tentatives de connexion/);

      // The owner's browser, known from an earlier sign-in, still gets in.
      const owner = await api("/sign-in/email", { email, password: PASSWORD }, { cookie: known });
      expect(owner.status).toBe(200);
    });

    it("limits reset e-mails per address through /api/auth too", async () => {
      const email = unique("flood");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await api("/request-password-reset", { email })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const sameAddress = "10.99.99.99";
      const perAddress: number[] = [];
      for (let i = 0; i < 6; i++)
        perAddress.push(
          (
            await api(
              "/request-password-reset",
              { email: unique("autre") },
              { "x-forwarded-for": sameAddress },
            )
          ).status,
        );
      expect(perAddress.at(-1)).toBe(429);
    });

    it("refuses oversized, NUL and HTML input in every text field of the account API, in French", async () => {
      const huge = "a".repeat(1024 * 1024);
      const long = "a".repeat(10_000);
      const email = unique("champs");
      const cookie = await verifiedAccount(email);
      const cases: [string, Record<string, unknown>][] = [
        [
          "/sign-up/email",
          { name: "Léa Côté", firstName: "Léa", lastName: "Côté", email: unique("x"), password: PASSWORD },
        ],
        ["/sign-in/email", { email, password: PASSWORD }],
        ["/request-password-reset", { email, redirectTo: "/auth/reset-password" }],
        ["/reset-password", { token: "abcdef", newPassword: PASSWORD }],
        ["/change-password", { currentPassword: PASSWORD, newPassword: PASSWORD }],
        ["/update-user", { name: "Léa Côté", firstName: "Léa", lastName: "Côté" }],
        ["/send-verification-email", { email }],
      ];
      for (const [path, body] of cases) {
        for (const field of Object.keys(body)) {
          for (const value of [huge, long]) {
            const res = await api(path, { ...body, [field]: value }, { cookie });
            expect([400, 413], `${path} ${field} ${value.length}`).toContain(res.status);
            if (res.status === 400) {
              const answer = (await res.json()) as { message: string };
              expect(answer.message, `${path} ${field}`).toMatch(/[éèàç]|Requête|caractères|Valeur/);
            } else await res.body?.cancel();
          }
        }
      }
      for (const name of ["Léa\u0000", "<b>Léa</b>"]) {
        const res = await api("/sign-up/email", {
          name,
          firstName: name,
          lastName: "Côté",
          email: unique("y"),
          password: PASSWORD,
        });
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect((await res.json()).message).toBe(messages.validation.invalidValue);
      }
    });
  });

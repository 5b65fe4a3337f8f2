/**
 * Issue 21, items 6 and 7 (ADR 043), against the production server on PGlite and PostgreSQL:
 * an unverified phone gives access to nobody's consent; a phone is verified by an SMS code; a
 * franchise application is approved only once its e-mail is confirmed; bookings and slot lists
 * stop at the 180-day horizon (400, never 500); a multi-byte unsubscribe token is no 500;
 * personal pages are private, no-store; no completion before the start; restock sums limited.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { applicationForm } from "./franchise-application-form";
import { PASSWORD, targets } from "./roles-fixture";
import { signIn, startServer, tempDataDir, type RunningServer } from "./server";
import {
  bookOpenSlot,
  seededDatabase,
  targetDatabase,
  usingDatabase,
  type TargetDatabase,
} from "./target-database";

/** Someone else's number, with their express SMS consent on record. */
const VICTIM_PHONE = "+14505550177";

/** A Twilio-style SMS API that keeps the bodies it receives. */
async function smsReceiver(): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      bodies.push(new URLSearchParams(raw).get("Body") ?? "");
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: `SM${bodies.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function eventually<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("nothing arrived in 30 s");
}

for (const target of targets) {
  describe(`verified addresses and bounded inputs over HTTP [${target.name}]`, () => {
    let server: RunningServer;
    let sms: Awaited<ReturnType<typeof smsReceiver>>;
    let database: TargetDatabase;
    const cookies = { client: "", franchisee: "", admin: "" };
    const ids = { futureAppointment: "", item: "" };

    const request = (pathName: string, who: keyof typeof cookies | null, init: RequestInit = {}) =>
      fetch(`${server.url}${pathName}`, {
        ...init,
        redirect: "manual",
        headers: { cookie: who ? cookies[who] : "", origin: server.url, ...(init.headers ?? {}) },
      });
    const postForm = (pathName: string, who: keyof typeof cookies, fields: Record<string, string>) =>
      request(pathName, who, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const postJson = (pathName: string, body: unknown) =>
      request(pathName, null, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const exportedConsent = async () =>
      (
        (await (await request("/client/data.json", "client")).json()) as {
          consentEvents: { channel: string; address: string }[];
        }
      ).consentEvents;

    beforeAll(async () => {
      sms = await smsReceiver();
      const env: Record<string, string> = {
        DEMO_ACCOUNTS: "1",
        DATA_DIR: tempDataDir(),
        SMS_PROVIDER: "twilio",
        SMS_ACCOUNT_SID: "AC-test",
        SMS_AUTH_TOKEN: "test-token-0123456789",
        SMS_FROM: "+15145550000",
        SMS_API_URL: sms.url,
      };
      database = await targetDatabase(target.name, env);
      await seededDatabase(database, async (db) => {
        // The demo client types someone else's number into the profile (not verified).
        await db
          .update(s.users)
          .set({ phone: "450 555-0177", emailVerified: true })
          .where(eq(s.users.email, "client@example.com"));
        await db.insert(s.consentEvents).values({
          channel: "sms",
          address: VICTIM_PHONE,
          kind: "express",
          action: "given",
          source: "booking_form",
        });
        const booked = await bookOpenSlot(db, "granby", {
          email: "futur@example.com",
          name: "Client Futur",
          at: -1,
        });
        ids.futureAppointment = booked.appointmentId;
        const [item] = await db.select().from(s.inventoryItems).limit(1);
        ids.item = item!.id;
      });
      server = await startServer(env);
      for (const who of ["client", "franchisee", "admin"] as const) {
        cookies[who] = await signIn(server.url, `${who}@example.com`, PASSWORD);
      }
    });

    afterAll(async () => {
      await server?.stop();
      await sms?.close();
      await database?.drop();
    });

    it("neither shows nor changes the consent of an unverified phone, nor exports it; private, no-store", async () => {
      const page = await request("/client", "client");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain("Numéro non vérifié");
      expect(html).toContain("Vérifiez votre numéro de téléphone pour gérer les offres par texto.");
      expect(html).not.toMatch(/name="sms"[^>]*checked/);

      // Withdrawing through the form changes nothing for that number.
      const saved = await postForm("/client", "client", { intent: "consent", email: "on" });
      expect(saved.status).toBe(302);
      const events = await exportedConsent();
      expect(events.filter((e) => e.address === VICTIM_PHONE)).toEqual([]);
      expect(events.some((e) => e.channel === "sms")).toBe(false);
    });

    it("verifies the phone by an SMS code: a wrong code is refused in French, the right one works once", async () => {
      const sent = await postForm("/client", "client", { intent: "phone-send" });
      expect(sent.status).toBe(302);
      const body = await eventually(() => sms.bodies.find((b) => /code de vérification/.test(b)));
      const code = /\b(\d{6})\b/.exec(body)![1]!;
      expect((await (await request("/client", "client")).text()).includes('name="code"')).toBe(true);

      const wrong = await postForm("/client", "client", {
        intent: "phone-confirm",
        code: code === "000000" ? "000001" : "000000",
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Ce code n");
      const notDigits = await postForm("/client", "client", { intent: "phone-confirm", code: "abc" });
      expect(notDigits.status).toBe(400);

      const right = await postForm("/client", "client", {
        intent: "phone-confirm",
        code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
      });
      expect(right.status).toBe(302);
      const html = await (await request("/client", "client")).text();
      expect(html).toContain("Numéro vérifié");
      // Verified: the number's consent is the account's to read, export and change.
      expect((await exportedConsent()).some((e) => e.address === VICTIM_PHONE)).toBe(true);
      const again = await postForm("/client", "client", { intent: "phone-confirm", code });
      expect(again.status).toBe(400);
    });

    it("refuses to approve an application until its e-mail is confirmed by the e-mailed link", async () => {
      const email = "candidat.confirme@example.com";
      const submitted = await request("/api/franchise-applications", null, {
        method: "POST",
        body: applicationForm(email),
      });
      expect(submitted.status, await submitted.clone().text()).toBe(201);
      const { id } = (await submitted.json()) as { id: string };

      const refused = await postForm("/admin/franchisees", "admin", {
        intent: "approve",
        applicationId: id,
        confirmed: "1",
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("pas encore confirmé son adresse courriel");
      const adminPage = await (await request(`/admin/applications/${id}`, "admin")).text();
      expect(adminPage).toContain("Adresse courriel non confirmée");

      // The acknowledgement carries the link; opening it changes nothing, its button confirms.
      const mailDir = path.join(server.dataDir, "mail");
      const text = await eventually(() => {
        if (!fs.existsSync(mailDir)) return undefined;
        for (const file of fs.readdirSync(mailDir).filter((f) => f.endsWith(".json"))) {
          const mail = JSON.parse(fs.readFileSync(path.join(mailDir, file), "utf8")) as {
            to: string;
            text: string;
          };
          if (mail.to.includes(email)) return mail.text;
        }
        return undefined;
      });
      const link = new URL(/https?:\/\/\S+\/application\/confirm\?\S+/.exec(text)![0]);
      const forged = await request(`/application/confirm?id=${id}&token=${"é".repeat(43)}`, null);
      expect(forged.status).toBe(400);
      expect((await request(`${link.pathname}${link.search}`, null)).status).toBe(200);
      // The page's form posts to its own address, as a browser does.
      const confirm = await request(`${link.pathname}${link.search}`, null, {
        method: "POST",
        body: new URLSearchParams({
          id: link.searchParams.get("id")!,
          token: link.searchParams.get("token")!,
        }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain("Adresse confirmée");

      // Approving is final: a post not yet confirmed (before the page hydrated) asks once more.
      const asked = await postForm(`/admin/applications/${id}`, "admin", {
        intent: "approve",
        applicationId: id,
      });
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain("C&#x27;est définitif");
      const approved = await postForm("/admin/franchisees", "admin", {
        intent: "approve",
        applicationId: id,
        confirmed: "1",
      });
      expect([302, 303]).toContain(approved.status);
    });

    it("answers 400 in French, never 500, to slots and bookings past the horizon", async () => {
      for (const query of ["from=9999-12-30&days=2", "from=9999-12-31&days=366", "from=2000-01-01"]) {
        const res = await request(`/api/slots?zone=granby&cars=1&${query}`, null);
        expect(res.status, query).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(/prochains jours/);
      }
      const far = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
      expect((await request(`/api/slots?zone=granby&cars=1&from=${far}`, null)).status).toBe(400);
      expect((await request("/api/slots?zone=granby&cars=1&days=2", null)).status).toBe(200);

      for (const start of ["9999-12-31T10:00:00-05:00", `${far}T10:00:00-04:00`]) {
        const res = await postJson("/api/bookings", {
          zone: "granby",
          cars: 1,
          start,
          name: "Loin Loin",
          email: "loin@example.com",
          phone: "450 555 0199",
          address: "120 rue Principale, Granby J2G 2T5",
        });
        expect(res.status, start).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(/180 prochains jours/);
      }
    });

    it("answers a multi-byte unsubscribe token with the invalid-link page, not a 500", async () => {
      const token = `${Buffer.from("email:lea@example.com").toString("base64url")}.${"é".repeat(32)}`;
      const page = await request(`/unsubscribe?token=${encodeURIComponent(token)}`, null);
      expect(page.status).toBe(400);
      const oneClick = await request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, null, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(oneClick.status).toBeLessThan(500);
      expect(oneClick.status).toBeGreaterThanOrEqual(400);
    });

    it("refuses to complete an appointment before its start, in French", async () => {
      const res = await postForm("/franchisee/schedule", "franchisee", {
        intent: "complete",
        appointmentId: ids.futureAppointment,
      });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("pas encore commencé");
    });

    it("limits the sum of repeated restock lines of one product, in French", async () => {
      const lines = [
        { inventoryItemId: ids.item, quantity: 999 },
        { inventoryItemId: ids.item, quantity: 999 },
      ];
      const res = await postForm("/franchisee/restock", "franchisee", { lines: JSON.stringify(lines) });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("ne peut pas dépasser 999");
    });

    it("kept the refused completion, the other person's consent and the refused order out of the database", async () => {
      await server.stop();
      await usingDatabase(database, async (db) => {
        const [appointment] = await db
          .select()
          .from(s.appointments)
          .where(eq(s.appointments.id, ids.futureAppointment));
        expect(appointment!.status).toBe("scheduled");
        const victim = await db
          .select()
          .from(s.consentEvents)
          .where(eq(s.consentEvents.address, VICTIM_PHONE));
        expect(victim.map((e) => e.action)).toEqual(["given"]);
        expect(await db.select().from(s.restockOrders)).toEqual([]);
      });
    });
  });
}

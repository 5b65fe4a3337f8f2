import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { createTwilioProvider, createLogProvider } from "~/server/sms/provider.server";
import { createWorker } from "~/server/jobs/worker.server";
import { createMessagingHandlers } from "~/server/jobs/handlers/messaging.server";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { BUSINESS } from "~/lib/business";
import { describeDatabases } from "../../../../tests/setup/db";
import { startHttpReceiver, type HttpReceiver } from "../../../../tests/receivers/http-receiver";
import { currentConsent, recordConsent } from "./consent.server";
import { handleInboundSms, queueSms } from "./sms.server";

const PHONE = "+14505550123";
/** 15 March 2026, noon in Toronto. */
const MARCH = new Date("2026-03-15T16:00:00Z");
const sms = messagingMessages.sms;
/** The reply to a keyword: the French text, a blank line, the English text. */
const bothLanguages = (text: { fr: string; en: string }) => `${text.fr}\n\n${text.en}`;

describeDatabases("SMS", ({ db }) => {
  beforeEach(async () => {
    await db().delete(s.jobs);
    await db().delete(s.smsMessages);
    await db().delete(s.consentEvents);
  });

  /** PHONE's express SMS consent, given on the booking form (by default on 1 March). */
  function giveSmsConsent(now = new Date("2026-03-01T12:00:00Z")) {
    return recordConsent(db(), {
      channel: "sms",
      address: PHONE,
      kind: "express",
      action: "given",
      source: "booking_form",
      now,
    });
  }

  async function log() {
    return db()
      .select()
      .from(s.smsMessages)
      .orderBy(asc(s.smsMessages.createdAt), desc(s.smsMessages.direction));
  }

  describe("inbound keywords", () => {
    it.each([
      ["STOP", "stop"],
      ["  stop ", "stop"],
      ["ARRET", "stop"],
      ["Arrêt", "stop"],
      ["arret", "stop"],
    ])("%j unsubscribes and answers in French then English", async (body, keyword) => {
      const reply = bothLanguages(sms.stop);
      await giveSmsConsent(MARCH);
      const answer = await handleInboundSms(db(), {
        from: PHONE,
        body,
        now: new Date(MARCH.getTime() + 1_000),
      });
      expect(answer).toEqual({ keyword, reply });
      expect(await currentConsent(db(), "sms", PHONE, new Date(MARCH.getTime() + 2_000))).toMatchObject({
        state: "withdrawn",
        source: "sms_keyword",
      });
      expect((await log()).map((m) => [m.direction, m.category, m.status, m.body])).toEqual([
        ["inbound", "inbound", "received", body],
        ["outbound", "keyword_reply", "sent", reply],
      ]);
    });

    it.each(["start", "DEBUT", "Début"])("%j resubscribes after a STOP", async (body) => {
      await handleInboundSms(db(), { from: "450 555-0123", body: "STOP", now: MARCH });
      const answer = await handleInboundSms(db(), {
        from: PHONE,
        body,
        now: new Date(MARCH.getTime() + 1_000),
      });
      expect(answer).toEqual({ keyword: "start", reply: bothLanguages(sms.start) });
      expect(answer.reply!.indexOf("réabonné")).toBeLessThan(answer.reply!.indexOf("resubscribed"));
      expect(await currentConsent(db(), "sms", PHONE, new Date(MARCH.getTime() + 2_000))).toMatchObject({
        state: "express",
        source: "sms_keyword",
      });
    });

    it.each([["HELP"], ["help"], ["AIDE"], [" Aide "], ["INFO"], ["info"]])(
      "%j answers with the help text in French then English, consent unchanged",
      async (body) => {
        const reply = bothLanguages(sms.help);
        const answer = await handleInboundSms(db(), { from: PHONE, body, now: MARCH });
        expect(answer).toEqual({ keyword: "help", reply });
        expect(reply).toContain(BUSINESS.name);
        expect(reply).toContain(BUSINESS.phone);
        expect(reply.indexOf("4 offres par mois")).toBeLessThan(reply.indexOf("4 offers a month"));
        expect(await currentConsent(db(), "sms", PHONE, MARCH)).toEqual({ state: "none" });
      },
    );

    it("acts once on the same provider message delivered twice (a replayed START after a STOP)", async () => {
      const at = (ms: number) => new Date(MARCH.getTime() + ms);
      const start = { from: PHONE, body: "START", providerMessageId: "SMreplay1" };
      expect(await handleInboundSms(db(), { ...start, now: at(0) })).toEqual({
        keyword: "start",
        reply: bothLanguages(sms.start),
      });
      await handleInboundSms(db(), {
        from: PHONE,
        body: "STOP",
        providerMessageId: "SMreplay2",
        now: at(1_000),
      });
      expect(await handleInboundSms(db(), { ...start, now: at(2_000) })).toEqual({
        keyword: null,
        reply: null,
        duplicate: true,
      });
      expect((await currentConsent(db(), "sms", PHONE, at(3_000))).state).toBe("withdrawn");
      expect((await log()).filter((m) => m.direction === "inbound").map((m) => m.body)).toEqual([
        "START",
        "STOP",
      ]);
      // Without a provider id (a provider that sends none) each message still counts.
      await handleInboundSms(db(), { from: PHONE, body: "AIDE", now: at(4_000) });
      await handleInboundSms(db(), { from: PHONE, body: "AIDE", now: at(5_000) });
      expect((await log()).filter((m) => m.body === "AIDE")).toHaveLength(2);
    });

    it("logs any other message without answering", async () => {
      expect(await handleInboundSms(db(), { from: PHONE, body: "Merci, à demain !", now: MARCH })).toEqual({
        keyword: null,
        reply: null,
      });
      expect((await log()).map((m) => m.category)).toEqual(["inbound"]);
    });
  });

  describe("promotional SMS", () => {
    it("needs consent", async () => {
      const result = await queueSms(db(), {
        phone: PHONE,
        body: "Offre",
        category: "promotional",
        now: MARCH,
      });
      expect(result).toMatchObject({ status: "refused", reason: "NO_CONSENT" });
      expect(await db().select().from(s.jobs)).toEqual([]);
    });

    it("refuses the fifth of a calendar month (Toronto) and allows it again next month", async () => {
      await giveSmsConsent();
      const results = [];
      for (let i = 0; i < 5; i++) {
        results.push(
          await queueSms(db(), {
            phone: "(450) 555-0123",
            body: `Offre ${i + 1}`,
            category: "promotional",
            now: new Date(MARCH.getTime() + i * 60_000),
          }),
        );
      }
      expect(results.map((r) => r.status)).toEqual(["queued", "queued", "queued", "queued", "refused"]);
      expect(results[4]).toMatchObject({ reason: "MONTHLY_CAP" });
      const rows = await log();
      expect(rows.map((r) => [r.body, r.status, r.error])).toEqual([
        ["Offre 1", "queued", null],
        ["Offre 2", "queued", null],
        ["Offre 3", "queued", null],
        ["Offre 4", "queued", null],
        ["Offre 5", "refused", "MONTHLY_CAP"],
      ]);
      expect(await db().select().from(s.jobs)).toHaveLength(4);

      // 31 March, 23:30 in Toronto is still March; 1 April 00:30 is a new month.
      const lastEvening = await queueSms(db(), {
        phone: PHONE,
        body: "Offre 6",
        category: "promotional",
        now: new Date("2026-04-01T03:30:00Z"),
      });
      expect(lastEvening).toMatchObject({ status: "refused", reason: "MONTHLY_CAP" });
      const april = await queueSms(db(), {
        phone: PHONE,
        body: "Offre avril",
        category: "promotional",
        now: new Date("2026-04-01T04:30:00Z"),
      });
      expect(april.status).toBe("queued");
    });

    it("keeps the cap under concurrent senders", async () => {
      await giveSmsConsent();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          queueSms(db(), { phone: PHONE, body: `Offre ${i}`, category: "promotional", now: MARCH }),
        ),
      );
      expect(results.filter((r) => r.status === "queued")).toHaveLength(4);
      expect(results.filter((r) => r.status === "refused")).toHaveLength(4);
    });

    it("is not sent when consent is withdrawn between queueing and delivery", async () => {
      await giveSmsConsent();
      const queued = await queueSms(db(), {
        phone: PHONE,
        body: "Offre",
        category: "promotional",
        now: MARCH,
      });
      await handleInboundSms(db(), { from: PHONE, body: "ARRET", now: new Date(MARCH.getTime() + 1_000) });
      const worker = createWorker(db(), {
        handlers: createMessagingHandlers({
          smsProvider: createLogProvider,
          now: () => new Date(MARCH.getTime() + 2_000),
        }),
      });
      await worker.runOnce();
      const [row] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.id, queued.smsId!));
      expect(row).toMatchObject({ status: "refused", error: "NO_CONSENT" });
    });
  });

  describe("Twilio-style provider", () => {
    let receiver: HttpReceiver;

    beforeAll(async () => {
      receiver = await startHttpReceiver({
        script: [{ status: 503, body: '{"code":20503,"message":"Service unavailable"}' }],
        then: {
          status: 201,
          body: '{"sid":"SM0123456789abcdef","status":"queued"}',
          headers: { "content-type": "application/json" },
        },
      });
    });

    afterAll(async () => {
      await receiver?.close();
    });

    it("posts the message with basic auth, retries a refusal and records the provider's id", async () => {
      await giveSmsConsent();
      const queued = await queueSms(db(), {
        phone: PHONE,
        body: "Lavage à 20 % cette semaine",
        category: "promotional",
        now: MARCH,
      });
      let clock = new Date(Date.now() + 1_000);
      const provider = createTwilioProvider({
        accountSid: "AC123",
        authToken: "token-secret",
        from: "+14505550100",
        apiUrl: receiver.url,
      });
      const worker = createWorker(db(), {
        now: () => clock,
        handlers: createMessagingHandlers({ smsProvider: () => provider, now: () => MARCH }),
      });
      await worker.runOnce();
      const [failed] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.id, queued.smsId!));
      expect(failed).toMatchObject({
        status: "queued",
        error: "SMS provider answered HTTP 503: 20503 Service unavailable",
      });

      clock = new Date(clock.getTime() + 60 * 60_000);
      await worker.runOnce();
      const [sent] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.id, queued.smsId!));
      expect(sent).toMatchObject({
        status: "sent",
        provider: "twilio",
        providerMessageId: "SM0123456789abcdef",
        error: null,
      });

      expect(receiver.requests).toHaveLength(2);
      const request = receiver.requests[1]!;
      expect(request.method).toBe("POST");
      expect(request.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from("AC123:token-secret").toString("base64")}`,
      );
      expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        To: PHONE,
        From: "+14505550100",
        Body: "Lavage à 20 % cette semaine",
      });
    });
  });
});

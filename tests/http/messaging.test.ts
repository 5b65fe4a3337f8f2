import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readIcs } from "../setup/ical";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { twilioSignature } from "~/server/sms/provider.server";
import { purposeKeyOf } from "~/server/security/keys.server";
import { signUnsubscribeToken } from "~/server/services/messaging/unsubscribe.server";
import { startHttpReceiver, type HttpReceiver } from "../receivers/http-receiver";
import { startSmtpReceiver, type SmtpReceiver } from "../receivers/smtp-receiver";
import { startServer, type RunningServer } from "./server";

const SECRET = "messaging-http-test-secret-0123456789abcdef";
const AUTH = { "x-sms-secret": "0123456789abcdef-secret" };
const sms = messagingMessages.sms;

function inbound(
  server: RunningServer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}/api/sms/inbound`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function firstSlot(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=30`);
  const body = (await res.json()) as { days: { slots: { start: string }[] }[] };
  return body.days.flatMap((d) => d.slots)[0]!.start;
}

async function book(
  server: RunningServer,
  email: string,
): Promise<{ booking_id: string; manage_url: string }> {
  const res = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      zone: "granby",
      cars: 1,
      start: await firstSlot(server),
      name: "Léa Tremblay",
      email,
      phone: "450 555-0199",
      address: "123, rue Principale, Granby J2G 2T5",
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { booking_id: string; manage_url: string };
}

describe("messaging over HTTP, default configuration (.eml files, log SMS)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ BETTER_AUTH_SECRET: SECRET });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("refuses SMS callbacks when no signature or secret is configured outside development", async () => {
    expect((await inbound(server, { From: "+14505550123", Body: "START" })).status).toBe(403);
  });

  it("hides the development mail page outside development", async () => {
    expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
  });

  it("writes the booking confirmation as an .eml file with its .ics when no SMTP server is set", async () => {
    const booked = await book(server, "lea.eml@example.com");
    const dir = path.join(server.dataDir, "mail");
    await vi.waitFor(
      () => {
        expect(fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith(".json"))).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    const summary = fs.readdirSync(dir).find((f) => f.endsWith(".json"))!;
    const mail = JSON.parse(fs.readFileSync(path.join(dir, summary), "utf8")) as {
      to: string;
      subject: string;
      text: string;
      attachments: { filename: string }[];
    };
    expect(mail.to).toBe("lea.eml@example.com");
    expect(mail.subject).toMatch(/^Réservation confirmée : /);
    expect(mail.text).toContain(booked.manage_url);
    expect(mail.attachments.map((a) => a.filename)).toEqual(["rendez-vous.ics"]);
    const eml = fs.readFileSync(path.join(dir, summary.replace(/\.json$/, ".eml")), "utf8");
    expect(eml).toMatch(/\r\nContent-Type: text\/calendar; charset=utf-8; method=PUBLISH;/);
  });

  it("unsubscribes with one click (RFC 8058) and from the page; refuses a forged link", async () => {
    const key = purposeKeyOf(SECRET, "unsubscribe-link");
    const token = signUnsubscribeToken(key, "email", "marc@example.com");
    const page = await fetch(`${server.url}/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("marc@example.com");

    const oneClick = await fetch(`${server.url}/api/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const forged = `${Buffer.from("email:autre@example.com").toString("base64url")}.${token.split(".")[1]}`;
    const refused = await fetch(`${server.url}/api/unsubscribe?token=${forged}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect((await fetch(`${server.url}/unsubscribe?token=${forged}`)).status).toBe(400);
  });
  it("confirms the offers from the double opt-in link's page, only with a genuine token (ADR 071)", async () => {
    const key = purposeKeyOf(SECRET, "consent-confirm-link");
    const token = signUnsubscribeToken(key, "email", "julie@example.com");
    const page = await fetch(`${server.url}/confirm-offers?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("julie@example.com");
    // The page's form posts to its own address, token included (as a browser does).
    const done = await fetch(`${server.url}/confirm-offers?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(messagingMessages.consentConfirm.done);
    // An unsubscribe token (another key) and a forged one confirm nothing.
    const unsubscribeKey = purposeKeyOf(SECRET, "unsubscribe-link");
    const other = signUnsubscribeToken(unsubscribeKey, "email", "julie@example.com");
    expect((await fetch(`${server.url}/confirm-offers?token=${other}`)).status).toBe(400);
    const forged = `${Buffer.from("email:autre@example.com").toString("base64url")}.${token.split(".")[1]}`;
    const refused = await fetch(`${server.url}/confirm-offers`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: forged }),
    });
    expect(refused.status).toBe(400);
  });
});

describe("messaging over HTTP, a shared secret on the SMS callback", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ SMS_INBOUND_SECRET: "0123456789abcdef-secret" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers STOP, ARRET, START, DEBUT, HELP, AIDE and INFO in TwiML, French then English", async () => {
    const both = (text: { fr: string; en: string }) => `${text.fr}\n\n${text.en}`;
    const cases: [string, string][] = [
      [" arret ", both(sms.stop)],
      ["START", both(sms.start)],
      ["début", both(sms.start)],
      ["stop", both(sms.stop)],
      ["Help", both(sms.help)],
      ["AIDE", both(sms.help)],
      ["info", both(sms.help)],
    ];
    // Each message its own provider id: a second delivery of one id is not answered (ADR 071).
    for (const [i, [body, reply]] of cases.entries()) {
      const res = await inbound(server, { From: "+14505550123", Body: body, MessageSid: `SMcase${i}` }, AUTH);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      expect(await res.text()).toBe(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Response><Message>${escapeXml(reply)}</Message></Response>\n`,
      );
    }
    // Any other text goes to the assistant (ADR 051): its answer, never a keyword's.
    const other = await inbound(server, { From: "+14505550123", Body: "Merci !" }, AUTH);
    const answer = await other.text();
    expect(answer).toMatch(/<Response><Message>[^<]+<\/Message><\/Response>/);
    for (const [, reply] of cases) expect(answer).not.toContain(escapeXml(reply));
    expect((await inbound(server, { Body: "STOP" }, AUTH)).status).toBe(400);
    expect((await fetch(`${server.url}/api/sms/inbound`)).status).toBe(405);
  });

  it("refuses a callback without the secret", async () => {
    expect((await inbound(server, { From: "+14505550123", Body: "STOP" })).status).toBe(403);
    expect(
      (
        await inbound(
          server,
          { From: "+14505550123", Body: "STOP" },
          { "x-sms-secret": "wrong-secret-0000000" },
        )
      ).status,
    ).toBe(403);
    const ok = await inbound(
      server,
      { From: "+14505550123", Body: "STOP" },
      { "x-sms-secret": "0123456789abcdef-secret" },
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(escapeXml(sms.stop.en));
  });
});

describe("messaging over HTTP, SMTP server and Twilio-style SMS", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let twilio: HttpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver({ refuseFirst: 1 });
    twilio = await startHttpReceiver({ then: { status: 201, body: '{"sid":"SM1"}' } });
    server = await startServer({
      SMTP_URL: smtp.url,
      SMS_PROVIDER: "twilio",
      SMS_ACCOUNT_SID: "AC123",
      SMS_AUTH_TOKEN: "twilio-token",
      SMS_FROM: "+14505550100",
      SMS_API_URL: twilio.url,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  it("checks Twilio's signature on the SMS callback", async () => {
    const fields = { From: "+14505550123", Body: "AIDE", MessageSid: "SM9" };
    expect((await inbound(server, fields, { "x-twilio-signature": "bad" })).status).toBe(403);
    const signature = twilioSignature(
      "twilio-token",
      `${server.url}/api/sms/inbound`,
      Object.entries(fields),
    );
    const ok = await inbound(server, fields, { "x-twilio-signature": signature });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(escapeXml(sms.help.fr));
  });

  it("acts once on a signed callback delivered twice (a replay of the same MessageSid)", async () => {
    const signed = (fields: Record<string, string>) => ({
      "x-twilio-signature": twilioSignature(
        "twilio-token",
        `${server.url}/api/sms/inbound`,
        Object.entries(fields),
      ),
    });
    const start = { From: "+14505550124", Body: "START", MessageSid: "SMreplay-start" };
    const stop = { From: "+14505550124", Body: "STOP", MessageSid: "SMreplay-stop" };
    expect(await (await inbound(server, start, signed(start))).text()).toContain(escapeXml(sms.start.en));
    expect(await (await inbound(server, stop, signed(stop))).text()).toContain(escapeXml(sms.stop.en));
    // The START captured earlier, sent again with its valid signature: acknowledged, not acted on.
    const replay = await inbound(server, start, signed(start));
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Response></Response>\n');
  });

  it("sends the booking confirmation to the SMTP server, after a refusal, with a valid .ics", async () => {
    const booked = await book(server, "lea.smtp@example.com");
    // One refusal, then the queue's backoff (about 10 s) before the second attempt.
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 40_000, interval: 250 });
    const mail = smtp.messages[0]!;
    expect(smtp.refused).toBe(1);
    expect(mail.to).toEqual(["lea.smtp@example.com"]);
    expect(mail.parsed.text).toContain(booked.manage_url);
    const ics = mail.parsed.attachments.find((a) => a.filename === "rendez-vous.ics")!;
    const event = readIcs(ics.content.toString("utf8"));
    expect(event.start.getTime()).not.toBeNaN();
    expect(event.uid).toMatch(/@lavageprestige\.ca$/);
  });
});

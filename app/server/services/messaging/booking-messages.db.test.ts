import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { readIcs } from "../../../../tests/setup/ical";
import type { Db } from "~/server/db.server";
import { createWorker } from "~/server/jobs/worker.server";
import { jobHandlers } from "~/server/jobs/registry.server";
import { createMessagingHandlers } from "~/server/jobs/handlers/messaging.server";
import { createSmtpMailer } from "~/server/mail/mailer.server";
import { createLogProvider } from "~/server/sms/provider.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { startSmtpReceiver, type SmtpReceiver } from "../../../../tests/receivers/smtp-receiver";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { rescheduleBooking } from "../booking/reschedule-booking.server";
import { confirmConsentWithToken } from "./consent-confirm.server";
import { currentConsent, recordConsent } from "./consent.server";
import {
  queueApplicationReceived,
  queueContactReceived,
  queuePasswordEmail,
  queuePromotionalEmail,
  REMINDER_LEAD_MS,
  reminderKey,
} from "./notify.server";
import { unsubscribeWithToken } from "./unsubscribe.server";

const DAY = 24 * 60 * 60_000;
/**
 * The tests' clock, injected everywhere (issue 16: reading the real one failed on a Sunday): a
 * Wednesday morning in Granby, far enough ahead that jobs queued at the database's real clock
 * are always due before it.
 */
const NOW = new Date("2035-06-06T10:00:00-04:00");

/** Open slots of Granby starting at least `afterMs` from now, earliest first. */
async function openStarts(db: Db, now: Date, afterMs: number): Promise<string[]> {
  // The slots of the booking that `request` makes (2 cars): a 1-car slot may be too short for it.
  const open = await listOpenSlots(db, { zoneSlug: "granby", cars: 2, now, days: 30 });
  return open.days
    .flatMap((d) => d.slots.map((slot) => slot.start))
    .filter((start) => new Date(start).getTime() - now.getTime() >= afterMs);
}

function request(start: string, overrides: Record<string, unknown> = {}) {
  return BookingRequestSchema.parse({
    zone: "granby",
    cars: 2,
    start,
    name: "Léa Tremblay",
    email: "lea.tremblay@example.com",
    phone: "450 555-0199",
    address: "123, rue Principale, Granby",
    postalCode: "J2G 2T5",
    upsells: ["aquapel"],
    ...overrides,
  });
}

describeDatabases("booking messages", ({ db }) => {
  let smtp: SmtpReceiver;
  let clock = NOW;

  function worker() {
    return createWorker(db(), {
      workerId: "test",
      now: () => clock,
      handlers: {
        ...jobHandlers,
        ...createMessagingHandlers({
          mailer: () => createSmtpMailer(smtp.url, "Lavage Mobile Prestige <bonjour@lavageprestige.ca>"),
          smsProvider: createLogProvider,
          now: () => clock,
        }),
      },
    });
  }

  /** Runs every job due at the clock, until none is left. */
  async function drain() {
    // Jobs queued now are due at the database's (real) clock, long before NOW.
    clock = new Date(Math.max(clock.getTime(), NOW.getTime() + 1_000));
    const w = worker();
    while ((await w.runOnce()) > 0);
  }

  /** Subjects of the messages received, sorted: jobs due together run concurrently. */
  function subjects() {
    return smtp.messages.map((m) => m.parsed.subject ?? "").sort((a, b) => a.localeCompare(b));
  }

  /** The expected subjects, sorted like subjects(). */
  function inAnyOrder(expected: RegExp[]) {
    return expected
      .sort((a, b) => a.source.replace("^", "").localeCompare(b.source.replace("^", "")))
      .map((pattern) => expect.stringMatching(pattern));
  }

  function withSubject(pattern: RegExp) {
    const message = smtp.messages.find((m) => pattern.test(m.parsed.subject ?? ""));
    expect(message, String(pattern)).toBeDefined();
    return message!;
  }

  async function reminderJobs() {
    return db()
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, "booking.reminder"), eq(s.jobs.status, "pending")));
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    smtp = await startSmtpReceiver();
  });

  afterAll(async () => {
    await smtp?.close();
  });

  beforeEach(async () => {
    await db().delete(s.jobs);
    await db().delete(s.smsMessages);
    await db().delete(s.consentEvents);
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    smtp.messages.length = 0;
    clock = new Date(NOW.getTime() + 1_000);
  });

  it("sends the booking's confirmation with a valid .ics to a real SMTP server, and schedules the reminder", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!), now });

    const [reminder] = await reminderJobs();
    expect(reminder).toMatchObject({
      singletonKey: reminderKey(booked.appointmentId),
      runAt: new Date(booked.startAt.getTime() - REMINDER_LEAD_MS),
    });

    await drain();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["lea.tremblay@example.com"]);
    expect(mail.parsed.subject).toMatch(/^Réservation confirmée : \w+ \d{1,2} \w+ 20\d\d$/u);
    const text = mail.parsed.text!;
    const manageUrl = `http://localhost:3000/booking/manage/${booked.bookingId}?token=${booked.manageToken}`;
    expect(text).toContain(manageUrl);
    expect(text).toContain("123, rue Principale, Granby J2G 2T5");
    expect(text).toContain("Véhicules : 2 véhicules");
    expect(text).toContain("Traitement Aquapel");
    // 2 x 149,99 $ + 20,00 $ = 319,98 $; TPS 16,00 $; TVQ 31,92 $; total 367,90 $.
    expect(text).toMatch(/Sous-total : 319,98\s\$/u);
    expect(text).toMatch(/TPS \(5 %\) : 16,00\s\$/u);
    expect(text).toMatch(/TVQ \(9,975 %\) : 31,92\s\$/u);
    expect(text).toMatch(/Total : 367,90\s\$/u);
    expect(text).toContain("Lavage Mobile Prestige · 123, rue Principale, Granby (Québec) J2G 2T5");
    expect(text).toMatch(
      /Se désabonner des offres par courriel : http:\/\/localhost:3000\/unsubscribe\?token=\S+/,
    );
    expect(mail.parsed.html).toContain(`href="${manageUrl.replace(/&/g, "&amp;")}"`);
    // The local time in America/Toronto.
    const local = new Intl.DateTimeFormat("fr-CA", {
      timeZone: "America/Toronto",
      hour: "numeric",
      minute: "2-digit",
    }).format(booked.startAt);
    expect(text).toContain(`Heure : ${local}`);

    const ics = mail.parsed.attachments.find((a) => a.filename === "rendez-vous.ics");
    expect(ics?.contentType).toBe("text/calendar");
    const body = ics!.content.toString("utf8");
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Read by ical.js, an RFC 5545 parser that is not ours.
    const event = readIcs(body);
    expect(event.uid).toBe(`${booked.appointmentId}@lavageprestige.ca`);
    expect(event.start.toISOString()).toBe(booked.startAt.toISOString());
    expect(event.end.toISOString()).toBe(booked.endAt.toISOString());
    expect(event.location).toBe("123, rue Principale, Granby J2G 2T5");
    expect(event.summary).toBeTruthy();
    expect(event.attendees.map((a) => a.email)).toEqual(["lea.tremblay@example.com"]);

    // The booking gave implied e-mail consent (2 years); no box ticked, no SMS consent.
    const consent = await currentConsent(db(), "email", "lea.tremblay@example.com", now);
    expect(consent).toMatchObject({ state: "implied", source: "purchase" });
    expect(await currentConsent(db(), "sms", "450 555-0199", now)).toEqual({ state: "none" });
  });

  // Before ADR 071 the e-mail box gave express consent at once, for an address nobody proved:
  // it now records a request, and the separate e-mail's link turns it into consent.
  it("records SMS consent for the ticked box, and asks the e-mail address to confirm its offers box", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    await bookSlot(db(), {
      actor: null,
      input: request(start!, { smsConsent: "on", emailConsent: "on" }),
      now,
    });
    expect(await currentConsent(db(), "sms", "+14505550199", now)).toMatchObject({
      state: "express",
      source: "booking_form",
    });
    expect(await currentConsent(db(), "email", "lea.tremblay@example.com", now)).toMatchObject({
      state: "implied",
      source: "purchase",
    });

    await drain();
    expect(subjects()).toEqual(
      inAnyOrder([
        /^Confirmez votre abonnement aux offres de Lavage Mobile Prestige$/,
        /^Réservation confirmée/,
      ]),
    );
    const ask = withSubject(/^Confirmez votre abonnement/);
    expect(ask.to).toEqual(["lea.tremblay@example.com"]);
    const link = /http:\/\/localhost:3000\/confirm-offers\?token=(\S+)/.exec(ask.parsed.text!);
    expect(link).not.toBeNull();
    expect(await confirmConsentWithToken(db(), link![1]!, { now })).toBe("lea.tremblay@example.com");
    expect(await currentConsent(db(), "email", "lea.tremblay@example.com", now)).toMatchObject({
      state: "express",
      source: "email_confirmation",
    });
  });

  it("takes a signed-in client's verified e-mail as proof, never an account found by the e-mail alone", async () => {
    const now = NOW;
    const [first, second] = await openStarts(db(), now, 3 * DAY);
    const id = "consent-client";
    await db().insert(s.users).values({
      id,
      name: "Léa Tremblay",
      email: "lea.tremblay@example.com",
      emailVerified: true,
      role: "client",
    });
    try {
      // Anyone may type a client's address: the booking is the client's, the proof is not.
      await bookSlot(db(), { actor: null, input: request(first!, { emailConsent: "on" }), now });
      await drain();
      expect(subjects()).toEqual(
        inAnyOrder([/^Confirmez votre abonnement aux offres/, /^Réservation confirmée/]),
      );
      expect((await currentConsent(db(), "email", "lea.tremblay@example.com", now)).state).toBe("implied");

      smtp.messages.length = 0;
      const actor = {
        id,
        email: "lea.tremblay@example.com",
        name: "Léa Tremblay",
        firstName: "Léa",
        lastName: "Tremblay",
        role: "client" as const,
      };
      await bookSlot(db(), { actor, input: request(second!, { emailConsent: "on" }), now });
      await drain();
      expect(subjects()).toEqual(inAnyOrder([/^Réservation confirmée/]));
      expect(await currentConsent(db(), "email", "lea.tremblay@example.com", clock)).toMatchObject({
        state: "express",
        source: "booking_form_verified_account",
      });
    } finally {
      await db().delete(s.appointmentUpsells);
      await db().delete(s.appointments);
      await db().delete(s.users).where(eq(s.users.id, id));
    }
  });

  it("sends the same Message-ID when the confirmation job runs again after a crash (ADR 071)", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!), now });
    const [job] = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking"));
    const handlers = createMessagingHandlers({
      mailer: () => createSmtpMailer(smtp.url, "Lavage Mobile Prestige <bonjour@lavageprestige.ca>"),
      now: () => clock,
    });
    const ctx = {
      db: db(),
      jobId: job!.id,
      attempt: 1,
      maxAttempts: 3,
      signal: new AbortController().signal,
    };
    const payload = { appointmentId: booked.appointmentId, kind: "confirmation" as const };
    await handlers["email.booking"](payload, ctx);
    await handlers["email.booking"](payload, { ...ctx, attempt: 2 });
    const ids = smtp.messages.map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(`<job-${job!.id}.confirmation@lavageprestige.ca>`);
    expect(ids[1]).toBe(ids[0]);
  });

  it("sends the confirmation by SMS too with the SMS box, once however often its job runs", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!, { smsConsent: true }), now });
    const [job] = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking"));
    await drain();
    // The job run again (a crash after the send, ADR 071): the e-mail again, not the SMS.
    const handlers = createMessagingHandlers({
      mailer: () => createSmtpMailer(smtp.url, "Lavage Mobile Prestige <bonjour@lavageprestige.ca>"),
      now: () => clock,
    });
    const ctx = {
      db: db(),
      jobId: job!.id,
      attempt: 2,
      maxAttempts: 3,
      signal: new AbortController().signal,
    };
    await Promise.all([
      handlers["email.booking"]({ appointmentId: booked.appointmentId, kind: "confirmation" }, ctx),
      handlers["email.booking"]({ appointmentId: booked.appointmentId, kind: "confirmation" }, ctx),
    ]);
    expect(smtp.messages).toHaveLength(3);
    const sms = await db().select().from(s.smsMessages);
    expect(sms).toEqual([
      expect.objectContaining({
        direction: "outbound",
        category: "transactional",
        phone: "+14505550199",
        status: "sent",
        appointmentId: booked.appointmentId,
      }),
    ]);
    const local = new Intl.DateTimeFormat("fr-CA", {
      timeZone: "America/Toronto",
      hour: "numeric",
      minute: "2-digit",
    }).format(booked.startAt);
    expect(sms[0]!.body).toContain("réservation confirmée pour votre lavage du ");
    expect(sms[0]!.body).toContain(`à ${local}, 123, rue Principale, Granby J2G 2T5`);
  });

  it("moves the reminder when the booking is rescheduled, and sends the change", async () => {
    const now = NOW;
    const starts = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(starts[0]!), now });
    const [before] = await reminderJobs();
    const later = starts.find((start) => new Date(start).getTime() - booked.startAt.getTime() >= DAY)!;

    const moved = await rescheduleBooking(db(), {
      bookingId: booked.bookingId,
      input: { token: booked.manageToken, start: later },
      now,
    });
    const after = await reminderJobs();
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.runAt).toEqual(new Date(moved.startAt.getTime() - REMINDER_LEAD_MS));

    await drain();
    expect(subjects()).toEqual(inAnyOrder([/^Réservation confirmée/, /^Réservation modifiée/]));
    const changed = withSubject(/^Réservation modifiée/);
    const ics = changed.parsed.attachments.find((a) => a.filename === "rendez-vous.ics")!;
    const event = readIcs(ics.content.toString("utf8"));
    expect(event.uid).toBe(`${booked.appointmentId}@lavageprestige.ca`);
    expect(event.sequence).toBeGreaterThan(0);
    expect(changed.parsed.text).toContain(booked.manageToken);

    // At the new reminder time: the reminder goes (not at the old time).
    clock = new Date(moved.startAt.getTime() - REMINDER_LEAD_MS - 60_000);
    await drain();
    expect(smtp.messages).toHaveLength(2);
    clock = new Date(moved.startAt.getTime() - REMINDER_LEAD_MS + 1_000);
    await drain();
    expect(smtp.messages.map((m) => m.parsed.subject)).toHaveLength(3);
    withSubject(/^Rappel : votre lavage demain à /);
  });

  it("removes the reminder when the booking is cancelled, and sends the cancellation", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!), now });
    expect(await reminderJobs()).toHaveLength(1);

    await cancelBooking(db(), { bookingId: booked.bookingId, input: { token: booked.manageToken }, now });
    expect(await reminderJobs()).toEqual([]);

    clock = new Date(booked.startAt.getTime() - REMINDER_LEAD_MS + 1_000);
    await drain();
    expect(subjects()).toEqual(inAnyOrder([/^Réservation confirmée/, /^Réservation annulée/]));
    const ics = withSubject(/^Réservation annulée/).parsed.attachments.find(
      (a) => a.filename === "rendez-vous.ics",
    )!;
    const event = readIcs(ics.content.toString("utf8"));
    expect(event).toMatchObject({ method: "CANCEL", status: "CANCELLED" });
    // The attendee lets calendar clients apply the cancellation.
    expect(event.attendees.map((a) => a.email)).toEqual(["lea.tremblay@example.com"]);
  });

  it("does not remind a booking that is no longer scheduled when the reminder runs", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!, { smsConsent: true }), now });
    await drain();
    // Cancelled without going through the messaging functions (e.g. by hand in the database).
    await db()
      .update(s.appointments)
      .set({ status: "cancelled" })
      .where(eq(s.appointments.id, booked.appointmentId));
    clock = new Date(booked.startAt.getTime() - REMINDER_LEAD_MS + 1_000);
    await drain();
    expect(smtp.messages).toHaveLength(1);
    // The confirmation SMS of the booking, and no reminder SMS.
    expect((await db().select().from(s.smsMessages)).map((m) => m.body)).toEqual([
      expect.stringMatching(/^Lavage Mobile Prestige : réservation confirmée/),
    ]);
    const [job] = await db().select().from(s.jobs).where(eq(s.jobs.name, "booking.reminder"));
    expect(job?.status).toBe("completed");
  });

  it("reminds by e-mail and, with the booking's SMS consent, by SMS; a STOP does not end it", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!, { smsConsent: true }), now });
    await db()
      .insert(s.consentEvents)
      .values({
        channel: "sms",
        address: "+14505550199",
        kind: "express",
        action: "withdrawn",
        source: "sms_keyword",
        occurredAt: new Date(now.getTime() + 1_000),
      });
    clock = new Date(booked.startAt.getTime() - REMINDER_LEAD_MS + 1_000);
    await drain();
    expect(subjects()).toEqual(inAnyOrder([/^Réservation confirmée/, /^Rappel : votre lavage demain/]));
    // The confirmation (before the STOP) and the reminder (after it) both go by SMS.
    // Both run in the same drain (the confirmation was due first): read in the order of their texts.
    const sms = (await db().select().from(s.smsMessages)).sort((a, b) => b.body.localeCompare(a.body));
    const expected = expect.objectContaining({
      direction: "outbound",
      category: "transactional",
      phone: "+14505550199",
      status: "sent",
      provider: "log",
      appointmentId: booked.appointmentId,
    });
    expect(sms).toEqual([expected, expected]);
    expect(sms[0]!.body).toMatch(/^Lavage Mobile Prestige : réservation confirmée pour votre lavage du /);
    expect(sms[1]!.body).toMatch(
      /^Lavage Mobile Prestige : rappel de votre lavage demain à .*123, rue Principale/,
    );
  });

  it("gives no SMS confirmation or reminder without the booking form's SMS box", async () => {
    const now = NOW;
    const [start] = await openStarts(db(), now, 3 * DAY);
    const booked = await bookSlot(db(), { actor: null, input: request(start!), now });
    clock = new Date(booked.startAt.getTime() - REMINDER_LEAD_MS + 1_000);
    await drain();
    expect(smtp.messages).toHaveLength(2);
    expect(await db().select().from(s.smsMessages)).toEqual([]);
  });

  it("texts the booking's confirmation and reminder by the service-texts box, apart from the offers box", async () => {
    const now = NOW;
    const starts = await openStarts(db(), now, 3 * DAY);
    // Service texts without offers: the confirmation and the reminder by SMS, no SMS consent.
    const texts = await bookSlot(db(), {
      actor: null,
      input: request(starts[0]!, { serviceTexts: "on" }),
      now,
    });
    expect(await currentConsent(db(), "sms", "+14505550199", now)).toMatchObject({ state: "none" });
    // Offers without service texts: the consent, but no text about the booking.
    const offers = await bookSlot(db(), {
      actor: null,
      input: request(starts[1]!, {
        serviceTexts: "false",
        smsConsent: "on",
        email: "offres.seulement@example.com",
        phone: "450 555-0177",
      }),
      now,
    });
    expect(await currentConsent(db(), "sms", "+14505550177", now)).toMatchObject({ state: "express" });
    clock = new Date(Math.max(texts.startAt.getTime(), offers.startAt.getTime()) - REMINDER_LEAD_MS + 1_000);
    await drain();
    const sms = await db().select().from(s.smsMessages);
    const sent = (appointmentId: string) =>
      sms.filter((m) => m.appointmentId === appointmentId && m.status === "sent").map((m) => m.body);
    expect(sent(texts.appointmentId)).toHaveLength(2);
    expect(sent(texts.appointmentId)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("réservation confirmée"),
        expect.stringContaining("rappel de votre lavage"),
      ]),
    );
    expect(sent(offers.appointmentId)).toEqual([]);
  });

  it("delivers a message the SMTP server refuses twice on the third attempt", async () => {
    const flaky = await startSmtpReceiver({ refuseFirst: 2 });
    try {
      const now = NOW;
      const [start] = await openStarts(db(), now, 3 * DAY);
      const booked = await bookSlot(db(), { actor: null, input: request(start!), now });
      const w = createWorker(db(), {
        now: () => clock,
        handlers: createMessagingHandlers({
          mailer: () => createSmtpMailer(flaky.url, "bonjour@lavageprestige.ca"),
          now: () => clock,
        }),
      });
      const confirmation = async () =>
        (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking")))[0]!;
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await w.runOnce()).toBeGreaterThanOrEqual(1);
        const job = await confirmation();
        expect(job.attempts).toBe(attempt);
        if (attempt < 3) {
          expect(job).toMatchObject({ status: "pending" });
          expect(job.lastError).toMatch(/451/);
          expect(flaky.messages).toHaveLength(0);
          clock = new Date(job.runAt.getTime() + 1);
        }
      }
      expect(await confirmation()).toMatchObject({ status: "completed", attempts: 3 });
      expect(flaky.refused).toBe(2);
      expect(flaky.messages).toHaveLength(1);
      expect(flaky.messages[0]!.parsed.text).toContain(booked.bookingId);
    } finally {
      await flaky.close();
    }
  });

  it("sends a promotion only with consent, with identification, unsubscribe link and RFC 8058 headers", async () => {
    const to = "marc.gagnon@example.com";
    await queuePromotionalEmail(db(), {
      to,
      title: "Printemps : -20 %",
      body: "Un lavage printanier.\n\nÀ bientôt !",
    });
    await drain();
    expect(smtp.messages).toEqual([]);

    await recordConsent(db(), {
      channel: "email",
      address: to,
      kind: "express",
      action: "given",
      source: "booking_form",
    });
    await queuePromotionalEmail(db(), {
      to,
      title: "Printemps : -20 %",
      body: "Un lavage printanier.\n\nÀ bientôt !",
    });
    await drain();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.parsed.subject).toBe("Printemps : -20 %");
    expect(mail.parsed.text).toContain(
      "Lavage Mobile Prestige · 123, rue Principale, Granby (Québec) J2G 2T5 · 450 555-0142",
    );
    const link = /Se désabonner des offres par courriel : (\S+)/.exec(mail.parsed.text!)![1]!;
    const token = new URL(link).searchParams.get("token")!;
    const raw = mail.raw.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toMatch(/(^|\r\n)List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/);
    expect(
      raw.startsWith(`List-Unsubscribe: <http://localhost:3000/api/unsubscribe?token=${token}>,`) ||
        raw.includes(`\r\nList-Unsubscribe: <http://localhost:3000/api/unsubscribe?token=${token}>,`),
    ).toBe(true);

    // A forged token (another address, same signature) does nothing.
    const [payload, signature] = token.split(".");
    const forged = `${Buffer.from("email:autre@example.com").toString("base64url")}.${signature}`;
    expect(payload).not.toBe(forged.split(".")[0]);
    expect(await unsubscribeWithToken(db(), forged)).toBeNull();

    expect(await unsubscribeWithToken(db(), token)).toEqual({ channel: "email", address: to });
    expect(await currentConsent(db(), "email", to)).toMatchObject({
      state: "withdrawn",
      source: "unsubscribe_link",
    });
    await queuePromotionalEmail(db(), { to, title: "Encore", body: "Non." });
    await drain();
    expect(smtp.messages).toHaveLength(1);
  });

  it("sends the reset link, the set-password invitation, the application and contact e-mails", async () => {
    const userId = "u-reset-1";
    await db().delete(s.users).where(eq(s.users.id, userId));
    await db()
      .insert(s.users)
      .values({ id: userId, name: "Julie Roy", firstName: "Julie", email: "julie@example.com" });
    const url = "http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2Fauth%2Freset-password";
    await queuePasswordEmail(db(), { userId, url });
    await drain();
    await db()
      .insert(s.accounts)
      .values({ id: "acc-1", accountId: userId, providerId: "credential", userId, password: "hash" });
    await queuePasswordEmail(db(), { userId, url });
    await queuePasswordEmail(db(), { userId, url, invitation: true });

    const [application] = await db()
      .insert(s.franchiseApplications)
      .values({
        firstName: "Samuel",
        lastName: "Côté",
        email: "samuel@example.com",
        phone: "4505550111",
        city: "Bromont",
        hasDriversLicense: true,
        vehicleInfo: "Camionnette",
        availabilityHours: "Semaine",
        backgroundCheckConsent: true,
        signatureUrl: "signatures/x.png",
      })
      .returning({ id: s.franchiseApplications.id });
    await queueApplicationReceived(db(), application!.id);
    const [contact] = await db()
      .insert(s.contactMessages)
      .values({ name: "Nadia", email: "nadia@example.com", phone: null, message: "Bonjour <b>!</b>" })
      .returning({ id: s.contactMessages.id });
    await queueContactReceived(db(), contact!.id);
    await drain();

    const bySubject = smtp.messages.map((m) => [m.to[0], m.parsed.subject]).sort();
    expect(bySubject).toEqual(
      [
        // Without a password yet, a reset anyone asked for still reads as a reset (ADR 042):
        // only the server's invitation says "create your password".
        ["julie@example.com", "Bienvenue chez Lavage Mobile Prestige : créez votre mot de passe"],
        ["julie@example.com", "Réinitialisation de votre mot de passe"],
        ["julie@example.com", "Réinitialisation de votre mot de passe"],
        ["samuel@example.com", "Nous avons bien reçu votre candidature"],
        ["bonjour@lavageprestige.ca", "Nouveau message de Nadia (formulaire de contact)"],
      ].sort(),
    );
    const reset = smtp.messages.find((m) => m.parsed.subject === "Réinitialisation de votre mot de passe")!;
    expect(reset.parsed.text).toContain("valable 1 heure");
    expect(reset.parsed.text).toContain(url);
    const contactMail = smtp.messages.find((m) => m.to[0] === "bonjour@lavageprestige.ca")!;
    expect(contactMail.parsed.replyTo?.text).toBe("nadia@example.com");
    expect(contactMail.parsed.html).toContain("Bonjour &lt;b&gt;!&lt;/b&gt;");
    await db().delete(s.franchiseApplications);
    await db().delete(s.contactMessages);
  });
});

import { and, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { appointments, freedTimeRequests, smsMessages } from "#db/schema";
import { freedTimeSmsRefusal } from "~/domain/freed-time/sms";
import { localDate } from "~/domain/time/zoned";
import { allowsCommercialMessages, toE164 } from "~/domain/messaging/consent";
import {
  bilingualSmsReply,
  parseSmsKeyword,
  promotionalSmsAllowed,
  torontoMonth,
  transactionalSmsRefusal,
  type SmsRefusal,
} from "~/domain/messaging/sms";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import type { Db, Tx } from "../../db.server";
import { describeError } from "../../jobs/job-claims.server";
import { enqueue } from "../../jobs/queue.server";
import type { SmsProvider } from "../../sms/provider.server";
import { currentConsent, recordConsent } from "./consent.server";

/** Delivery attempts of one SMS: with the queue's backoff, about three hours of provider outage. */
export const SMS_MAX_ATTEMPTS = 12;

export type QueueSmsResult =
  { status: "queued"; smsId: string } | { status: "refused"; reason: SmsRefusal; smsId: string | null };

export interface SmsRequest {
  phone: string;
  body: string;
  /** verification: a code the account holder asked for (ADR 043), sent without consent or booking. */
  category: "transactional" | "promotional" | "verification";
  /** Required for transactional messages: the booking they are about. */
  appointmentId?: string | null;
  /**
   * A transactional SMS about no booking: a freed time's offer (ADR 091, amended), allowed by the
   * request's own SMS box while the request is open, checked at queueing and at delivery.
   */
  freedTimeRequestId?: string | null;
  now?: Date;
}

/** Why an SMS may not go now (ADR 014), or null. Reads the ledger, the booking and the month's count. */
async function refusal(
  db: Db | Tx,
  request: SmsRequest & { phone: string },
  now: Date,
): Promise<SmsRefusal | null> {
  if (request.category === "verification") return null;
  if (request.category === "transactional" && request.freedTimeRequestId) {
    const [freed] = await db
      .select({
        smsConsent: freedTimeRequests.smsConsent,
        stoppedAt: freedTimeRequests.stoppedAt,
        lastDay: freedTimeRequests.lastDay,
      })
      .from(freedTimeRequests)
      .where(eq(freedTimeRequests.id, request.freedTimeRequestId));
    return freedTimeSmsRefusal(freed ?? null, localDate(now));
  }
  if (request.category === "transactional") {
    if (!request.appointmentId) return "BOOKING_NOT_ACTIVE";
    const [booking] = await db
      .select({
        smsConsent: appointments.smsConsent,
        status: appointments.status,
        startAt: appointments.startAt,
        endAt: appointments.endAt,
      })
      .from(appointments)
      .where(eq(appointments.id, request.appointmentId));
    if (!booking) return "BOOKING_NOT_ACTIVE";
    return transactionalSmsRefusal(
      {
        bookingSmsConsent: booking.smsConsent,
        status: booking.status,
        startAt: booking.startAt,
        endAt: booking.endAt,
      },
      now,
    );
  }
  if (!allowsCommercialMessages(await currentConsent(db, "sms", request.phone, now))) return "NO_CONSENT";
  return null;
}

/** Promotional SMS queued or sent to this number in the calendar month (America/Toronto) of `now`. */
export async function promotionalSmsThisMonth(db: Db | Tx, phone: string, now: Date): Promise<number> {
  const month = torontoMonth(now);
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.phone, phone),
        eq(smsMessages.direction, "outbound"),
        eq(smsMessages.category, "promotional"),
        inArray(smsMessages.status, ["queued", "sent"]),
        gte(smsMessages.createdAt, month.start),
        lt(smsMessages.createdAt, month.end),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The SMS sender (ADR 014): checks consent, the booking rule of transactional messages and the
 * monthly cap of promotional ones (4 per number per calendar month, counted under a lock on the
 * number so two senders cannot both take the fourth place), then writes the sms_messages row
 * ('queued', or 'refused' with the reason) and queues its delivery in the same transaction.
 */
export async function queueSms(db: Db | Tx, request: SmsRequest): Promise<QueueSmsResult> {
  const now = request.now ?? new Date();
  const phone = toE164(request.phone);
  if (!phone) return { status: "refused", reason: "INVALID_NUMBER", smsId: null };
  return db.transaction(async (tx) => {
    const reason = await (async () => {
      const rule = await refusal(tx, { ...request, phone }, now);
      if (rule || request.category !== "promotional") return rule;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-cap:${phone}`}))`);
      return promotionalSmsAllowed(await promotionalSmsThisMonth(tx, phone, now)) ? null : "MONTHLY_CAP";
    })();
    const [row] = await tx
      .insert(smsMessages)
      .values({
        direction: "outbound",
        category: request.category,
        phone,
        body: request.body,
        status: reason ? "refused" : "queued",
        error: reason,
        appointmentId: request.appointmentId ?? null,
        freedTimeRequestId: request.freedTimeRequestId ?? null,
        createdAt: now,
      })
      .returning({ id: smsMessages.id });
    const smsId = row!.id;
    if (reason) return { status: "refused" as const, reason, smsId };
    await enqueue(tx, "sms.deliver", { smsId }, { maxAttempts: SMS_MAX_ATTEMPTS });
    return { status: "queued" as const, smsId };
  });
}

/**
 * The booking's confirmation SMS (issue 32): queued through `queueSms` (ADR 014's rules: the
 * booking's SMS box, an active booking), at most once per booking whatever the retries of the
 * job that calls it — rows of this booking that start with the confirmation's words are looked
 * for under a lock on the booking, refused ones included. Returns null when one already exists.
 */
export async function queueBookingConfirmationSms(
  db: Db | Tx,
  { appointmentId, phone, body, now }: { appointmentId: string; phone: string; body: string; now: Date },
): Promise<QueueSmsResult | null> {
  const start = messagingMessages.sms.confirmationStart;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-confirmation:${appointmentId}`}))`);
    const [existing] = await tx
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.appointmentId, appointmentId),
          eq(smsMessages.direction, "outbound"),
          eq(smsMessages.category, "transactional"),
          sql`starts_with(${smsMessages.body}, ${start})`,
        ),
      )
      .limit(1);
    if (existing) return null;
    return queueSms(tx, { phone, body, category: "transactional", appointmentId, now });
  });
}

/**
 * The sms.deliver job: sends a queued row through the provider. The rules are checked again
 * (a STOP or a cancellation may have come since); a failure is recorded on the row and thrown
 * for a retry, and the row ends 'failed' after the last attempt.
 */
export async function deliverQueuedSms(
  db: Db,
  provider: SmsProvider,
  {
    smsId,
    attempt,
    maxAttempts,
    signal,
    now = new Date(),
  }: {
    smsId: string;
    attempt: number;
    maxAttempts: number;
    signal?: AbortSignal;
    now?: Date;
  },
): Promise<void> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, smsId));
  if (!row || row.status !== "queued") return;
  if (row.category === "transactional" || row.category === "promotional") {
    const reason = await refusal(
      db,
      {
        phone: row.phone,
        body: row.body,
        category: row.category,
        appointmentId: row.appointmentId,
        freedTimeRequestId: row.freedTimeRequestId,
      },
      now,
    );
    if (reason) {
      await db.update(smsMessages).set({ status: "refused", error: reason }).where(eq(smsMessages.id, smsId));
      return;
    }
  }
  try {
    const sent = await provider.send({ to: row.phone, body: row.body, signal });
    await db
      .update(smsMessages)
      .set({
        status: "sent",
        provider: provider.name,
        providerMessageId: sent.providerMessageId,
        sentAt: now,
        error: null,
      })
      .where(eq(smsMessages.id, smsId));
  } catch (error) {
    await db
      .update(smsMessages)
      .set({
        provider: provider.name,
        error: describeError(error),
        ...(attempt >= maxAttempts ? { status: "failed" } : {}),
      })
      .where(eq(smsMessages.id, smsId));
    throw error;
  }
}

/**
 * An SMS received through the provider's callback: logged, and a keyword acted upon (STOP and
 * ARRET withdraw SMS consent, START and DEBUT give it again, HELP, AIDE and INFO answer), in one
 * reply, French then English. Returns the reply to send back in the callback's answer (logged
 * too), or null.
 */
export async function handleInboundSms(
  db: Db,
  {
    from,
    body,
    providerMessageId,
    now = new Date(),
  }: { from: string; body: string; providerMessageId?: string | null; now?: Date },
): Promise<{ reply: string | null; keyword: "stop" | "start" | "help" | null; duplicate?: true }> {
  const phone = toE164(from) ?? from.trim().slice(0, 32);
  const keyword = parseSmsKeyword(body);
  const text = messagingMessages.sms;
  return db.transaction(async (tx) => {
    // A callback delivered again with the same provider id (a retry, or a signed request
    // replayed) was already acted upon: nothing is stored or answered twice (ADR 071).
    const [received] = await tx
      .insert(smsMessages)
      .values({
        direction: "inbound",
        category: "inbound",
        phone,
        body: body.slice(0, 1600),
        status: "received",
        providerMessageId: providerMessageId || null,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: smsMessages.providerMessageId,
        where: sql`direction = 'inbound' and provider_message_id is not null`,
      })
      .returning({ id: smsMessages.id });
    if (!received) return { reply: null, keyword: null, duplicate: true };
    if (!keyword) return { reply: null, keyword: null };
    if (keyword.action === "stop" || keyword.action === "start") {
      await recordConsent(tx, {
        channel: "sms",
        address: phone,
        kind: "express",
        action: keyword.action === "stop" ? "withdrawn" : "given",
        source: "sms_keyword",
        now,
      });
    }
    if (keyword.action === "stop") {
      // The number's freed-time requests stop too (ADR 091, amended): no more offers, by SMS or e-mail.
      await tx
        .update(freedTimeRequests)
        .set({ stoppedAt: now })
        .where(and(eq(freedTimeRequests.phone, phone), isNull(freedTimeRequests.stoppedAt)));
    }
    const reply = bilingualSmsReply(text[keyword.action]);
    await tx.insert(smsMessages).values({
      direction: "outbound",
      category: "keyword_reply",
      phone,
      body: reply,
      status: "sent",
      provider: "reply",
      createdAt: now,
      sentAt: now,
    });
    return { reply, keyword: keyword.action };
  });
}

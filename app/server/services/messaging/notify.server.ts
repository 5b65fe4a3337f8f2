/**
 * What other areas call to send messages (ADR 013): each function queues durable jobs in the
 * caller's transaction (pass `tx`), so a message goes out only if the change commits, and a
 * provider that is down delays it without losing it. Payloads hold ids, not personal data
 * (except the secret links an e-mail must carry, which exist nowhere else).
 */
import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { dropPendingJobs, enqueue, newJobsInsert, reschedulePendingJob } from "../../jobs/queue.server";
import type { JobPayloads } from "../../jobs/payloads";

/** Delivery attempts of one e-mail: with the queue's backoff, about three hours of SMTP outage. */
export const EMAIL_MAX_ATTEMPTS = 12;
/** The reminder goes this long before the appointment (the terms: 24 h). */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

/** The singleton key of an appointment's reminder: at most one pending per appointment. */
export function reminderKey(appointmentId: string): string {
  return `booking.reminder:${appointmentId}`;
}

async function startOf(db: Db | Tx, appointmentId: string): Promise<Date> {
  const [row] = await db
    .select({ startAt: appointments.startAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!row) throw new Error(`appointment ${appointmentId} not found`);
  return row.startAt;
}

/**
 * Schedules (or moves) the appointment's reminder to 24 h before its start; drops it when that
 * moment has passed (a booking made less than 24 h ahead gets no reminder).
 */
export async function scheduleBookingReminder(
  db: Db | Tx,
  appointmentId: string,
  { manageToken, now = new Date() }: { manageToken?: string; now?: Date } = {},
): Promise<number | null> {
  const key = reminderKey(appointmentId);
  const runAt = new Date((await startOf(db, appointmentId)).getTime() - REMINDER_LEAD_MS);
  if (runAt.getTime() <= now.getTime()) {
    await dropPendingJobs(db, key);
    return null;
  }
  const payload = { appointmentId, ...(manageToken ? { manageToken } : {}) };
  const moved = await reschedulePendingJob(db, key, {
    runAt,
    ...(manageToken ? { job: { name: "booking.reminder", payload } } : {}),
  });
  if (moved !== null) return moved;
  return enqueue(db, "booking.reminder", payload, {
    runAt,
    singletonKey: key,
    maxAttempts: EMAIL_MAX_ATTEMPTS,
  });
}

/** The singleton key of a confirmation that waits for the card step (issue 31, ADR 074). */
export function confirmationKey(appointmentId: string): string {
  return `email.booking.confirmation:${appointmentId}`;
}

/**
 * How long a confirmation waiting for the card step waits at most: the hold (30 min) and its
 * release job's minute, with a margin. The card step secured sends it at once; released, it is
 * dropped. Should neither happen in time, its handler waits on (it retries while the card step
 * is unfinished).
 */
export const CONFIRMATION_AFTER_CARD_MS = 45 * 60_000;

/**
 * A new booking: the confirmation e-mail (details, taxes, manage link, .ics) and the reminder
 * 24 h before its start (none when that moment has passed). `manageToken` is the secret of the
 * manage link, known only at booking time. The appointment was just inserted, so no reminder of
 * it exists yet: both jobs go in one statement (ADR 054), returned not yet run, to run in the
 * booking's transaction (alone or with its other rows: `insertTogether`).
 */
export function bookingConfirmationInsert(
  db: Db | Tx,
  appointmentId: string,
  {
    manageToken,
    now,
    startAt,
    awaitsCard = false,
  }: {
    manageToken?: string;
    now: Date;
    startAt: Date;
    /** A zone that takes a card: the confirmation waits for the card step (ADR 074). */
    awaitsCard?: boolean;
  },
) {
  const token = manageToken ? { manageToken } : {};
  const runAt = new Date(startAt.getTime() - REMINDER_LEAD_MS);
  return newJobsInsert(db, [
    {
      name: "email.booking",
      payload: { appointmentId, kind: "confirmation", ...token },
      maxAttempts: EMAIL_MAX_ATTEMPTS,
      ...(awaitsCard
        ? {
            runAt: new Date(now.getTime() + CONFIRMATION_AFTER_CARD_MS),
            singletonKey: confirmationKey(appointmentId),
          }
        : {}),
    },
    ...(runAt.getTime() > now.getTime()
      ? [
          {
            name: "booking.reminder" as const,
            payload: { appointmentId, ...token },
            runAt,
            singletonKey: reminderKey(appointmentId),
            maxAttempts: EMAIL_MAX_ATTEMPTS,
          },
        ]
      : []),
  ]);
}

/** A booking moved to another time: the 'changed' e-mail (new .ics) and the reminder moved. */
export async function queueBookingChanged(
  db: Db | Tx,
  appointmentId: string,
  { manageToken, now }: { manageToken?: string; now?: Date } = {},
): Promise<void> {
  await queueBookingMailAndReminder(db, appointmentId, "changed", { manageToken, now });
}

/** The booking e-mail of `kind`, then the reminder (re)scheduled for the appointment's start. */
async function queueBookingMailAndReminder(
  db: Db | Tx,
  appointmentId: string,
  kind: "confirmation" | "changed",
  { manageToken, now }: { manageToken?: string; now?: Date },
): Promise<void> {
  await enqueue(
    db,
    "email.booking",
    { appointmentId, kind, ...(manageToken ? { manageToken } : {}) },
    { maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  await scheduleBookingReminder(db, appointmentId, { manageToken, now });
}

/**
 * A cancelled booking (by the customer or the franchisee): the 'cancelled' e-mail (an .ics that
 * removes the event) and no reminder. Call it after setting the status, in the same transaction.
 */
export async function queueBookingCancelled(db: Db | Tx, appointmentId: string): Promise<void> {
  await enqueue(
    db,
    "email.booking",
    { appointmentId, kind: "cancelled" },
    { maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  await dropPendingJobs(db, reminderKey(appointmentId));
  // The freed time goes to who asked for it (ADR 091): every cancellation passes here, once.
  await enqueue(db, "freed-time.offer", { appointmentId });
}

/**
 * The card step secured (the webhook's or the release job's step, never the browser's): the
 * confirmation that waited for it goes now (ADR 074).
 */
export async function sendAwaitedConfirmation(db: Db | Tx, appointmentId: string, now: Date): Promise<void> {
  await reschedulePendingJob(db, confirmationKey(appointmentId), { runAt: now });
}

/**
 * A booking released unpaid (its hold ran out, or its customer cancelled before paying): no
 * confirmation, no reminder; `tell` sends the 'released' e-mail that says how to book again.
 */
export async function queueBookingReleased(
  db: Db | Tx,
  appointmentId: string,
  { tell }: { tell: boolean },
): Promise<void> {
  await dropPendingJobs(db, confirmationKey(appointmentId));
  await dropPendingJobs(db, reminderKey(appointmentId));
  if (tell) {
    await enqueue(
      db,
      "email.booking",
      { appointmentId, kind: "released" },
      { maxAttempts: EMAIL_MAX_ATTEMPTS },
    );
  }
}

/** 'We received your application', to the applicant (reads franchise_applications). */
export async function queueApplicationReceived(db: Db | Tx, applicationId: string): Promise<void> {
  await enqueue(db, "email.application-received", { applicationId }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}

/** A contact form message, to the business address (BUSINESS.email), reply-to the sender. */
export async function queueContactReceived(db: Db | Tx, messageId: string): Promise<void> {
  await enqueue(db, "email.contact-received", { messageId }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}

/**
 * The reset / set-password link better-auth made for a user (auth.server.ts). `invitation`
 * (or an account without a password yet) makes it the 'create your password' e-mail.
 */
export async function queuePasswordEmail(
  db: Db | Tx,
  { userId, url, invitation = false }: { userId: string; url: string; invitation?: boolean },
): Promise<void> {
  await enqueue(db, "email.password", { userId, url, invitation }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}

/** An account e-mail (ADR 042) through the durable queue: confirmation link, sign-up notice, slowed sign-ins. */
export async function queueAccountEmail(db: Db | Tx, payload: JobPayloads["email.account"]): Promise<void> {
  await enqueue(db, "email.account", payload, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}

/**
 * A commercial e-mail to one address. Consent is checked when it is sent: without express or
 * unexpired implied consent it is dropped. It carries the sender's identification, an
 * unsubscribe link and the List-Unsubscribe headers (RFC 8058).
 */
export async function queuePromotionalEmail(
  db: Db | Tx,
  { to, title, body }: { to: string; title: string; body: string },
): Promise<void> {
  await enqueue(db, "email.promotion", { to, title, body }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
}

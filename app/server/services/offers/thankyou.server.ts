/**
 * The thank-you offer after a wash (ADR 057): a day after the review request of a completed
 * appointment, a durable job sends the customer one personal single-use code for the next
 * booking, once per appointment (the `thankyou_sends` row, keyed by the appointment, is written
 * first in the job's transaction). Consent is read from the ledger when the job runs (express, or
 * implied within two years of a purchase, ADR 015) and again by the e-mail job when it sends; the
 * SMS goes only through queueSms (express SMS consent and the monthly cap of ADR 014).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { appSettings, appointments, promoCodes, thankyouSends } from "#db/schema";
import { allowsCommercialMessages } from "~/domain/messaging/consent";
import {
  randomPromoCode,
  THANKYOU_DEFAULTS,
  THANKYOU_DELAY_MINUTES,
  THANKYOU_MAX_VALID_DAYS,
  THANKYOU_MIN_VALID_DAYS,
  type PromoKind,
  type ThankYouSettings,
} from "~/domain/offers/promo";
import { formatMoney } from "~/lib/format";
import { z } from "~/lib/zod-fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { formatMailDate } from "../../mail/templates.server";
import { currentConsent } from "../messaging/consent.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";

const DAY_MS = 24 * 60 * 60_000;
export const THANKYOU_SETTING = "thankyou_offer";

/** The stored settings, as the admin's form saved them (ThankYouSettingsSchema). */
const StoredSettings = z
  .object({
    enabled: z.boolean(),
    kind: z.enum(["percent", "fixed"]),
    value: z.number().int().positive(),
    validDays: z.number().int().min(THANKYOU_MIN_VALID_DAYS).max(THANKYOU_MAX_VALID_DAYS),
  })
  .refine((s) => s.kind === "fixed" || s.value <= 100);

/** The admin's settings, or the defaults when none are stored (or the stored ones no longer parse). */
export async function thankYouSettings(db: Db | Tx): Promise<ThankYouSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, THANKYOU_SETTING));
  if (!row) return THANKYOU_DEFAULTS;
  try {
    const parsed = StoredSettings.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : THANKYOU_DEFAULTS;
  } catch {
    return THANKYOU_DEFAULTS;
  }
}

export async function setThankYouSettings(db: Db, settings: ThankYouSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insert(appSettings)
    .values({ key: THANKYOU_SETTING, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** "10 %" or "15,00 $": a discount as the messages say it. */
export function discountText(code: { kind: PromoKind; value: number }): string {
  return code.kind === "percent" ? `${code.value} %` : formatMoney(code.value);
}

/** The singleton key of an appointment's thank-you job. */
export function thankYouKey(appointmentId: string): string {
  return `offers.thankyou:${appointmentId}`;
}

/**
 * Queues the appointment's thank-you job THANKYOU_DELAY_MINUTES from `now`, once (singleton key).
 * Called by the review request job, in its transaction, when it asks for the review.
 */
export async function scheduleThankYouOffer(
  db: Db | Tx,
  appointmentId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await enqueue(
    db,
    "offers.thankyou",
    { appointmentId },
    {
      runAt: new Date(now.getTime() + THANKYOU_DELAY_MINUTES * 60_000),
      singletonKey: thankYouKey(appointmentId),
      maxAttempts: EMAIL_MAX_ATTEMPTS,
    },
  );
}

export type ThankYouOutcome = "sent" | "skipped" | "already";

/**
 * The offers.thankyou job: claims the appointment's thank-you (once, whatever runs the job
 * twice), then, when the offers are on and a consent allows it, makes the personal code and
 * queues the e-mail and the SMS, all in one transaction. "skipped" when nothing went (no consent
 * on any channel, offers off, the appointment not completed); "already" when a run had claimed it.
 */
export async function sendThankYouOffer(
  db: Db,
  appointmentId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<ThankYouOutcome> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        status: appointments.status,
        name: appointments.customerName,
        email: appointments.customerEmail,
        phone: appointments.customerPhone,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    if (!booking || booking.status !== "completed") return "skipped";
    const [claimed] = await tx
      .insert(thankyouSends)
      .values({ appointmentId, sentAt: now })
      .onConflictDoNothing()
      .returning({ appointmentId: thankyouSends.appointmentId });
    if (!claimed) return "already";

    const settings = await thankYouSettings(tx);
    if (!settings.enabled) return "skipped";
    const email = booking.email.trim().toLowerCase();
    const emailOk = allowsCommercialMessages(await currentConsent(tx, "email", email, now));
    const smsOk = allowsCommercialMessages(await currentConsent(tx, "sms", booking.phone, now));
    if (!emailOk && !smsOk) return "skipped";

    const endsAt = new Date(now.getTime() + settings.validDays * DAY_MS);
    const [code] = await tx
      .insert(promoCodes)
      .values({
        code: randomPromoCode("MERCI", (n) => crypto.randomBytes(n)),
        campaign: "thankyou",
        kind: settings.kind,
        value: settings.value,
        startsAt: now,
        endsAt,
        maxUses: 1,
        oncePerCustomer: true,
        recipientEmail: email,
        createdAt: now,
      })
      .returning({ id: promoCodes.id, code: promoCodes.code });
    if (emailOk) {
      await enqueue(tx, "email.thankyou", { appointmentId }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
    }
    let smsQueued = false;
    if (smsOk) {
      const sms = await queueSms(tx, {
        phone: booking.phone,
        body: offersMessages.thankyou.sms(discountText(settings), code!.code, formatMailDate(endsAt)),
        category: "promotional",
        appointmentId,
        now,
      });
      smsQueued = sms.status === "queued";
    }
    await tx
      .update(thankyouSends)
      .set({ promoCodeId: code!.id, emailQueued: emailOk, smsQueued })
      .where(eq(thankyouSends.appointmentId, appointmentId));
    return emailOk || smsQueued ? "sent" : "skipped";
  });
}

/** What the thank-you e-mail needs, read when it is sent; null when there is nothing to send. */
export async function loadThankYouMail(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      customerName: appointments.customerName,
      email: appointments.customerEmail,
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      endsAt: promoCodes.endsAt,
    })
    .from(thankyouSends)
    .innerJoin(promoCodes, eq(promoCodes.id, thankyouSends.promoCodeId))
    .innerJoin(appointments, eq(appointments.id, thankyouSends.appointmentId))
    .where(eq(thankyouSends.appointmentId, appointmentId));
  return row ?? null;
}

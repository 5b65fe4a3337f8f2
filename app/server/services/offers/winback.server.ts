/**
 * Win-back offers (ADR 050): a daily durable job finds the clients whose last completed wash is
 * older than N days (setting `winback_days`, default 60) with no upcoming booking, and sends each
 * one personal single-use code, at most once per period of N days. Consent is read from the
 * ledger at run time (express, or implied within two years of a purchase, ADR 015) and again by
 * the e-mail job when it sends; the SMS goes only with express SMS consent and within the monthly
 * cap of ADR 014 (queueSms checks both). The e-mail is the existing promotional chain
 * (email.promotion): the business's identification and the unsubscribe link and headers.
 */
import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { appSettings, appointments, customerWashes, promoCodes, winbackSends } from "#db/schema";
import { allowsCommercialMessages } from "~/domain/messaging/consent";
import {
  randomPromoCode,
  WINBACK_DEFAULT_DAYS,
  WINBACK_MAX_DAYS,
  WINBACK_MIN_DAYS,
  WINBACK_PERCENT,
  WINBACK_VALID_DAYS,
} from "~/domain/offers/promo";
import { localDate, nextLocalTime } from "~/domain/time/zoned";
import { offersMessages } from "~/lib/messages/offers.fr";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { formatMailDate } from "../../mail/templates.server";
import { currentConsent } from "../messaging/consent.server";
import { queuePromotionalEmail } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";

const DAY_MS = 24 * 60 * 60_000;
export const WINBACK_SETTING = "winback_days";
/** The daily run, local time. */
export const WINBACK_RUN_TIME = "10:00:00";

/** N: days without a completed wash before the offer (the admin's setting, default 60). */
export async function winbackDays(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, WINBACK_SETTING));
  const days = Number(row?.value);
  return Number.isInteger(days) && days >= WINBACK_MIN_DAYS && days <= WINBACK_MAX_DAYS
    ? days
    : WINBACK_DEFAULT_DAYS;
}

export async function setWinbackDays(db: Db, days: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: WINBACK_SETTING, value: String(days) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(days) } });
}

export interface WinbackRunResult {
  /** Clients offered a code now (by e-mail, SMS or both). */
  sent: number;
  /** Clients due but without consent on any channel, or offered within the period. */
  skipped: number;
}

/**
 * One run: every due client gets one offer, unless one was sent within the last N days. Runs
 * under a transaction-wide advisory lock, so two workers (or two runs in a day) never both send.
 */
export async function runWinback(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<WinbackRunResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('offers.winback'))`);
    const days = await winbackDays(tx);
    const since = new Date(now.getTime() - days * DAY_MS);
    // The customers whose last wash and last offer are both before the period (ADR 114), read
    // through the index on the later of the two: a day's run reads the day's work, not every
    // completed appointment of the network. Their name and phone are their last wash's.
    const sinceAt = sql`${since.toISOString()}::timestamptz`;
    const lastWash = (column: typeof appointments.customerName | typeof appointments.customerPhone) =>
      sql<string>`(select ${column} from ${appointments}
                    where lower(${appointments.customerEmail}) = ${customerWashes.email}
                      and ${appointments.status} = 'completed'
                    order by ${appointments.startAt} desc limit 1)`;
    const due = await tx
      .select({
        email: customerWashes.email,
        name: lastWash(appointments.customerName),
        phone: lastWash(appointments.customerPhone),
      })
      .from(customerWashes)
      .where(
        and(
          sql`greatest(${customerWashes.lastCompletedAt}, ${customerWashes.lastOfferedAt}) <= ${sinceAt}`,
          sql`${customerWashes.lastCompletedAt} < ${sinceAt}`,
          // Checked per candidate through the e-mail's index: `offset 0` keeps the planner from
          // hashing every upcoming booking of the network instead (25 ms at 100x, ADR 114).
          sql`not exists (
            select 1 from appointments upcoming
             where lower(upcoming.customer_email) = ${customerWashes.email}
               and upcoming.status = 'scheduled' and upcoming.start_at > ${now.toISOString()}::timestamptz
            offset 0)`,
        ),
      );
    let sent = 0;
    let skipped = 0;
    for (const client of due) {
      const [recent] = await tx
        .select({ id: winbackSends.id })
        .from(winbackSends)
        .where(and(eq(winbackSends.email, client.email), gt(winbackSends.sentAt, since)))
        .limit(1);
      if (recent) {
        skipped++;
        continue;
      }
      const emailOk = allowsCommercialMessages(await currentConsent(tx, "email", client.email, now));
      const smsOk = allowsCommercialMessages(await currentConsent(tx, "sms", client.phone, now));
      if (!emailOk && !smsOk) {
        skipped++;
        continue;
      }
      if (await sendOffer(tx, client, { now, emailOk, smsOk })) sent++;
      else skipped++;
    }
    return { sent, skipped };
  });
}

async function sendOffer(
  tx: Tx,
  client: { email: string; name: string; phone: string },
  { now, emailOk, smsOk }: { now: Date; emailOk: boolean; smsOk: boolean },
): Promise<boolean> {
  const endsAt = new Date(now.getTime() + WINBACK_VALID_DAYS * DAY_MS);
  const [code] = await tx
    .insert(promoCodes)
    .values({
      code: randomPromoCode("RETOUR", (n) => crypto.randomBytes(n)),
      campaign: "winback",
      kind: "percent",
      value: WINBACK_PERCENT,
      startsAt: now,
      endsAt,
      maxUses: 1,
      oncePerCustomer: true,
      recipientEmail: client.email,
      createdAt: now,
    })
    .returning({ id: promoCodes.id, code: promoCodes.code });
  const [send] = await tx
    .insert(winbackSends)
    .values({
      email: client.email,
      periodKey: localDate(now),
      promoCodeId: code!.id,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: winbackSends.id });
  if (!send) return false;
  const until = formatMailDate(endsAt);
  const w = offersMessages.winback;
  let emailQueued = false;
  let smsQueued = false;
  if (emailOk) {
    const firstName = client.name.trim().split(/\s+/)[0] ?? client.name;
    await queuePromotionalEmail(tx, {
      to: client.email,
      title: w.emailTitle,
      body: w.emailBody(firstName, WINBACK_PERCENT, code!.code, until, bookingUrl(code!.code)),
    });
    emailQueued = true;
  }
  if (smsOk) {
    const sms = await queueSms(tx, {
      phone: client.phone,
      body: w.sms(WINBACK_PERCENT, code!.code, until),
      category: "promotional",
      now,
    });
    smsQueued = sms.status === "queued";
  }
  await tx.update(winbackSends).set({ emailQueued, smsQueued }).where(eq(winbackSends.id, send.id));
  return emailQueued || smsQueued;
}

/** The booking page with the code filled in. */
export function bookingUrl(code: string): string {
  return `${env().PUBLIC_URL.replace(/\/+$/, "")}/booking?promo=${encodeURIComponent(code)}`;
}

/** The next daily run: today at WINBACK_RUN_TIME (local) if still ahead, else tomorrow. */
export function nextWinbackRun(now: Date): Date {
  return nextLocalTime(now, WINBACK_RUN_TIME);
}

/**
 * Queues the next daily run, once: its singleton key is the day it runs, so the worker's start
 * and the run that schedules its successor never queue two for one day.
 */
export async function scheduleWinback(db: Db | Tx, now: Date = new Date()): Promise<void> {
  const runAt = nextWinbackRun(now);
  await enqueue(db, "offers.winback", {}, { runAt, singletonKey: `offers.winback:${localDate(runAt)}` });
}

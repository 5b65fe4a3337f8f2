import { and, asc, eq } from "drizzle-orm";
import { consentEvents } from "#db/schema";
import {
  consentStatus,
  impliedConsentExpiry,
  normalizeEmailAddress,
  toE164,
  type ConsentAction,
  type ConsentChannel,
  type ConsentKind,
  type ConsentStatus,
} from "~/domain/messaging/consent";
import type { Db, Tx } from "../../db.server";

export interface ConsentInput {
  channel: ConsentChannel;
  /** An e-mail address or a phone number as typed; normalized here. */
  address: string;
  kind: ConsentKind;
  action: ConsentAction;
  /** booking_form, purchase, sms_keyword, unsubscribe_link, account_settings, ... */
  source: string;
  userId?: string | null;
  appointmentId?: string | null;
  expiresAt?: Date | null;
  now?: Date;
}

/** The ledger's form of an address: lower-cased e-mail, E.164 phone; null when unusable. */
export function consentAddress(channel: ConsentChannel, address: string): string | null {
  return channel === "email" ? normalizeEmailAddress(address) || null : toE164(address);
}

/** The ledger row of an event: the address normalized; null when the address is unusable. */
function consentRow(input: ConsentInput): typeof consentEvents.$inferInsert | null {
  const address = consentAddress(input.channel, input.address);
  if (!address) return null;
  return {
    channel: input.channel,
    address,
    kind: input.kind,
    action: input.action,
    source: input.source,
    userId: input.userId ?? null,
    appointmentId: input.appointmentId ?? null,
    expiresAt: input.expiresAt ?? null,
    occurredAt: input.now ?? new Date(),
  };
}

/** Appends one event to the consent ledger (never updates one): its id, null when the address is unusable. */
export async function recordConsent(db: Db | Tx, input: ConsentInput): Promise<string | null> {
  const row = consentRow(input);
  if (!row) return null;
  const [event] = await db.insert(consentEvents).values(row).returning({ id: consentEvents.id });
  return event!.id;
}

/** The consent in force for one address on one channel. */
export async function currentConsent(
  db: Db | Tx,
  channel: ConsentChannel,
  rawAddress: string,
  now: Date = new Date(),
): Promise<ConsentStatus> {
  const address = consentAddress(channel, rawAddress);
  if (!address) return { state: "none" };
  const events = await db
    .select({
      kind: consentEvents.kind,
      action: consentEvents.action,
      source: consentEvents.source,
      occurredAt: consentEvents.occurredAt,
      expiresAt: consentEvents.expiresAt,
    })
    .from(consentEvents)
    .where(and(eq(consentEvents.channel, channel), eq(consentEvents.address, address)))
    .orderBy(asc(consentEvents.occurredAt));
  return consentStatus(events, now);
}

/**
 * The consent a booking gives (ADR 015), to insert in the booking's transaction: implied e-mail
 * consent from the purchase (2 years), express SMS consent when the form's SMS box was ticked,
 * a request for express e-mail consent when its e-mail offers box was ticked (confirmed by the
 * link of a separate e-mail, ADR 071). Both boxes are never ticked in
 * advance. The one to three events go in one statement (ADR 054), returned not yet run (await it,
 * or run it with the booking's other rows: `insertTogether`); null when no address is usable.
 */
export function bookingConsentsInsert(
  db: Db | Tx,
  {
    appointmentId,
    email,
    phone,
    smsConsent,
    emailConsent,
    userId,
    signedInClientId,
    now,
  }: {
    appointmentId: string;
    email: string;
    phone: string;
    smsConsent: boolean;
    emailConsent: boolean;
    userId?: string | null;
    /**
     * The client signed in to book, if any: the request names it, and its verified e-mail
     * proves the address (ADR 071). `userId` may be an account found by the e-mail alone.
     */
    signedInClientId?: string | null;
    now: Date;
  },
) {
  const common = { appointmentId, userId: userId ?? null, now, action: "given" as const };
  const rows = [
    consentRow({
      ...common,
      channel: "email",
      address: email,
      kind: "implied",
      source: "purchase",
      expiresAt: impliedConsentExpiry(now),
    }),
    // Nobody has proven the address yet: a request the confirmation link turns into consent
    // (double opt-in, ADR 071), asked for by the booking's confirmation job.
    emailConsent
      ? consentRow({
          ...common,
          channel: "email",
          address: email,
          kind: "express",
          action: "requested",
          source: "booking_form",
          userId: signedInClientId ?? null,
        })
      : null,
    smsConsent
      ? consentRow({ ...common, channel: "sms", address: phone, kind: "express", source: "booking_form" })
      : null,
  ].filter((row) => row !== null);
  return rows.length > 0 ? db.insert(consentEvents).values(rows) : null;
}

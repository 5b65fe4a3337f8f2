/**
 * Booking requests answered once (ADR 068): the keys of a booking request, claimed in the
 * booking's transaction. The table's primary key does the deciding: a second transaction with
 * the same key waits for the first one's commit, then finds the key taken and answers with the
 * first booking (same request) or refuses (another request under the same key).
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { appointments, bookingRequests, serviceZones } from "#db/schema";
import type { BookingRequest } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { acceptedKeys } from "../../security/keys.server";

/**
 * Where a key comes from: a client's Idempotency-Key (`api`), the wizard form's own key
 * (`wizard`), the assistant's confirmation code (`assistant`), the request's fingerprint (`same`).
 */
export type RequestKeyScope = "api" | "wizard" | "assistant" | "same";

export interface RequestKey {
  scope: RequestKeyScope;
  /** The key as the caller holds it; only a hash of it is stored. */
  value: string;
}

/** How long the same request within minutes counts as a repeat (the fingerprint's life). */
export const SAME_REQUEST_WINDOW_MS = 10 * 60_000;
/** How long a client's or the wizard's key books once. */
const KEY_LIFETIME_MS = 24 * 60 * 60_000;

/** When a key may book again: the fingerprint after minutes, a code not before its start. */
function expiryOf(key: RequestKey, now: Date, startAt: Date): Date {
  if (key.scope === "same") return new Date(now.getTime() + SAME_REQUEST_WINDOW_MS);
  const day = new Date(now.getTime() + KEY_LIFETIME_MS);
  // The assistant's code confirms one request for one start: usable once, until that start.
  return key.scope === "assistant" && startAt > day ? startAt : day;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** The stored name of a key: its scope and value, hashed. */
export function keyHashOf(key: RequestKey): string {
  return sha256(`${key.scope}:${key.value}`);
}

/** Every field of the request, in a fixed order: equal for the same request however typed. */
export function requestHashOf(input: BookingRequest): string {
  return sha256(
    JSON.stringify([
      input.zone,
      input.cars,
      new Date(input.start).toISOString(),
      input.name,
      input.email.toLowerCase(),
      input.phone,
      input.address,
      input.postalCode ?? null,
      input.serviceId ?? null,
      input.smsConsent ?? false,
      input.emailConsent ?? false,
      [...(input.upsells ?? [])].map((u) => u.trim().toLowerCase()).sort(),
      input.promoCode ?? null,
      // Added later: only when given, so that earlier fingerprints stay the same.
      ...(input.serviceTexts === undefined ? [] : [input.serviceTexts]),
    ]),
  );
}

/** The request's fingerprint: the same slot, contact e-mail and phone, zone and cars. */
export function sameRequestKey(input: BookingRequest): RequestKey {
  return {
    scope: "same",
    value: JSON.stringify([
      input.zone,
      new Date(input.start).toISOString(),
      input.cars,
      input.email.toLowerCase(),
      input.phone,
    ]),
  };
}

/**
 * The keys the first answer's manage token is sealed with (ADR 068): the "booking-request-seal"
 * key (ADR 101) seals; a row sealed before with the old one (the server secret itself) still opens
 * until it expires.
 */
export function requestSealKeys(db: Db): Promise<readonly Buffer[]> {
  return acceptedKeys(db, "booking-request-seal");
}

/** AES-256 key of one request key: neither the database nor the key alone opens the token. */
function cipherKey(sealKey: Buffer, key: RequestKey): Buffer {
  return crypto.createHmac("sha256", sealKey).update(`booking-request:${key.scope}:${key.value}`).digest();
}

function sealToken(sealKey: Buffer, key: RequestKey, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", cipherKey(sealKey, key), iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed token, opened with the first of `sealKeys` that opens it (throws when none does). */
function openToken(sealKeys: readonly Buffer[], key: RequestKey, sealed: string): string {
  const bytes = Buffer.from(sealed, "base64url");
  let failure: unknown = new Error("no key to open the sealed manage token");
  for (const sealKey of sealKeys) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", cipherKey(sealKey, key), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** The first booking of a request, as bookSlot answered it. */
export interface FirstBooking {
  appointmentId: string;
  bookingId: string;
  manageToken: string;
  zoneSlug: string;
  teamMemberId: string;
  startAt: Date;
  endAt: Date;
  priceCents: number;
  discountCents: number;
}

/** Thrown out of the booking's transaction (nothing to commit): the request was booked already. */
export class RepeatedRequest extends Error {
  constructor(readonly first: FirstBooking) {
    super("REPEATED_REQUEST");
    this.name = "RepeatedRequest";
  }
}

/**
 * The first statement of a booking's transaction: claims every key of the request for
 * `appointmentId`. A key another transaction holds makes this one wait for it; once that one has
 * committed, the key is taken: RepeatedRequest with the first booking when the request is the
 * same, else REQUEST_KEY_REUSED (a client's or the form's key) or DUPLICATE_BOOKING (the
 * fingerprint). A key whose time is up, or whose booking was cancelled or deleted, is taken over.
 */
export async function claimRequestKeys(
  tx: Tx,
  {
    keys,
    input,
    appointmentId,
    manageToken,
    sealKeys,
    now,
    startAt,
  }: {
    keys: readonly RequestKey[];
    input: BookingRequest;
    appointmentId: string;
    manageToken: string;
    /** `requestSealKeys`: the first seals, each may open. */
    sealKeys: readonly Buffer[];
    now: Date;
    startAt: Date;
  },
): Promise<void> {
  if (keys.length === 0) return;
  const requestHash = requestHashOf(input);
  // In one order whoever claims them: two requests sharing two keys never wait for each other.
  const rows = keys
    .map((key) => ({
      key,
      keyHash: keyHashOf(key),
      requestHash,
      appointmentId,
      sealedManageToken: sealToken(sealKeys[0]!, key, manageToken),
      createdAt: now,
      expiresAt: expiryOf(key, now, startAt),
    }))
    .sort((a, b) => (a.keyHash < b.keyHash ? -1 : a.keyHash > b.keyHash ? 1 : 0));
  const fresh = (row: (typeof rows)[number]) => {
    const { key: _key, ...values } = row;
    return values;
  };
  // Only the time is checked here: a subquery in this WHERE reads the statement's snapshot, taken
  // before the holder committed, so it could not see the holder's appointment.
  const claimed = await tx
    .insert(bookingRequests)
    .values(rows.map(fresh))
    .onConflictDoUpdate({
      target: bookingRequests.keyHash,
      set: {
        requestHash: sql`excluded.request_hash`,
        appointmentId: sql`excluded.appointment_id`,
        sealedManageToken: sql`excluded.sealed_manage_token`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${bookingRequests.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ keyHash: bookingRequests.keyHash });
  if (claimed.length === rows.length) return;

  const ours = new Set(claimed.map((row) => row.keyHash));
  // The caller's own key first (the order given), then the fingerprint.
  for (const key of keys) {
    const mine = rows.find((row) => row.key === key)!;
    if (ours.has(mine.keyHash)) continue;
    // A new statement: it sees what the holder committed while this transaction waited.
    let held = await readHeld(tx, mine.keyHash);
    if (held && (held.bookingId === null || held.status === "cancelled")) {
      // The booking that held the key is gone or cancelled: taken over, unless another request
      // took it over first (the update then waits for it and finds another appointment).
      const [taken] = await tx
        .update(bookingRequests)
        .set(fresh(mine))
        .where(
          and(
            eq(bookingRequests.keyHash, mine.keyHash),
            eq(bookingRequests.appointmentId, held.heldAppointmentId),
          ),
        )
        .returning({ keyHash: bookingRequests.keyHash });
      if (taken) continue;
      held = await readHeld(tx, mine.keyHash);
    }
    if (!held?.bookingId || held.status === "cancelled") throw new AppError("SLOT_TAKEN");
    if (held.requestHash !== requestHash) {
      throw new AppError(key.scope === "same" ? "DUPLICATE_BOOKING" : "REQUEST_KEY_REUSED");
    }
    throw new RepeatedRequest({
      appointmentId: held.heldAppointmentId,
      bookingId: held.bookingId,
      manageToken: openToken(sealKeys, key, held.sealedManageToken),
      zoneSlug: held.zoneSlug!,
      teamMemberId: held.teamMemberId!,
      startAt: held.startAt!,
      endAt: held.endAt!,
      priceCents: held.priceCents!,
      discountCents: held.discountCents!,
    });
  }
}

/** A key's row and the booking it holds (its fields null when the appointment is gone). */
async function readHeld(tx: Tx, keyHash: string) {
  const [row] = await tx
    .select({
      requestHash: bookingRequests.requestHash,
      sealedManageToken: bookingRequests.sealedManageToken,
      heldAppointmentId: bookingRequests.appointmentId,
      bookingId: appointments.bookingId,
      status: appointments.status,
      zoneSlug: serviceZones.routeSlug,
      teamMemberId: appointments.teamMemberId,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      priceCents: appointments.priceCents,
      discountCents: appointments.discountCents,
    })
    .from(bookingRequests)
    .leftJoin(appointments, eq(appointments.id, bookingRequests.appointmentId))
    .leftJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(eq(bookingRequests.keyHash, keyHash));
  return row ?? null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes the booking requests whose key may book again (past `expires_at`): their sealed manage
 * token no longer serves anyone. Run daily by the `booking-requests.purge` job, which queues the
 * next day's run; gives the number of rows deleted.
 */
export async function purgeExpiredBookingRequests(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(bookingRequests)
    .where(sql`${bookingRequests.expiresAt} <= ${now.toISOString()}::timestamptz`)
    .returning({ keyHash: bookingRequests.keyHash });
  await scheduleBookingRequestsPurge(db, now);
  return deleted.length;
}

/** Queues the next daily purge, once per day whatever the number of workers (its key is the day). */
export async function scheduleBookingRequestsPurge(db: Db, now: Date = new Date()): Promise<void> {
  const runAt = new Date(now.getTime() + DAY_MS);
  await enqueue(
    db,
    "booking-requests.purge",
    {},
    { runAt, singletonKey: `booking-requests.purge:${runAt.toISOString().slice(0, 10)}` },
  );
}

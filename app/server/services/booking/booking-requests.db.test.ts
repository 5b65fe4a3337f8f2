import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { BookingRequest } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import {
  clearBookings,
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY_9,
  rejection,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookAppointmentTool } from "../assistant/booking-tool.server";
import { type ToolContext } from "../assistant/tools.server";
import { bookSlot } from "./book-slot.server";
import { cancelBooking } from "./cancel-booking.server";
import { placeBooking } from "./place-booking.server";
import { resolveAuthSecret } from "../../security/keys.server";
import {
  keyHashOf,
  purgeExpiredBookingRequests,
  SAME_REQUEST_WINDOW_MS,
  type RequestKey,
} from "./booking-requests.server";

let ipCounter = 0;
/** A new address per call: the rate limit per address stays out of the way. */
const nextIp = () => `198.51.100.${++ipCounter}`;

/** The wizard's and the API's way in: placeBooking with the request, and the caller's key if any. */
function place(db: Parameters<typeof placeBooking>[0], input: BookingRequest, key?: RequestKey, now = NOW) {
  return placeBooking(db, {
    ip: nextIp(),
    now,
    relist: "day",
    key,
    read: async () => ({ input }),
    actor: async () => null,
  }).then((placed) => placed.booking!);
}

describeDatabases("booking requests answered once", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  beforeEach(async () => {
    await clearBookings(db());
  });

  const appointmentsNow = () => db().select().from(s.appointments);

  it("five identical requests at once (no key): one appointment, every caller gets its answer", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(db(), input)));

    const rows = await appointmentsNow();
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.bookingId).toBe(rows[0]!.bookingId);
      // The manage link of the first answer, not a new one: the e-mail's link keeps working.
      expect(answer.manageUrl).toBe(answers.find((a) => !a.repeated)!.manageUrl);
    }
    expect(answers.filter((a) => !a.repeated)).toHaveLength(1);
    // One confirmation e-mail and one reminder, not five.
    const queued = await db().select({ name: s.jobs.name }).from(s.jobs);
    expect(queued.filter((j) => j.name === "email.booking")).toHaveLength(1);
  }, 60_000);

  it("the same key with the same request at once: one appointment; with another request: refused", async () => {
    const key: RequestKey = { scope: "api", value: "retry-7f3a" };
    const input = granbyRequest({ start: MONDAY_9 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => bookSlot(db(), { actor: null, input, now: NOW, keys: [key] })),
    );
    expect(new Set(answers.map((a) => a.bookingId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.manageToken)).size).toBe(1);
    expect(await appointmentsNow()).toHaveLength(1);

    const other = await rejection(
      bookSlot(db(), { actor: null, input: { ...input, cars: 2 }, now: NOW, keys: [key] }),
    );
    expect(other).toBeInstanceOf(AppError);
    expect((other as AppError).code).toBe("REQUEST_KEY_REUSED");
    expect(await appointmentsNow()).toHaveLength(1);
  }, 60_000);

  it("a retry under a new key of the same request within minutes gets the first booking", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const first = await place(db(), input, { scope: "api", value: "first-try" });
    const retry = await place(db(), input, { scope: "api", value: "second-try" });
    expect(retry.bookingId).toBe(first.bookingId);
    expect(retry.manageUrl).toBe(first.manageUrl);
    expect(await appointmentsNow()).toHaveLength(1);
  });

  it("the same slot, contact, zone and cars with other details within minutes: DUPLICATE_BOOKING", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    await place(db(), input);
    const changed = await rejection(place(db(), { ...input, name: "Léa T." }));
    expect((changed as AppError).code).toBe("DUPLICATE_BOOKING");
    // Another contact for the same slot is another customer: booked.
    await place(db(), { ...input, email: "marc@example.com", phone: "+14505550100" });
    expect(await appointmentsNow()).toHaveLength(2);
  });

  it("after the window, or once the first booking is cancelled, the same request books again", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const first = await place(db(), input);
    const later = await place(
      db(),
      input,
      undefined,
      new Date(NOW.getTime() + SAME_REQUEST_WINDOW_MS + 1000),
    );
    expect(later.bookingId).not.toBe(first.bookingId);

    const token = new URL(later.manageUrl).searchParams.get("token")!;
    await cancelBooking(db(), { bookingId: later.bookingId, now: NOW, input: { token } });
    const again = await place(
      db(),
      input,
      undefined,
      new Date(NOW.getTime() + SAME_REQUEST_WINDOW_MS + 2000),
    );
    expect([first.bookingId, later.bookingId]).not.toContain(again.bookingId);
    const scheduled = (await appointmentsNow()).filter((a) => a.status === "scheduled");
    expect(scheduled).toHaveLength(2);
  });

  it("only hashes of the keys are stored, and the manage token only sealed", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const booked = await place(db(), input, { scope: "api", value: "visible-key-123" });
    const token = new URL(booked.manageUrl).searchParams.get("token")!;
    const rows = await db().select().from(s.bookingRequests);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("visible-key-123");
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(input.email);
  });

  it("a key whose first answer was sealed before ADR 101 (the server secret's key) still answers with it", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const key: RequestKey = { scope: "api", value: "sealed-before-101" };
    const booked = await place(db(), input, key);
    const token = new URL(booked.manageUrl).searchParams.get("token")!;
    // The row as the earlier code sealed it: AES-256-GCM under an HMAC of the key with the secret.
    const secret = await resolveAuthSecret(db());
    const cipherKey = crypto.createHmac("sha256", secret).update(`booking-request:api:${key.value}`).digest();
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", cipherKey, iv);
    const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    const [updated] = await db()
      .update(s.bookingRequests)
      .set({ sealedManageToken: sealed })
      .where(eq(s.bookingRequests.keyHash, keyHashOf(key)))
      .returning();
    expect(updated).toBeDefined();

    const retried = await place(db(), input, key);
    expect(retried.bookingId).toBe(booked.bookingId);
    expect(retried.manageUrl).toBe(booked.manageUrl);
  });

  it("the daily purge deletes only the requests past their expiry, and queues the next day's", async () => {
    const input = granbyRequest({ start: MONDAY_9 });
    const key: RequestKey = { scope: "api", value: "purge-key-1" };
    const booked = await place(db(), input, key);
    expect(await db().select().from(s.bookingRequests)).toHaveLength(2);

    // After the 10-minute fingerprint, before the key's day: the key still answers with the booking.
    const afterWindow = new Date(NOW.getTime() + SAME_REQUEST_WINDOW_MS + 1000);
    expect(await purgeExpiredBookingRequests(db(), afterWindow)).toBe(1);
    expect(await db().select().from(s.bookingRequests)).toHaveLength(1);
    const retried = await place(db(), input, key, afterWindow);
    expect(retried.bookingId).toBe(booked.bookingId);

    const nextDay = new Date(NOW.getTime() + 25 * 60 * 60_000);
    expect(await purgeExpiredBookingRequests(db(), nextDay)).toBe(1);
    expect(await db().select().from(s.bookingRequests)).toHaveLength(0);
    const queued = await db().select().from(s.jobs).where(eq(s.jobs.name, "booking-requests.purge"));
    expect(queued.map((job) => job.runAt.getTime()).sort()).toEqual(
      [afterWindow, nextDay].map((at) => at.getTime() + 24 * 60 * 60_000),
    );
  });

  it("the assistant's confirmation code books once, even used three times at once", async () => {
    const ctx = (): ToolContext => ({ db: db(), ip: nextIp(), now: () => NOW, proofs: new Map() });
    const fields = { ...granbyRequest({ start: MONDAY_9 }), phone: "450 555-0199" };
    const summary = await bookAppointmentTool(ctx(), fields);
    if (!summary.ok || summary.status !== "needs_confirmation") throw new Error(JSON.stringify(summary));

    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        bookAppointmentTool(ctx(), { ...fields, confirmation: summary.confirmation }),
      ),
    );
    const rows = await appointmentsNow();
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      expect(answer).toMatchObject({ ok: true, status: "booked", booking_id: rows[0]!.bookingId });
    }
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, rows[0]!.id));
    expect(row!.status).toBe("scheduled");
  }, 60_000);
});

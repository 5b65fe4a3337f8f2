import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { currentConsent } from "../messaging/consent.server";
import { exchangeReward } from "../loyalty/exchange-reward.server";
import { getClientConsent, setClientConsent } from "./client-consent.server";
import { deleteClientAccount, ANONYMIZED } from "./delete-client-account.server";
import { exportClientData } from "./export-client-data.server";
import { getClientBooking } from "./get-client-booking.server";
import { getClientSpace } from "./get-client-space.server";
import { listClientAppointments } from "./list-client-appointments.server";
import { updateClientProfile } from "./update-client-profile.server";
import { confirmPhoneCode, sendPhoneCode } from "./verify-phone.server";
import { ensureReferralCode } from "../offers/referrals.server";
import { saveReview } from "../reviews/reviews.server";
import { resolveAuthSecret } from "../../security/keys.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");
const PASSWORD = "Secret-pass-123";

/** The code of the AppError a use case is refused with ('ok' when it succeeds). */
function codeOf(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => "ok",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describeDatabases("the customer space", ({ db }) => {
  let granbyFranchiseeId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    granbyFranchiseeId = zone!.franchiseeId!;
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    await db().delete(s.consentEvents);
    await db().delete(s.users).where(eq(s.users.role, "client"));
  });

  async function createClient(email: string, emailVerified = true): Promise<SessionUser> {
    const id = crypto.randomUUID();
    await db().insert(s.users).values({
      id,
      email,
      emailVerified,
      name: "Léa Gagnon",
      firstName: "Léa",
      lastName: "Gagnon",
      role: "client",
    });
    await db()
      .insert(s.accounts)
      .values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(PASSWORD),
      });
    return { id, email, name: "Léa Gagnon", firstName: "Léa", lastName: "Gagnon", role: "client" };
  }

  async function book(start: string, email: string, actor: SessionUser | null = null) {
    const input = BookingRequestSchema.parse({
      zone: "granby",
      cars: 2,
      start,
      name: "Léa Gagnon",
      email,
      phone: "(450) 555-0199",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
      upsells: ["aquapel"],
    });
    return bookSlot(db(), { actor, input, now: NOW });
  }

  it("lists a client's bookings (signed in or by e-mail) as upcoming and past, never another's", async () => {
    // Booked anonymously before the account existed, with the same address.
    const early = await book("2026-03-09T09:00:00-04:00", "lea@example.com");
    const lea = await createClient("lea@example.com");
    const signedIn = await book("2026-03-10T09:00:00-04:00", "autre-adresse@example.com", lea);
    const other = await createClient("marc@example.com");
    await book("2026-03-11T09:00:00-04:00", "marc@example.com", other);
    await completeAppointment(db(), {
      appointmentId: early.appointmentId,
      franchiseeId: granbyFranchiseeId,
      now: new Date("2026-03-09T12:00:00-04:00"),
    });

    const later = new Date("2026-03-09T20:00:00-04:00");
    const list = await listClientAppointments(db(), { userId: lea.id, now: later });
    expect(list.total).toBe(2);
    expect(list.upcoming.map((a) => a.bookingId)).toEqual([signedIn.bookingId]);
    expect(list.past.map((a) => [a.bookingId, a.status])).toEqual([[early.bookingId, "completed"]]);
    expect(list.upcoming[0]).toMatchObject({
      start: "2026-03-10T09:00:00-04:00",
      cars: 2,
      zoneName: "Granby",
      serviceName: "Lavage Signature",
      priceCents: 2 * 14999 + 2000,
      upsells: [{ name: "Traitement Aquapel", priceCents: 2000 }],
    });
    expect(list.upcoming[0]!.price.totalCents).toBeGreaterThan(list.upcoming[0]!.priceCents);
    // A completed wash not reviewed yet; once reviewed, its link reads « Modifier mon avis ».
    expect(list.past[0]!.reviewed).toBe(false);
    await db().insert(s.appointmentReviews).values({ appointmentId: early.appointmentId, rating: 4 });
    const reviewed = await listClientAppointments(db(), { userId: lea.id, now: later });
    expect(reviewed.past[0]!.reviewed).toBe(true);
    expect(reviewed.upcoming[0]!.reviewed).toBe(false);

    // One client cannot open another's booking, even with its id.
    const mine = await getClientBooking(db(), { actor: lea, bookingId: signedIn.bookingId, now: later });
    expect(mine.customer?.address).toContain("rue Principale");
    const theirs = await listClientAppointments(db(), { userId: other.id, now: later });
    const error = await getClientBooking(db(), {
      actor: lea,
      bookingId: theirs.upcoming[0]!.bookingId,
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("NOT_FOUND");
  });

  it("shows bookings made with the e-mail before sign-up only once the address is verified", async () => {
    await book("2026-03-09T09:00:00-04:00", "victime@example.com");
    const impostor = await createClient("victime@example.com", false);
    expect((await listClientAppointments(db(), { userId: impostor.id })).total).toBe(0);
    await db().update(s.users).set({ emailVerified: true }).where(eq(s.users.id, impostor.id));
    expect((await listClientAppointments(db(), { userId: impostor.id })).total).toBe(1);
  });

  it("gives a new client 100 points, Bronze and the welcome achievement in the space", async () => {
    const lea = await createClient("lea@example.com");
    const space = await getClientSpace(db(), { userId: lea.id, now: NOW });
    expect(space.loyalty.profile).toMatchObject({
      points: 100,
      totalEarned: 100,
      level: "Bronze",
      nextGoal: 500,
    });
    expect(space.loyalty.achievements.map((a) => a.type)).toEqual(["welcome"]);
    expect(space.loyalty.ledger.map((e) => [e.reason, e.delta])).toEqual([["welcome", 100]]);
    expect(space.appointments.total).toBe(0);
    expect(space.consent).toEqual({ email: { state: "none" }, sms: null });
  });

  it("saves the profile and records consent changes only when they change", async () => {
    const lea = await createClient("lea@example.com");
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Tremblay", phone: "450 555-0123" },
    });
    const [user] = await db().select().from(s.users).where(eq(s.users.id, lea.id));
    expect(user).toMatchObject({ lastName: "Tremblay", name: "Léa Tremblay" });
    expect(user!.phone).toBeTruthy();

    // An unverified phone gives nothing: no state shown, no choice recorded (ADR 043).
    let consent = await setClientConsent(db(), {
      userId: lea.id,
      choice: { email: false, sms: true },
      now: NOW,
    });
    expect(consent).toEqual({ email: { state: "none" }, sms: null });
    expect(await db().select().from(s.consentEvents)).toHaveLength(0);
    await db().update(s.users).set({ verifiedPhone: "+14505550123" }).where(eq(s.users.id, lea.id));

    consent = await setClientConsent(db(), {
      userId: lea.id,
      choice: { email: true, sms: true },
      now: NOW,
    });
    expect([consent.email?.state, consent.sms?.state]).toEqual(["express", "express"]);
    consent = await setClientConsent(db(), { userId: lea.id, choice: { email: true, sms: false }, now: NOW });
    expect([consent.email?.state, consent.sms?.state]).toEqual(["express", "withdrawn"]);
    const events = await db().select().from(s.consentEvents).where(eq(s.consentEvents.userId, lea.id));
    expect(events.map((e) => [e.channel, e.action, e.source]).sort()).toEqual([
      ["email", "given", "account_settings"],
      ["sms", "given", "account_settings"],
      ["sms", "withdrawn", "account_settings"],
    ]);
    expect((await getClientConsent(db(), { userId: lea.id, now: NOW })).email?.state).toBe("express");
  });

  it("hides and keeps unchanged the consent of unverified addresses, and leaves them out of the export", async () => {
    // Someone else's phone and e-mail, with their consent on record.
    for (const [channel, address] of [
      ["sms", "+14505550177"],
      ["email", "victim@example.com"],
    ] as const) {
      await db().insert(s.consentEvents).values({
        channel,
        address,
        kind: "express",
        action: "given",
        source: "booking_form",
        occurredAt: NOW,
      });
    }
    const mallory = await createClient("victim@example.com", false);
    await updateClientProfile(db(), {
      userId: mallory.id,
      input: { firstName: "M", lastName: "X", phone: "450 555-0177" },
    });
    expect(await getClientConsent(db(), { userId: mallory.id, now: NOW })).toEqual({
      email: null,
      sms: null,
    });
    await setClientConsent(db(), { userId: mallory.id, choice: { email: false, sms: false }, now: NOW });
    expect((await currentConsent(db(), "sms", "+14505550177", NOW)).state).toBe("express");
    expect((await currentConsent(db(), "email", "victim@example.com", NOW)).state).toBe("express");
    const exported = await exportClientData(db(), { userId: mallory.id, now: NOW });
    expect(exported.consentEvents).toEqual([]);
    expect(exported.profile.phoneVerified).toBe(false);
    // Deleting the account withdraws nothing for addresses it never proved.
    await deleteClientAccount(db(), { userId: mallory.id, password: PASSWORD, now: NOW });
    expect((await currentConsent(db(), "sms", "+14505550177", NOW)).state).toBe("express");
  });

  it("verifies a phone by a six-digit SMS code: wrong codes counted, the right one spent once", async () => {
    const lea = await createClient("lea@example.com");
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Gagnon", phone: "450 555-0124" },
    });
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code: "123456", now: NOW }))).toBe(
      "PHONE_CODE_MISSING",
    );
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: NOW }))).toBe("ok");
    const [sms] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.phone, "+14505550124"));
    expect(sms).toMatchObject({ category: "verification", status: "queued" });
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const [stored] = await db()
      .select()
      .from(s.phoneVerifications)
      .where(eq(s.phoneVerifications.userId, lea.id));
    expect(stored!.codeHash).not.toContain(code);

    const wrong = code === "000000" ? "000001" : "000000";
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code: wrong, now: NOW }))).toBe(
      "PHONE_CODE_WRONG",
    );
    const late = new Date(NOW.getTime() + 11 * 60 * 1000);
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code, now: late }))).toBe(
      "PHONE_CODE_EXPIRED",
    );
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code, now: NOW }))).toBe("ok");
    expect((await getClientSpace(db(), { userId: lea.id, now: NOW })).account).toMatchObject({
      phoneVerified: true,
      phoneCodePending: false,
    });
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code, now: NOW }))).toBe(
      "PHONE_CODE_MISSING",
    );
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: NOW }))).toBe("PHONE_ALREADY_VERIFIED");

    // A changed phone is unverified again.
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Gagnon", phone: "450 555-0125" },
    });
    expect((await getClientSpace(db(), { userId: lea.id, now: NOW })).account.phoneVerified).toBe(false);
  });

  it("confirms a code hashed before ADR 101 (the old key), in its 10 minutes", async () => {
    const lea = await createClient("lea@example.com");
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Gagnon", phone: "450 555-0127" },
    });
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: NOW }))).toBe("ok");
    // The pending code as the earlier code stored it: an HMAC under a key HMAC'd from the secret.
    const secret = await resolveAuthSecret(db());
    const oldKey = crypto.createHmac("sha256", secret).update("phone-code-v1").digest();
    const codeHash = crypto
      .createHmac("sha256", oldKey)
      .update(`${lea.id}:+14505550127:246810`)
      .digest("base64url");
    await db().update(s.phoneVerifications).set({ codeHash }).where(eq(s.phoneVerifications.userId, lea.id));

    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code: "246811", now: NOW }))).toBe(
      "PHONE_CODE_WRONG",
    );
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code: "246810", now: NOW }))).toBe("ok");
    expect((await getClientSpace(db(), { userId: lea.id, now: NOW })).account.phoneVerified).toBe(true);
  });

  it("spends a code after five wrong tries and limits the codes sent", async () => {
    const lea = await createClient("lea@example.com");
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Gagnon", phone: "450 555-0126" },
    });
    const at = new Date(NOW.getTime() + 3_600_000);
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: at }))).toBe("ok");
    const [sms] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.phone, "+14505550126"));
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code: wrong, now: at }))).toBe(
        "PHONE_CODE_WRONG",
      );
    }
    expect(await codeOf(confirmPhoneCode(db(), { userId: lea.id, code, now: at }))).toBe(
      "PHONE_CODE_EXHAUSTED",
    );
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: at }))).toBe("ok");
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: at }))).toBe("ok");
    expect(await codeOf(sendPhoneCode(db(), { userId: lea.id, now: at }))).toBe("RATE_LIMITED");
  });

  it("exports the client's data without secrets", async () => {
    const lea = await createClient("lea@example.com");
    await book("2026-03-10T09:00:00-04:00", "lea@example.com", lea);
    await getClientSpace(db(), { userId: lea.id, now: NOW });
    const exported = await exportClientData(db(), { userId: lea.id, now: NOW });
    expect(exported.profile.email).toBe("lea@example.com");
    expect(exported.bookings).toHaveLength(1);
    expect(exported.bookings[0]!.extras).toEqual([{ name: "Traitement Aquapel", priceCents: 2000 }]);
    expect(exported.loyalty).toMatchObject({ points: 100 });
    expect(exported.pointsLedger).toHaveLength(1);
    expect(exported.achievements.map((a) => a.type)).toEqual(["welcome"]);
    const text = JSON.stringify(exported);
    expect(text).not.toMatch(/manageTokenHash|password|"token"/);
  });

  it("deletes the account: wrong password refused; bookings kept anonymized, upcoming ones cancelled, loyalty gone", async () => {
    const lea = await createClient("lea@example.com");
    await updateClientProfile(db(), {
      userId: lea.id,
      input: { firstName: "Léa", lastName: "Gagnon", phone: "450 555-0123" },
    });
    const past = await book("2026-03-09T09:00:00-04:00", "lea@example.com", lea);
    await completeAppointment(db(), {
      appointmentId: past.appointmentId,
      franchiseeId: granbyFranchiseeId,
      now: new Date("2026-03-09T12:00:00-04:00"),
    });
    const upcoming = await book("2026-03-16T09:00:00-04:00", "lea@example.com", lea);
    const [reward] = await db().select().from(s.rewards).limit(1);
    await db().update(s.loyaltyPoints).set({ points: 5000 }).where(eq(s.loyaltyPoints.userId, lea.id));
    expect(await codeOf(exchangeReward(db(), { userId: lea.id, rewardId: reward!.id }))).toBe("ok");
    const other = await createClient("marc@example.com");
    const others = await book("2026-03-17T09:00:00-04:00", "marc@example.com", other);

    // Her last wash, kept for the win-back (ADR 114): the row goes with the account.
    expect(await db().$count(s.customerWashes, eq(s.customerWashes.email, "lea@example.com"))).toBe(1);
    const when = new Date("2026-03-10T09:00:00-04:00");
    expect(await codeOf(deleteClientAccount(db(), { userId: lea.id, password: "wrong", now: when }))).toBe(
      "WRONG_PASSWORD",
    );
    expect(await deleteClientAccount(db(), { userId: lea.id, password: PASSWORD, now: when })).toEqual({
      cancelledBookings: 1,
      anonymizedBookings: 2,
    });

    const rows = await db().select().from(s.appointments);
    const byId = new Map(rows.map((r) => [r.bookingId, r]));
    expect(byId.get(past.bookingId)).toMatchObject({
      status: "completed",
      userId: null,
      customerName: ANONYMIZED.name,
      customerEmail: ANONYMIZED.email(past.bookingId),
      customerPhone: "",
      address: ANONYMIZED.address,
      postalCode: null,
      priceCents: 2 * 14999 + 2000,
    });
    expect(byId.get(upcoming.bookingId)).toMatchObject({
      status: "cancelled",
      customerName: ANONYMIZED.name,
    });
    expect(byId.get(others.bookingId)).toMatchObject({ status: "scheduled", customerName: "Léa Gagnon" });
    expect(JSON.stringify(rows.filter((r) => r.bookingId !== others.bookingId))).not.toContain(
      "lea@example.com",
    );

    expect(await db().$count(s.customerWashes, eq(s.customerWashes.email, "lea@example.com"))).toBe(0);
    expect(await db().select().from(s.users).where(eq(s.users.id, lea.id))).toHaveLength(0);
    expect(await db().select().from(s.sessions).where(eq(s.sessions.userId, lea.id))).toHaveLength(0);
    expect(await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, lea.id))).toHaveLength(
      0,
    );
    expect(await db().select().from(s.pointsLedger).where(eq(s.pointsLedger.userId, lea.id))).toHaveLength(0);
    expect(
      await db().select().from(s.rewardRedemptions).where(eq(s.rewardRedemptions.userId, lea.id)),
    ).toHaveLength(0);
    expect((await currentConsent(db(), "email", "lea@example.com", when)).state).toBe("withdrawn");
    expect(await db().select().from(s.consentEvents).where(eq(s.consentEvents.userId, lea.id))).toHaveLength(
      0,
    );
  });

  it("puts the client's reviews and codes in the export; deletion deletes the reviews and keeps the codes' figures without the person", async () => {
    const lea = await createClient("lea@example.com");
    const past = await book("2026-03-09T09:00:00-04:00", "lea@example.com", lea);
    await completeAppointment(db(), {
      appointmentId: past.appointmentId,
      franchiseeId: granbyFranchiseeId,
      now: new Date("2026-03-09T12:00:00-04:00"),
    });
    const afterWash = new Date("2026-03-09T15:00:00-04:00");
    await saveReview(
      db(),
      { bookingId: past.bookingId, user: lea },
      { rating: 2, comment: "Correct, sans plus.", display_name: "Léa G.", publish_consent: true },
      afterWash,
    );
    // Lea's referral code, used by a friend.
    const { code } = await ensureReferralCode(db(), lea.id);
    const friend = await bookSlot(db(), {
      actor: null,
      input: BookingRequestSchema.parse({
        zone: "granby",
        cars: 1,
        start: "2026-03-11T09:00:00-04:00",
        name: "Marc Ami",
        email: "marc@example.com",
        phone: "(450) 555-0188",
        address: "9 rue Court, Granby",
        postalCode: "J2G 2T5",
        promoCode: code,
      }),
      now: NOW,
    });

    const exported = await exportClientData(db(), { userId: lea.id, now: afterWash });
    expect(exported.reviews).toEqual([
      expect.objectContaining({
        bookingId: past.bookingId,
        rating: 2,
        comment: "Correct, sans plus.",
        displayName: "Léa G.",
        publishConsent: true,
      }),
    ]);
    expect(exported.promoCodes).toEqual([
      expect.objectContaining({ code, campaign: "referral", usesCount: 1 }),
    ]);

    const when = new Date("2026-03-10T09:00:00-04:00");
    expect(await codeOf(deleteClientAccount(db(), { userId: lea.id, password: PASSWORD, now: when }))).toBe(
      "ok",
    );
    expect(
      await db()
        .select()
        .from(s.appointmentReviews)
        .where(eq(s.appointmentReviews.appointmentId, past.appointmentId)),
    ).toHaveLength(0);
    // The friend's use still counts for the code, which no longer names Lea nor works.
    const [kept] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, code));
    expect(kept).toMatchObject({ referrerUserId: null, isActive: false, usesCount: 1 });
    expect(
      await db()
        .select()
        .from(s.promoRedemptions)
        .where(eq(s.promoRedemptions.appointmentId, friend.appointmentId)),
    ).toHaveLength(1);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { PromoCodeFormSchema } from "~/domain/offers/schemas";
import { AppError } from "~/lib/errors";
import type { AdminActor } from "../admin/assert-admin.server";
import {
  clearBookings,
  granbyRequest,
  nthGranbyStart,
  rejection,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { createPromoCode, getPromoCodeForEdit, updatePromoCode } from "./manage-promo-codes.server";
import { campaignFigures, listPromoCodes } from "./promo-figures.server";
import { ensureReferralCode } from "./referrals.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");
const DONE = new Date("2026-03-13T18:00:00-04:00");

function form(fields: Record<string, string | string[]>) {
  return PromoCodeFormSchema.parse({ kind: "percent", value: "10", minCars: "1", ...fields });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  return (await rejection(promise)).code;
}

describeDatabases("promo code figures and edits", ({ db }) => {
  let admin: AdminActor;
  let clientId: string;
  let franchiseeId: string;
  let slot = 0;

  /** A Granby booking of 149,99 $ with `code`, in its own slot. */
  async function book(code: string, email: string) {
    const start = nthGranbyStart(slot);
    slot++;
    return bookSlot(db(), {
      actor: null,
      input: granbyRequest({
        start,
        email,
        phone: `(450) 555-02${String(slot).padStart(2, "0")}`,
        address: `${slot} rue Principale, Granby`,
        promoCode: code,
      }),
      now: NOW,
    });
  }

  async function complete(appointmentId: string) {
    await completeAppointment(db(), { appointmentId, franchiseeId, now: DONE });
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    admin = { id: user!.id, role: "admin" };
    const [client] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    clientId = client!.id;
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    franchiseeId = zone!.franchiseeId!;
  });

  beforeEach(async () => {
    slot = 0;
    await clearBookings(db());
  });

  it("counts per campaign and per code: sent, used, bookings, revenue before taxes after discount", async () => {
    // The admin's code: 20 % off 149,99 $ = 30,00 $; one completed, one cancelled, one scheduled.
    await createPromoCode(db(), { actor: admin, input: form({ code: "ETE20", value: "20" }) });
    const done = await book("ETE20", "a@example.com");
    await complete(done.appointmentId);
    const cancelled = await book("ETE20", "b@example.com");
    await db()
      .update(s.appointments)
      .set({ status: "cancelled", cancelledAt: NOW })
      .where(eq(s.appointments.id, cancelled.appointmentId));
    await book("ETE20", "c@example.com");
    // A referral: 10 $ off, completed.
    const { code: referral } = await ensureReferralCode(db(), clientId);
    const friend = await book(referral, "ami@example.com");
    await complete(friend.appointmentId);
    // A thank-you offer sent and used, and one sent and not used.
    const [thanks, unused] = await db()
      .insert(s.promoCodes)
      .values([
        {
          code: "MERCI-AAAAAAAA",
          campaign: "thankyou",
          kind: "percent",
          value: 10,
          maxUses: 1,
          recipientEmail: "t@example.com",
        },
        {
          code: "MERCI-BBBBBBBB",
          campaign: "thankyou",
          kind: "percent",
          value: 10,
          maxUses: 1,
          recipientEmail: "u@example.com",
        },
      ])
      .returning();
    await db()
      .insert(s.thankyouSends)
      .values([
        { appointmentId: done.appointmentId, promoCodeId: thanks!.id, emailQueued: true },
        { appointmentId: friend.appointmentId, promoCodeId: unused!.id, smsQueued: true },
      ]);
    const again = await book("MERCI-AAAAAAAA", "t@example.com");
    await complete(again.appointmentId);
    // A win-back offer sent, and a run that queued nothing (no consent) that does not count.
    const [back] = await db()
      .insert(s.promoCodes)
      .values({ code: "RETOUR-CCCCCCCC", campaign: "winback", kind: "percent", value: 15, maxUses: 1 })
      .returning();
    await db()
      .insert(s.winbackSends)
      .values([
        { email: "w@example.com", periodKey: "2026-03-01", promoCodeId: back!.id, emailQueued: true },
        { email: "x@example.com", periodKey: "2026-03-01", promoCodeId: back!.id },
      ]);

    const campaigns = await campaignFigures(db(), { actor: admin });
    expect(campaigns.admin).toEqual({
      sent: null,
      used: 3,
      bookings: 2,
      revenueCents: 14999 - 3000,
      discountCents: 6000,
    });
    expect(campaigns.referral).toEqual({
      sent: null,
      used: 1,
      bookings: 1,
      revenueCents: 14999 - 1000,
      discountCents: 1000,
    });
    expect(campaigns.thankyou).toEqual({
      sent: 2,
      used: 1,
      bookings: 1,
      revenueCents: 14999 - 1500,
      discountCents: 1500,
    });
    expect(campaigns.winback).toEqual({ sent: 1, used: 0, bookings: 0, revenueCents: 0, discountCents: 0 });

    const [ete] = await listPromoCodes(db(), { actor: admin });
    expect(ete).toMatchObject({
      code: "ETE20",
      sent: null,
      used: 3,
      usesCount: 3,
      bookings: 2,
      revenueCents: 11999,
    });
    const thankyou = await listPromoCodes(db(), { actor: admin, campaign: "thankyou" });
    expect(thankyou.map((c) => [c.code, c.sent, c.used, c.revenueCents]).sort()).toEqual([
      ["MERCI-AAAAAAAA", 1, 1, 13499],
      ["MERCI-BBBBBBBB", 1, 0, 0],
    ]);
    await expect(listPromoCodes(db(), { actor: { id: clientId, role: "client" } })).rejects.toThrow(AppError);
  });

  it("edits a code with the creation's rules, and refuses what makes no sense for a used code", async () => {
    const { code } = await createPromoCode(db(), {
      actor: admin,
      input: form({ code: "HIVER", maxUses: "3", startsOn: "2026-03-01", endsOn: "2026-03-31" }),
    });
    const [row] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, code));
    const id = row!.id;
    expect(await getPromoCodeForEdit(db(), { actor: admin, id })).toMatchObject({
      code: "HIVER",
      value: "10",
      startsOn: "2026-03-01",
      endsOn: "2026-03-31",
      maxUses: "3",
      usesCount: 0,
    });
    // Unused: it may be renamed, and its dates, total and discount changed.
    await updatePromoCode(db(), {
      actor: admin,
      id,
      input: form({ code: "hiver-2026", kind: "fixed", value: "12,50", maxUses: "2", endsOn: "2026-04-30" }),
    });
    expect(await getPromoCodeForEdit(db(), { actor: admin, id })).toMatchObject({
      code: "HIVER-2026",
      kind: "fixed",
      value: "12,50",
      startsOn: "",
      endsOn: "2026-04-30",
      maxUses: "2",
    });
    await book("HIVER-2026", "a@example.com");
    await book("HIVER-2026", "b@example.com");
    const below = updatePromoCode(db(), {
      actor: admin,
      id,
      input: form({ code: "HIVER-2026", maxUses: "1" }),
    });
    await expect(below).rejects.toMatchObject({ code: "MAX_USES_BELOW_USES", count: 2 });
    expect(await refusal(updatePromoCode(db(), { actor: admin, id, input: form({ code: "AUTRE" }) }))).toBe(
      "RENAME_USED",
    );
    // The total may meet the uses so far (the code is then exhausted), or go unlimited.
    await updatePromoCode(db(), { actor: admin, id, input: form({ code: "HIVER-2026", maxUses: "2" }) });
    await updatePromoCode(db(), { actor: admin, id, input: form({ code: "HIVER-2026" }) });
    const [after] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, id));
    expect(after).toMatchObject({ usesCount: 2, maxUses: null, kind: "percent", value: 10 });

    await createPromoCode(db(), { actor: admin, input: form({ code: "PRIS" }) });
    const { code: other } = await createPromoCode(db(), { actor: admin, input: form({ code: "LIBRE" }) });
    const [libre] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, other));
    expect(
      await refusal(updatePromoCode(db(), { actor: admin, id: libre!.id, input: form({ code: "PRIS" }) })),
    ).toBe("CODE_TAKEN");
    // A referral code is the product's, not editable here.
    await ensureReferralCode(db(), clientId);
    const [ref] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.campaign, "referral"));
    const notFound = await updatePromoCode(db(), {
      actor: admin,
      id: ref!.id,
      input: form({ code: ref!.code }),
    }).catch((e: unknown) => e);
    expect((notFound as AppError).code).toBe("NOT_FOUND");
  });
});

/**
 * The figures of the promo codes (ADR 050, 057), per campaign and per code, in SQL:
 * - sent: the personal offers that left (win-back and thank-you: an e-mail or an SMS queued);
 *   null for the codes nobody sends (the admin's, the referral codes the clients share);
 * - used: the bookings that took the code (a cancelled booking keeps its use);
 * - bookings: those not cancelled;
 * - revenue: the completed ones, before taxes and after the discount (price_cents, ADR 050);
 * - discounts: the amounts taken off the bookings not cancelled.
 */
import { desc, eq, sql } from "drizzle-orm";
import {
  appointments,
  promoCodes,
  promoRedemptions,
  serviceZones,
  thankyouSends,
  winbackSends,
} from "#db/schema";
import {
  CODES_LISTED,
  PROMO_CAMPAIGNS,
  type AdminPromoCode,
  type OfferFigures,
  type PromoCampaign,
} from "~/domain/offers/promo";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

const used = sql<number>`count(${promoRedemptions.id})::int`;
const bookings = sql<number>`(count(${appointments.id}) filter (where ${appointments.status} <> 'cancelled'))::int`;
const revenue = sql<number>`(coalesce(sum(${appointments.priceCents}) filter (where ${appointments.status} = 'completed'), 0))::int`;
const discounts = sql<number>`(coalesce(sum(${promoRedemptions.discountCents}) filter (where ${appointments.status} <> 'cancelled'), 0))::int`;

/** The offers of one code that left: one row per personal send with an e-mail or an SMS queued. */
const sentOfCode = sql<number | null>`case ${promoCodes.campaign}
  when 'winback' then (select count(*) from ${winbackSends} where ${winbackSends.promoCodeId} = ${promoCodes.id}
    and (${winbackSends.emailQueued} or ${winbackSends.smsQueued}))::int
  when 'thankyou' then (select count(*) from ${thankyouSends} where ${thankyouSends.promoCodeId} = ${promoCodes.id}
    and (${thankyouSends.emailQueued} or ${thankyouSends.smsQueued}))::int
  else null end`;

/** The codes of one campaign (the admin's by default), newest first, with their figures. */
export async function listPromoCodes(
  db: Db,
  { actor, campaign = "admin" }: { actor: AdminActor; campaign?: PromoCampaign },
): Promise<AdminPromoCode[]> {
  assertAdmin(actor);
  const rows = await db
    .select({ code: promoCodes, sent: sentOfCode, used, bookings, revenue, discounts })
    .from(promoCodes)
    .leftJoin(promoRedemptions, eq(promoRedemptions.promoCodeId, promoCodes.id))
    .leftJoin(appointments, eq(appointments.id, promoRedemptions.appointmentId))
    .where(eq(promoCodes.campaign, campaign))
    .groupBy(promoCodes.id)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(CODES_LISTED);
  const zones = await db.select({ id: serviceZones.id, name: serviceZones.zoneName }).from(serviceZones);
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  return rows.map(({ code, ...figures }) => ({
    id: code.id,
    code: code.code,
    campaign: code.campaign,
    kind: code.kind,
    value: code.value,
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    maxUses: code.maxUses,
    usesCount: code.usesCount,
    oncePerCustomer: code.oncePerCustomer,
    firstBookingOnly: code.firstBookingOnly,
    zoneNames: code.zoneIds.map((id) => zoneName.get(id) ?? id),
    minCars: code.minCars,
    isActive: code.isActive,
    recipientEmail: code.recipientEmail,
    sent: figures.sent,
    used: figures.used,
    bookings: figures.bookings,
    revenueCents: figures.revenue,
    discountCents: figures.discounts,
  }));
}

/** The figures of each campaign: the admin's codes, referrals, win-back and thank-you offers. */
export async function campaignFigures(
  db: Db,
  { actor }: { actor: AdminActor },
): Promise<Record<PromoCampaign, OfferFigures>> {
  assertAdmin(actor);
  const rows = await db
    .select({ campaign: promoCodes.campaign, used, bookings, revenue, discounts })
    .from(promoCodes)
    .leftJoin(promoRedemptions, eq(promoRedemptions.promoCodeId, promoCodes.id))
    .leftJoin(appointments, eq(appointments.id, promoRedemptions.appointmentId))
    .groupBy(promoCodes.campaign);
  const [sent] = await db
    .select({
      winback: sql<number>`(select count(*) from ${winbackSends} where ${winbackSends.emailQueued} or ${winbackSends.smsQueued})::int`,
      thankyou: sql<number>`(select count(*) from ${thankyouSends} where ${thankyouSends.emailQueued} or ${thankyouSends.smsQueued})::int`,
    })
    .from(sql`(select 1) as one`);
  const result = Object.fromEntries(
    PROMO_CAMPAIGNS.map((campaign) => [
      campaign,
      { sent: null, used: 0, bookings: 0, revenueCents: 0, discountCents: 0 } satisfies OfferFigures,
    ]),
  ) as Record<PromoCampaign, OfferFigures>;
  for (const row of rows) {
    result[row.campaign] = {
      sent: null,
      used: row.used,
      bookings: row.bookings,
      revenueCents: row.revenue,
      discountCents: row.discounts,
    };
  }
  result.winback.sent = sent?.winback ?? 0;
  result.thankyou.sent = sent?.thankyou ?? 0;
  return result;
}

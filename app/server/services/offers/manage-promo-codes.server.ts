/**
 * The admin's promo codes (ADR 050): create, deactivate, and the figures per code and per
 * campaign: sent (win-back offers), used, bookings (not cancelled), revenue (completed bookings,
 * before taxes, after the discount) and the discounts given.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { appointments, promoCodes, promoRedemptions, serviceZones, winbackSends } from "#db/schema";
import type { PromoCodeForm } from "~/domain/offers/schemas";
import type { PromoCampaign } from "~/domain/offers/promo";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

export interface OfferFigures {
  sent: number | null;
  used: number;
  bookings: number;
  revenueCents: number;
  discountCents: number;
}

export interface AdminPromoCode extends OfferFigures {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  usesCount: number;
  oncePerCustomer: boolean;
  firstBookingOnly: boolean;
  zoneNames: string[];
  minCars: number;
  isActive: boolean;
}

const used = sql<number>`count(${promoRedemptions.id})::int`;
const bookings = sql<number>`count(${appointments.id}) filter (where ${appointments.status} <> 'cancelled')::int`;
const revenue = sql<number>`coalesce(sum(${appointments.priceCents}) filter (where ${appointments.status} = 'completed'), 0)::int`;
const discounts = sql<number>`coalesce(sum(${promoRedemptions.discountCents}) filter (where ${appointments.status} <> 'cancelled'), 0)::int`;

/** The codes the admin made, newest first, with their figures. */
export async function listPromoCodes(db: Db, { actor }: { actor: AdminActor }): Promise<AdminPromoCode[]> {
  assertAdmin(actor);
  const rows = await db
    .select({ code: promoCodes, used, bookings, revenue, discounts })
    .from(promoCodes)
    .leftJoin(promoRedemptions, eq(promoRedemptions.promoCodeId, promoCodes.id))
    .leftJoin(appointments, eq(appointments.id, promoRedemptions.appointmentId))
    .where(eq(promoCodes.campaign, "admin"))
    .groupBy(promoCodes.id)
    .orderBy(desc(promoCodes.createdAt));
  const zones = await db.select({ id: serviceZones.id, name: serviceZones.zoneName }).from(serviceZones);
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  return rows.map(({ code, ...figures }) => ({
    id: code.id,
    code: code.code,
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
    sent: null,
    used: figures.used,
    bookings: figures.bookings,
    revenueCents: figures.revenue,
    discountCents: figures.discounts,
  }));
}

/** The figures of each campaign: admin codes, referrals, win-back offers. */
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
    .select({ n: sql<number>`count(*)::int` })
    .from(winbackSends)
    .where(sql`${winbackSends.emailQueued} or ${winbackSends.smsQueued}`);
  const empty = (): OfferFigures => ({ sent: null, used: 0, bookings: 0, revenueCents: 0, discountCents: 0 });
  const result: Record<PromoCampaign, OfferFigures> = { admin: empty(), referral: empty(), winback: empty() };
  for (const row of rows) {
    result[row.campaign] = {
      sent: null,
      used: row.used,
      bookings: row.bookings,
      revenueCents: row.revenue,
      discountCents: row.discounts,
    };
  }
  result.winback.sent = sent?.n ?? 0;
  return result;
}

/** A new code; VALIDATION 'CODE_TAKEN' when the code exists (any campaign). */
export async function createPromoCode(
  db: Db,
  { actor, input }: { actor: AdminActor; input: PromoCodeForm },
): Promise<{ code: string }> {
  assertAdmin(actor);
  const [row] = await db
    .insert(promoCodes)
    .values({ ...input, campaign: "admin", createdBy: actor.id })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning({ code: promoCodes.code });
  if (!row) throw new AppError("VALIDATION", "CODE_TAKEN");
  return row;
}

export async function setPromoCodeActive(
  db: Db,
  { actor, id, active }: { actor: AdminActor; id: string; active: boolean },
): Promise<{ code: string }> {
  assertAdmin(actor);
  const [row] = await db
    .update(promoCodes)
    .set({ isActive: active })
    .where(and(eq(promoCodes.id, id), eq(promoCodes.campaign, "admin")))
    .returning({ code: promoCodes.code });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

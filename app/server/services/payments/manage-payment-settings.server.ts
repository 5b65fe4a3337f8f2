import { asc, eq, sql } from "drizzle-orm";
import { appSettings, franchisees, serviceZones, zonePaymentSettings } from "#db/schema";
import type { RoyaltySchema, ZonePaymentSettingInput } from "~/domain/payments/schemas";
import { DEFAULT_ROYALTY_BASIS_POINTS } from "~/domain/payments/royalty";
import { AppError } from "~/lib/errors";
import type { z } from "~/lib/zod-fr";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";
import { NETWORK_ROYALTY_SETTING } from "./payment-setup.server";

// The admin's payment settings (issue 31, ADR 075): each zone's mode, deposit and fees, the
// network's royalty and each franchisee's own. The database checks of zone_payment_settings
// hold the same rules as ZonePaymentSettingSchema.

async function networkRoyalty(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, NETWORK_ROYALTY_SETTING));
  return row && /^\d+$/.test(row.value) ? Number(row.value) : null;
}

/** Every zone with its setting (none = on site), every franchisee with its royalty, the network's. */
export async function listPaymentSettings(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [zones, people, network] = await Promise.all([
    db
      .select({
        zoneId: serviceZones.id,
        zoneName: serviceZones.zoneName,
        franchiseeName: franchisees.businessName,
        accountState: franchisees.stripeAccountState,
        setting: zonePaymentSettings,
      })
      .from(serviceZones)
      .leftJoin(franchisees, eq(franchisees.id, serviceZones.franchiseeId))
      .leftJoin(zonePaymentSettings, eq(zonePaymentSettings.zoneId, serviceZones.id))
      .orderBy(asc(serviceZones.zoneName)),
    db
      .select({
        id: franchisees.id,
        businessName: franchisees.businessName,
        royaltyBasisPoints: franchisees.royaltyBasisPoints,
        accountState: franchisees.stripeAccountState,
      })
      .from(franchisees)
      .orderBy(asc(franchisees.businessName)),
    networkRoyalty(db),
  ]);
  return {
    zones,
    franchisees: people,
    networkRoyaltyBasisPoints: network,
    royaltyInForce: network ?? DEFAULT_ROYALTY_BASIS_POINTS,
  };
}

export type PaymentSettingsView = Awaited<ReturnType<typeof listPaymentSettings>>;

/** Saves one zone's setting (an insert the first time, an update after); NOT_FOUND for no such zone. */
export async function saveZonePaymentSetting(
  db: Db,
  { actor, input }: { actor: AdminActor; input: ZonePaymentSettingInput },
): Promise<{ zoneName: string }> {
  assertAdmin(actor);
  const [zone] = await db
    .select({ zoneName: serviceZones.zoneName })
    .from(serviceZones)
    .where(eq(serviceZones.id, input.zoneId));
  if (!zone) throw new AppError("NOT_FOUND");
  const values = {
    mode: input.mode,
    depositRule: input.depositRule,
    depositValue: input.depositValue,
    lateCancelRule: input.lateCancelRule,
    lateCancelValue: input.lateCancelValue,
    noShowRule: input.noShowRule,
    noShowValue: input.noShowValue,
    updatedBy: actor.id,
  };
  await db
    .insert(zonePaymentSettings)
    .values({ zoneId: input.zoneId, ...values })
    .onConflictDoUpdate({ target: zonePaymentSettings.zoneId, set: { ...values, updatedAt: sql`now()` } });
  return zone;
}

/**
 * Sets the network's royalty, or a franchisee's own (null = the network's). Bookings already
 * made keep the rate frozen in their plan (appointment_payment_plans).
 */
export async function setRoyalty(
  db: Db,
  { actor, input }: { actor: AdminActor; input: z.infer<typeof RoyaltySchema> },
): Promise<{ businessName: string | null }> {
  assertAdmin(actor);
  if (!input.franchiseeId) {
    const value = String(input.basisPoints ?? DEFAULT_ROYALTY_BASIS_POINTS);
    await db
      .insert(appSettings)
      .values({ key: NETWORK_ROYALTY_SETTING, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    return { businessName: null };
  }
  const [row] = await db
    .update(franchisees)
    .set({ royaltyBasisPoints: input.basisPoints })
    .where(eq(franchisees.id, input.franchiseeId))
    .returning({ businessName: franchisees.businessName });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

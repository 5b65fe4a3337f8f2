/**
 * The admin's promo codes (ADR 050, 057): create, edit with the same form and rules, deactivate.
 * Only the admin's own codes ('admin' campaign) are edited here: the personal and referral codes
 * are made by the product. The figures are in promo-figures.server.ts.
 */
import { and, eq, ne } from "drizzle-orm";
import { promoCodes } from "#db/schema";
import { centsToPriceInput } from "~/domain/admin/money";
import type { PromoCodeForm } from "~/domain/offers/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";
import { localDate } from "~/domain/time/zoned";

/** A new code; CODE_TAKEN when the code exists (any campaign). */
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
  if (!row) throw new AppError("CODE_TAKEN");
  return row;
}

/** An admin code as its edit form shows it: the fields as typed (local days, dollars). */
export interface PromoCodeFormValues {
  code: string;
  usesCount: number;
  kind: "percent" | "fixed";
  value: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  oncePerCustomer: "on" | "";
  firstBookingOnly: "on" | "";
  zoneIds: string[];
  minCars: string;
}

export async function getPromoCodeForEdit(
  db: Db,
  { actor, id }: { actor: AdminActor; id: string },
): Promise<PromoCodeFormValues> {
  assertAdmin(actor);
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.campaign, "admin")));
  if (!row) throw new AppError("NOT_FOUND");
  return {
    code: row.code,
    usesCount: row.usesCount,
    kind: row.kind,
    value: row.kind === "percent" ? String(row.value) : centsToPriceInput(row.value),
    startsOn: row.startsAt ? localDate(row.startsAt) : "",
    // Stored as the start of the day after the last one (schemas.ts).
    endsOn: row.endsAt ? localDate(new Date(row.endsAt.getTime() - 60_000)) : "",
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    oncePerCustomer: row.oncePerCustomer ? "on" : "",
    firstBookingOnly: row.firstBookingOnly ? "on" : "",
    zoneIds: row.zoneIds,
    minCars: String(row.minCars),
  };
}

/**
 * Changes an admin code with what the form sent (the creation's schema). Refuses what makes no
 * sense for a code already used: MAX_USES_BELOW_USES (with the uses as `count`) when the total is
 * below the uses so far, RENAME_USED when a used code would change its name (customers and reports
 * know it by that name); CODE_TAKEN when the new name exists. The row is locked, so a booking that
 * takes the code meanwhile is counted before the check.
 */
export async function updatePromoCode(
  db: Db,
  { actor, id, input, now = new Date() }: { actor: AdminActor; id: string; input: PromoCodeForm; now?: Date },
): Promise<{ code: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ code: promoCodes.code, usesCount: promoCodes.usesCount })
      .from(promoCodes)
      .where(and(eq(promoCodes.id, id), eq(promoCodes.campaign, "admin")))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND");
    if (input.maxUses !== null && input.maxUses < current.usesCount)
      throw new AppError("MAX_USES_BELOW_USES", undefined, { count: current.usesCount });
    if (input.code !== current.code) {
      if (current.usesCount > 0) throw new AppError("RENAME_USED");
      const [taken] = await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(and(eq(promoCodes.code, input.code), ne(promoCodes.id, id)));
      if (taken) throw new AppError("CODE_TAKEN");
    }
    const [row] = await tx
      .update(promoCodes)
      .set({ ...input, updatedAt: now })
      .where(eq(promoCodes.id, id))
      .returning({ code: promoCodes.code });
    return row!;
  });
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

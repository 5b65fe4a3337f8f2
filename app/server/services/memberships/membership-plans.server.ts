import { asc, eq } from "drizzle-orm";
import { membershipPlans, services } from "#db/schema";
import { type MembershipPlanForm } from "~/domain/memberships/memberships";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";

// The admin's membership plans (issue 34, item 3; ADR 095): listed, created, edited.

export async function listPlans(db: Db | Tx, { activeOnly = false } = {}) {
  return db
    .select({ plan: membershipPlans, serviceName: services.name })
    .from(membershipPlans)
    .innerJoin(services, eq(services.id, membershipPlans.serviceId))
    .where(activeOnly ? eq(membershipPlans.isActive, true) : undefined)
    .orderBy(asc(membershipPlans.monthlyPriceCents), asc(membershipPlans.name));
}

/** Creates a plan, or edits one: its price applies to new subscriptions (the others keep theirs). */
export async function savePlan(db: Db, form: MembershipPlanForm): Promise<string> {
  const values = {
    name: form.name,
    description: form.description,
    monthlyPriceCents: form.monthlyPrice,
    serviceId: form.serviceId,
    includedWashes: form.includedWashes,
    extrasDiscountBasisPoints: form.extrasDiscountPercent,
    isActive: form.isActive,
  };
  if (form.id) {
    const [row] = await db
      .update(membershipPlans)
      .set(values)
      .where(eq(membershipPlans.id, form.id))
      .returning({ id: membershipPlans.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row.id;
  }
  const [row] = await db.insert(membershipPlans).values(values).returning({ id: membershipPlans.id });
  return row!.id;
}

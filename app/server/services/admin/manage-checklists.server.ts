/**
 * The admin's checklists (issue 32, item 4, ADR 088): the steps of each service that the crew
 * ticks at every wash. A removed step is archived, not deleted: past washes keep their ticks and
 * labels, and the seed never brings it back. The order is the crew's order.
 */
import { and, asc, eq, isNull, max } from "drizzle-orm";
import { serviceChecklistSteps, services } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

async function serviceOf(db: Db, serviceId: string) {
  const [service] = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!service) throw new AppError("NOT_FOUND");
  return service;
}

const live = (serviceId: string) =>
  and(eq(serviceChecklistSteps.serviceId, serviceId), isNull(serviceChecklistSteps.archivedAt));

/** A service and its live steps, in order. */
export async function loadChecklist(db: Db, { actor, serviceId }: { actor: AdminActor; serviceId: string }) {
  assertAdmin(actor);
  const service = await serviceOf(db, serviceId);
  const steps = await db
    .select({
      id: serviceChecklistSteps.id,
      label: serviceChecklistSteps.label,
      required: serviceChecklistSteps.required,
    })
    .from(serviceChecklistSteps)
    .where(live(serviceId))
    .orderBy(asc(serviceChecklistSteps.sortOrder), asc(serviceChecklistSteps.createdAt));
  return { service, steps };
}

/** Adds a step at the end, or changes a live step's label and whether it is required. */
export async function saveChecklistStep(
  db: Db,
  {
    actor,
    serviceId,
    stepId,
    label,
    required,
  }: { actor: AdminActor; serviceId: string; stepId?: string; label: string; required: boolean },
): Promise<void> {
  assertAdmin(actor);
  await serviceOf(db, serviceId);
  if (stepId) {
    const [row] = await db
      .update(serviceChecklistSteps)
      .set({ label, required })
      .where(and(live(serviceId), eq(serviceChecklistSteps.id, stepId)))
      .returning({ id: serviceChecklistSteps.id });
    if (!row) throw new AppError("NOT_FOUND");
    return;
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).for("update");
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(serviceChecklistSteps.sortOrder) })
      .from(serviceChecklistSteps)
      .where(eq(serviceChecklistSteps.serviceId, serviceId));
    await tx.insert(serviceChecklistSteps).values({ serviceId, label, required, sortOrder: (last ?? 0) + 1 });
  });
}

/** Retires a step: the crew no longer sees it; past ticks keep it. */
export async function archiveChecklistStep(
  db: Db,
  {
    actor,
    serviceId,
    stepId,
    now = new Date(),
  }: { actor: AdminActor; serviceId: string; stepId: string; now?: Date },
): Promise<void> {
  assertAdmin(actor);
  const [row] = await db
    .update(serviceChecklistSteps)
    .set({ archivedAt: now })
    .where(and(live(serviceId), eq(serviceChecklistSteps.id, stepId)))
    .returning({ id: serviceChecklistSteps.id });
  if (!row) throw new AppError("NOT_FOUND");
}

/** Swaps a step with its neighbour above or below (numbers the list again, 1 to n). */
export async function moveChecklistStep(
  db: Db,
  {
    actor,
    serviceId,
    stepId,
    direction,
  }: { actor: AdminActor; serviceId: string; stepId: string; direction: "up" | "down" },
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).for("update");
    const ids = (
      await tx
        .select({ id: serviceChecklistSteps.id })
        .from(serviceChecklistSteps)
        .where(live(serviceId))
        .orderBy(asc(serviceChecklistSteps.sortOrder), asc(serviceChecklistSteps.createdAt))
    ).map((r) => r.id);
    const at = ids.indexOf(stepId);
    if (at < 0) throw new AppError("NOT_FOUND");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [i, id] of ids.entries()) {
      await tx
        .update(serviceChecklistSteps)
        .set({ sortOrder: i + 1 })
        .where(eq(serviceChecklistSteps.id, id));
    }
  });
}

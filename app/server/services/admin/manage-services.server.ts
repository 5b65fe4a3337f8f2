import { and, asc, count, eq, ne } from "drizzle-orm";
import { services } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { ServiceForm } from "~/domain/admin/schemas";
import type { Db, Tx } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { withSlotChange } from "../booking/slot-change.server";

/*
 * The catalogue of washes (services table). The home page, the wizard and the booking engine read
 * it on every request (no cache), so a change shows at once. A duration change changes the slots:
 * it goes through withSlotChange (the slot cache of GET /api/slots), like a booking.
 */

/** Every service, active or not, in the catalogue's order. */
export async function listAllServices(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db.select().from(services).orderBy(asc(services.sortOrder), asc(services.name));
}

export type AdminService = Awaited<ReturnType<typeof listAllServices>>[number];

function slugify(name: string): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return base || "service";
}

async function uniqueSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: services.id }).from(services).where(eq(services.slug, slug));
    if (!taken) return slug;
  }
}

/** Creates a service (last in the order) or updates one; returns its id and name. */
export async function saveService(
  db: Db,
  { actor, input }: { actor: AdminActor; input: ServiceForm },
): Promise<{ id: string; name: string; created: boolean }> {
  assertAdmin(actor);
  return withSlotChange(db, async (tx) => {
    const values = {
      name: input.name,
      description: input.description,
      basePriceCents: input.price,
      durationMinutes: input.durationMinutes,
    };
    if (input.id) {
      const [before] = await tx.select().from(services).where(eq(services.id, input.id)).for("update");
      if (!before) throw new AppError("NOT_FOUND");
      await tx.update(services).set(values).where(eq(services.id, input.id));
      return { id: input.id, name: input.name, created: false };
    }
    const existing = await tx.select({ sortOrder: services.sortOrder }).from(services);
    const sortOrder = existing.reduce((max, row) => Math.max(max, row.sortOrder), 0) + 1;
    const [created] = await tx
      .insert(services)
      .values({ ...values, slug: await uniqueSlug(tx, input.name), sortOrder })
      .returning({ id: services.id });
    return { id: created!.id, name: input.name, created: true };
  });
}

/** Swaps a service with its neighbour above or below (sort_order is renumbered 1..n). */
export async function moveService(
  db: Db,
  { actor, id, direction }: { actor: AdminActor; id: string; direction: "up" | "down" },
): Promise<void> {
  assertAdmin(actor);
  await withSlotChange(db, async (tx) => {
    const rows = await tx
      .select({ id: services.id })
      .from(services)
      .orderBy(asc(services.sortOrder), asc(services.name))
      .for("update");
    const index = rows.findIndex((row) => row.id === id);
    if (index === -1) throw new AppError("NOT_FOUND");
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    [rows[index], rows[target]] = [rows[target]!, rows[index]!];
    for (const [position, row] of rows.entries()) {
      await tx
        .update(services)
        .set({ sortOrder: position + 1 })
        .where(eq(services.id, row.id));
    }
    // The first active service is the one booked by default: its duration shapes the slots.
  });
}

/** Deactivates or reactivates a service; the last active one cannot go (booking needs one). */
export async function setServiceActive(
  db: Db,
  { actor, id, active }: { actor: AdminActor; id: string; active: boolean },
): Promise<{ name: string }> {
  assertAdmin(actor);
  return withSlotChange(db, async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND");
    if (!active && row.isActive) {
      const [others] = await tx
        .select({ n: count() })
        .from(services)
        .where(and(eq(services.isActive, true), ne(services.id, id)));
      if ((others?.n ?? 0) === 0) throw new AppError("LAST_ACTIVE_SERVICE");
    }
    await tx.update(services).set({ isActive: active }).where(eq(services.id, id));
    return { name: row.name };
  });
}

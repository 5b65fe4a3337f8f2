import { eq, sql } from "drizzle-orm";
import { photoPlacements, serviceZones, upsellOptions, workPhotos } from "#db/schema";
import { placedImage, type PlacedImage } from "~/domain/gallery/photos";
import type { Placement } from "~/domain/gallery/placements";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

/*
 * Where the photos of the library serve on the public site (ADR 106): one photo per place (the
 * slot is the primary key), each with its alternative text. The public pages read the chosen
 * photo, or keep their drawn image when none is chosen.
 */

/** Another photo already chosen for the place is replaced (an upsert on the slot: no race). */
export async function placePhoto(
  db: Db,
  {
    actor,
    photoId,
    placement,
    alt,
  }: { actor: AdminActor; photoId: string; placement: Placement; alt: string },
): Promise<void> {
  assertAdmin(actor);
  const [photo] = await db.select({ id: workPhotos.id }).from(workPhotos).where(eq(workPhotos.id, photoId));
  if (!photo) throw new AppError("NOT_FOUND");
  const upsellId = placement.kind === "upsell" ? placement.upsellId : null;
  const zoneId = placement.kind === "zone" ? placement.zoneId : null;
  if (upsellId) {
    const [row] = await db
      .select({ id: upsellOptions.id })
      .from(upsellOptions)
      .where(eq(upsellOptions.id, upsellId));
    if (!row) throw new AppError("NOT_FOUND", "placement target", { field: "slot" });
  }
  if (zoneId) {
    const [row] = await db
      .select({ id: serviceZones.id })
      .from(serviceZones)
      .where(eq(serviceZones.id, zoneId));
    if (!row) throw new AppError("NOT_FOUND", "placement target", { field: "slot" });
  }
  try {
    await db
      .insert(photoPlacements)
      .values({
        slot: placement.slot,
        kind: placement.kind,
        upsellId,
        zoneId,
        photoId,
        alt,
        updatedBy: actor.id,
      })
      .onConflictDoUpdate({
        target: photoPlacements.slot,
        set: { photoId, alt, updatedBy: actor.id, updatedAt: sql`now()` },
      });
  } catch (error) {
    // The photo, the extra or the zone was deleted meanwhile (a foreign key refuses the row).
    if (isForeignKeyViolation(error)) throw new AppError("NOT_FOUND");
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** The place gets its drawn image back (nothing to do when no photo was there). */
export async function unplacePhoto(db: Db, { actor, slot }: { actor: AdminActor; slot: string }) {
  assertAdmin(actor);
  await db.delete(photoPlacements).where(eq(photoPlacements.slot, slot));
}

/** Every place with its chosen photo, for the admin's library. */
export async function listPlacements(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db
    .select({
      slot: photoPlacements.slot,
      kind: photoPlacements.kind,
      upsellId: photoPlacements.upsellId,
      zoneId: photoPlacements.zoneId,
      photoId: photoPlacements.photoId,
      caption: workPhotos.caption,
      alt: photoPlacements.alt,
    })
    .from(photoPlacements)
    .innerJoin(workPhotos, eq(workPhotos.id, photoPlacements.photoId));
}

const placedColumns = {
  slot: photoPlacements.slot,
  alt: photoPlacements.alt,
  id: workPhotos.id,
  widths: workPhotos.widths,
  width: workPhotos.width,
  height: workPhotos.height,
};

/** The photo chosen for one place, as the public page shows it, or null (the drawn image stays). */
export async function placedPhoto(db: Db, slot: string): Promise<PlacedImage | null> {
  const [row] = await db
    .select(placedColumns)
    .from(photoPlacements)
    .innerJoin(workPhotos, eq(workPhotos.id, photoPlacements.photoId))
    .where(eq(photoPlacements.slot, slot));
  return row ? placedImage(row, row.alt) : null;
}

/** The photos chosen for the extras' cards, by extra id. */
export async function upsellPhotos(db: Db): Promise<Map<string, PlacedImage>> {
  const rows = await db
    .select({ ...placedColumns, upsellId: photoPlacements.upsellId })
    .from(photoPlacements)
    .innerJoin(workPhotos, eq(workPhotos.id, photoPlacements.photoId))
    .where(eq(photoPlacements.kind, "upsell"));
  return new Map(rows.map((row) => [row.upsellId!, placedImage(row, row.alt)]));
}

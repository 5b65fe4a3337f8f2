import crypto from "node:crypto";
import { and, asc, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import { photoPlacements, serviceZones, workPhotos } from "#db/schema";
import { AppError } from "~/lib/errors";
import { photoKey, PHOTO_FORMATS, type PhotoForm, type PhotoRole } from "~/domain/gallery/photos";
import type { Db } from "../../db.server";
import type { FileStorage } from "../../storage/storage.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";
import { checkPhoto, encodeCopies, widthsFor } from "./process-photo.server";

/*
 * Photos of real work (ADR 053). An upload is checked and re-encoded by sharp (process-photo),
 * its copies are stored through the storage driver (disk or S3), then the row is written; the
 * gallery and the home teaser read the published rows in their order.
 */

const columns = {
  id: workPhotos.id,
  caption: workPhotos.caption,
  widths: workPhotos.widths,
  width: workPhotos.width,
  height: workPhotos.height,
  beforeWidth: workPhotos.beforeWidth,
  beforeHeight: workPhotos.beforeHeight,
};

/** Every stored key of a photo. */
function keysOf(photo: { id: string; widths: number[]; beforeWidth: number | null }): string[] {
  const roles: PhotoRole[] = photo.beforeWidth ? ["after", "before"] : ["after"];
  return roles.flatMap((role) =>
    photo.widths.flatMap((width) => PHOTO_FORMATS.map((format) => photoKey(photo.id, role, width, format))),
  );
}

/** Checks, re-encodes and stores a photo (and its 'before' image); returns its id. */
export async function createPhoto(
  db: Db,
  storage: FileStorage,
  {
    actor,
    input,
    after,
    before,
  }: { actor: AdminActor; input: PhotoForm; after: Uint8Array; before: Uint8Array | null },
): Promise<{ id: string }> {
  assertAdmin(actor);
  const checkedAfter = await checkPhoto(after, "after");
  const checkedBefore = before ? await checkPhoto(before, "before") : null;
  if (input.zoneId) {
    const [zone] = await db
      .select({ id: serviceZones.id })
      .from(serviceZones)
      .where(eq(serviceZones.id, input.zoneId));
    if (!zone) throw new AppError("ZONE_NOT_FOUND");
  }
  const widths = widthsFor(checkedAfter, checkedBefore);
  const afterCopies = await encodeCopies(checkedAfter, widths, "after");
  const beforeCopies = checkedBefore ? await encodeCopies(checkedBefore, widths, "before") : [];

  const id = crypto.randomUUID();
  const stored: string[] = [];
  try {
    for (const [role, copies] of [
      ["after", afterCopies],
      ["before", beforeCopies],
    ] as const) {
      for (const copy of copies) {
        const key = photoKey(id, role, copy.width, copy.format);
        await storage.put(key, copy.body, { contentType: `image/${copy.format}` });
        stored.push(key);
      }
    }
    const widest = (copies: typeof afterCopies) => copies.find((c) => c.width === widths[0])!;
    const [last] = await db.select({ value: max(workPhotos.sortOrder) }).from(workPhotos);
    await db.insert(workPhotos).values({
      id,
      caption: input.caption,
      zoneId: input.zoneId,
      sortOrder: (last?.value ?? 0) + 1,
      publishedAt: input.publish ? new Date() : null,
      widths,
      width: widest(afterCopies).width,
      height: widest(afterCopies).height,
      beforeWidth: checkedBefore ? widest(beforeCopies).width : null,
      beforeHeight: checkedBefore ? widest(beforeCopies).height : null,
      createdBy: actor.id,
    });
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
  return { id };
}

/** Every photo, published or not, in the gallery's order, with its zone's name. */
export async function listAllPhotos(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db
    .select({
      ...columns,
      zoneName: serviceZones.zoneName,
      publishedAt: workPhotos.publishedAt,
      sortOrder: workPhotos.sortOrder,
    })
    .from(workPhotos)
    .leftJoin(serviceZones, eq(serviceZones.id, workPhotos.zoneId))
    .orderBy(asc(workPhotos.sortOrder), desc(workPhotos.createdAt));
}
export type AdminPhoto = Awaited<ReturnType<typeof listAllPhotos>>[number];

/** The published photos, in the gallery's order (anyone may see them). */
export async function listPublishedPhotos(db: Db, { limit }: { limit?: number } = {}) {
  const query = db
    .select(columns)
    .from(workPhotos)
    .where(isNotNull(workPhotos.publishedAt))
    .orderBy(asc(workPhotos.sortOrder), desc(workPhotos.createdAt));
  return limit ? query.limit(limit) : query;
}

/**
 * Whether a photo exists and may be shown to everyone: published in the gallery, or chosen for a
 * place of the site (ADR 106).
 */
export async function photoVisibility(db: Db, id: string): Promise<"published" | "draft" | null> {
  const [row] = await db
    .select({
      publishedAt: workPhotos.publishedAt,
      placed: sql<boolean>`exists (select 1 from ${photoPlacements} where ${photoPlacements.photoId} = ${workPhotos.id})`,
    })
    .from(workPhotos)
    .where(eq(workPhotos.id, id));
  if (!row) return null;
  return row.publishedAt || row.placed ? "published" : "draft";
}

export async function setPhotoPublished(
  db: Db,
  { actor, id, published }: { actor: AdminActor; id: string; published: boolean },
): Promise<void> {
  assertAdmin(actor);
  const updated = await db
    .update(workPhotos)
    .set({ publishedAt: published ? new Date() : null })
    .where(eq(workPhotos.id, id))
    .returning({ id: workPhotos.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

/** Swaps a photo with its neighbour above or below (sort_order is renumbered 1..n). */
export async function movePhoto(
  db: Db,
  { actor, id, direction }: { actor: AdminActor; id: string; direction: "up" | "down" },
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: workPhotos.id })
      .from(workPhotos)
      .orderBy(asc(workPhotos.sortOrder), desc(workPhotos.createdAt))
      .for("update");
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new AppError("NOT_FOUND");
    const target = direction === "up" ? index - 1 : index + 1;
    if (target >= 0 && target < rows.length) [rows[index], rows[target]] = [rows[target]!, rows[index]!];
    for (const [position, row] of rows.entries()) {
      await tx
        .update(workPhotos)
        .set({ sortOrder: position + 1 })
        .where(and(eq(workPhotos.id, row.id)));
    }
  });
}

/** Removes a photo and its stored copies. */
export async function deletePhoto(
  db: Db,
  storage: FileStorage,
  { actor, id }: { actor: AdminActor; id: string },
): Promise<{ caption: string }> {
  assertAdmin(actor);
  const [deleted] = await db.delete(workPhotos).where(eq(workPhotos.id, id)).returning(columns);
  if (!deleted) throw new AppError("NOT_FOUND");
  await Promise.all(keysOf(deleted).map((key) => storage.delete(key).catch(() => {})));
  return { caption: deleted.caption };
}

/**
 * A stop's before/after photos stored (issue 32, item 5, ADR 088), for the actor's own stop only.
 *
 * A photo's id is made on the phone when it is taken, and the phone sends it again until it gets
 * an answer: the id (primary key) and the file's SHA-256 (unique per stop) make a photo sent
 * twice stored once. The file is re-encoded with sharp (upright, sRGB, WebP, at most
 * JOB_PHOTO_WIDTH wide) without any metadata: EXIF and its GPS position never reach the storage.
 */
import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { appointmentPhotos, appointments } from "#db/schema";
import {
  JOB_PHOTO_MAX_BYTES,
  JOB_PHOTO_MAX_PIXELS,
  JOB_PHOTO_MIN_WIDTH,
  JOB_PHOTO_RATE,
  JOB_PHOTO_WIDTH,
  JOB_PHOTOS_PER_CAR,
  type JobPhotoFields,
} from "~/domain/crew/job-report";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { hitRateLimit } from "../../rate-limit.server";
import { loadSharp } from "../../sharp.server";
import { FileExistsError, type FileStorage } from "../../storage/storage.server";
import type { CrewActor } from "./crew-access.server";
import { ownStop } from "./job-report.server";

/** The storage key of a stored photo. */
export function jobPhotoKey(appointmentId: string, photoId: string): string {
  return `job-photos/${appointmentId}/${photoId}.webp`;
}

/** Re-encodes a phone's photo: real format read from the bytes, upright, sRGB, WebP, no metadata. */
async function encodeJobPhoto(input: Uint8Array) {
  if (input.byteLength > JOB_PHOTO_MAX_BYTES) throw new AppError("FILE_TOO_LARGE");
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("FILE_TYPE");
  }
  if (!meta.format || !["jpeg", "png", "webp", "heif"].includes(meta.format)) throw new AppError("FILE_TYPE");
  if (!meta.width || !meta.height) throw new AppError("FILE_UNREADABLE");
  if (meta.width * meta.height > JOB_PHOTO_MAX_PIXELS) throw new AppError("FILE_TOO_BIG");
  if (
    Math.min(meta.width, meta.height) < JOB_PHOTO_MIN_WIDTH / 2 ||
    Math.max(meta.width, meta.height) < JOB_PHOTO_MIN_WIDTH
  )
    throw new AppError("FILE_TOO_SMALL");
  try {
    // sharp writes no metadata unless asked (withMetadata / keepExif are never called here).
    const out = await sharp(input, { limitInputPixels: JOB_PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: JOB_PHOTO_WIDTH, height: JOB_PHOTO_WIDTH, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { body: out.data, width: out.info.width, height: out.info.height };
  } catch {
    throw new AppError("FILE_UNREADABLE");
  }
}

/**
 * Stores one photo of the actor's stop. Idempotent: the same id, or the same file under another
 * id, answers `stored: false` and changes nothing. Bounded: JOB_PHOTO_MAX_BYTES per file,
 * JOB_PHOTOS_PER_CAR per car (checked under the appointment's row lock), JOB_PHOTO_RATE per
 * account. Refused once the wash is completed or cancelled.
 */
export async function storeJobPhoto(
  db: Db,
  storage: FileStorage,
  {
    actor,
    fields,
    file,
    now = new Date(),
  }: { actor: CrewActor; fields: JobPhotoFields; file: Uint8Array; now?: Date },
): Promise<{ stored: boolean; id: string }> {
  const stop = await ownStop(db, actor, fields.appointmentId);
  if (fields.car > stop.cars) throw new AppError("VALIDATION");
  const sha256 = crypto.createHash("sha256").update(file).digest("hex");
  const known = async () => {
    const [row] = await db
      .select({ id: appointmentPhotos.id, appointmentId: appointmentPhotos.appointmentId })
      .from(appointmentPhotos)
      .where(eq(appointmentPhotos.id, fields.id));
    if (row) {
      if (row.appointmentId !== fields.appointmentId) throw new AppError("NOT_FOUND");
      return row.id;
    }
    const [same] = await db
      .select({ id: appointmentPhotos.id })
      .from(appointmentPhotos)
      .where(
        and(eq(appointmentPhotos.appointmentId, fields.appointmentId), eq(appointmentPhotos.sha256, sha256)),
      );
    return same?.id ?? null;
  };
  const already = await known();
  if (already) return { stored: false, id: already };
  if (stop.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
  const rate = await hitRateLimit(db, `job-photo:user:${actor.userId}`, JOB_PHOTO_RATE);
  if (!rate.allowed)
    throw new AppError("RATE_LIMITED", "RATE_LIMITED", { retryAfterSeconds: rate.retryAfterSeconds });

  const encoded = await encodeJobPhoto(file);
  const key = jobPhotoKey(fields.appointmentId, fields.id);
  try {
    await storage.put(key, encoded.body, { contentType: "image/webp" });
  } catch (error) {
    // The same id sent twice at once: the other request stored the same photo.
    if (!(error instanceof FileExistsError)) throw error;
  }
  const inserted = await db
    .transaction(async (tx) => {
      await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, fields.appointmentId))
        .for("update");
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(appointmentPhotos)
        .where(
          and(
            eq(appointmentPhotos.appointmentId, fields.appointmentId),
            eq(appointmentPhotos.car, fields.car),
          ),
        );
      if (n >= JOB_PHOTOS_PER_CAR) throw new AppError("VALIDATION", "TOO_MANY_PHOTOS");
      const [row] = await tx
        .insert(appointmentPhotos)
        .values({
          id: fields.id,
          appointmentId: fields.appointmentId,
          kind: fields.kind,
          car: fields.car,
          sha256,
          width: encoded.width,
          height: encoded.height,
          takenBy: actor.userId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: appointmentPhotos.id });
      return row ?? null;
    })
    .catch(async (error: unknown) => {
      await storage.delete(key).catch(() => {});
      throw error;
    });
  if (inserted) return { stored: true, id: inserted.id };
  // Lost a race: the same id (its file is the one kept) or the same file under another id.
  const winner = await known();
  if (winner !== fields.id) await storage.delete(key).catch(() => {});
  return { stored: false, id: winner ?? fields.id };
}

/** The stored photo of an appointment, when the id belongs to it. */
export async function jobPhotoExists(db: Db, appointmentId: string, photoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointmentPhotos.id })
    .from(appointmentPhotos)
    .where(and(eq(appointmentPhotos.id, photoId), eq(appointmentPhotos.appointmentId, appointmentId)));
  return Boolean(row);
}

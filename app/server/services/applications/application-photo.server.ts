import crypto from "node:crypto";
import type { Metadata } from "sharp";
import {
  APPLICATION_PHOTO_MAX_BYTES,
  APPLICATION_PHOTO_MAX_PIXELS,
  APPLICATION_PHOTO_MIN_SIDE,
  APPLICATION_PHOTO_STORED_SIDE,
} from "~/domain/applications/photo";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { log } from "../../log.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { loadSharp } from "../../sharp.server";
import { FileExistsError, type FileStorage } from "../../storage/storage.server";

/**
 * The candidate's photo (issue 37, ADR 076): read from its bytes, re-encoded without metadata,
 * stored through the storage driver under a random name, and served only to the admin or to
 * whoever holds a signed link that has not expired (the application webhook's).
 */

/** The storage folder of candidates' photos and the path that serves them. */
export const APPLICATION_PHOTOS_FOLDER = "application-photos";
export const APPLICATION_PHOTO_URL_PREFIX = "/files/application-photos/";
/** photo_{random id}.webp: a random UUID, so names cannot be guessed or collide. */
export const APPLICATION_PHOTO_NAME =
  /^photo_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
/** How long the webhook's link opens the photo: a week to fetch and file it. */
export const APPLICATION_PHOTO_LINK_SECONDS = 7 * 24 * 60 * 60;

/** Formats read from the bytes (never from the name or declared type). HEIC is not among them. */
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/** The field's refusal: an AppError whose `field` is the photo input. */
function refused(
  code: "FILE_TYPE" | "FILE_TOO_LARGE" | "FILE_TOO_SMALL" | "FILE_TOO_BIG" | "FILE_UNREADABLE",
) {
  return new AppError(code, `photo: ${code}`, { field: "photo" });
}

/**
 * The stored copy of an uploaded photo: upright (EXIF orientation applied), in sRGB, at most
 * APPLICATION_PHOTO_STORED_SIDE px on its longer side, in WebP. sharp writes no metadata unless
 * asked (withMetadata / keepExif are never called): EXIF with its GPS position, XMP, IPTC and
 * the camera's ICC profile are gone.
 */
export async function encodeApplicationPhoto(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength > APPLICATION_PHOTO_MAX_BYTES) throw refused("FILE_TOO_LARGE");
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused("FILE_TYPE");
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) throw refused("FILE_TYPE");
  if (!metadata.width || !metadata.height) throw refused("FILE_UNREADABLE");
  if (metadata.width * metadata.height > APPLICATION_PHOTO_MAX_PIXELS) throw refused("FILE_TOO_BIG");
  if (Math.min(metadata.width, metadata.height) < APPLICATION_PHOTO_MIN_SIDE) throw refused("FILE_TOO_SMALL");
  try {
    return await sharp(input, { limitInputPixels: APPLICATION_PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({
        width: APPLICATION_PHOTO_STORED_SIDE,
        height: APPLICATION_PHOTO_STORED_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    throw refused("FILE_UNREADABLE");
  }
}

/** Stores an encoded photo under a new random name; its URL (admin-only path). */
export async function storeApplicationPhoto(storage: FileStorage, webp: Uint8Array): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const name = `photo_${crypto.randomUUID()}.webp`;
    try {
      await storage.put(`${APPLICATION_PHOTOS_FOLDER}/${name}`, webp, { contentType: "image/webp" });
      return `${APPLICATION_PHOTO_URL_PREFIX}${name}`;
    } catch (error) {
      if (error instanceof FileExistsError) continue;
      log.error("Photo de candidature non enregistrée", { err: error });
      throw new AppError("PHOTO_UPLOAD_FAILED");
    }
  }
  throw new AppError("PHOTO_UPLOAD_FAILED");
}

/** The storage key of a photo URL kept on an application, or null for anything else. */
export function applicationPhotoKey(photoUrl: string | null): string | null {
  if (!photoUrl?.startsWith(APPLICATION_PHOTO_URL_PREFIX)) return null;
  const name = photoUrl.slice(APPLICATION_PHOTO_URL_PREFIX.length);
  return APPLICATION_PHOTO_NAME.test(name) ? `${APPLICATION_PHOTOS_FOLDER}/${name}` : null;
}

/**
 * Removes the photos of these applications' URLs from the storage. A file that cannot be removed
 * is logged, never thrown: the caller has already cleared the URL, so nothing serves it.
 */
export async function deleteApplicationPhotos(storage: FileStorage, photoUrls: (string | null)[]) {
  for (const url of photoUrls) {
    const key = applicationPhotoKey(url);
    if (!key) continue;
    await storage.delete(key).catch((error: unknown) => {
      log.error("Photo de candidature non supprimée", { err: error, key });
    });
  }
}

function linkToken(key: Buffer, name: string, expires: number): string {
  return crypto.createHmac("sha256", key).update(`${name}:${expires}`).digest("base64url");
}

/**
 * A link to a photo that opens it without a session until `now` + APPLICATION_PHOTO_LINK_SECONDS
 * (the application webhook's photo_url): path, expiry (Unix seconds) and an HMAC of both with the
 * "application-photo-link" key (ADR 101). Relative: the caller adds PUBLIC_URL.
 */
export async function signedApplicationPhotoPath(
  db: Db,
  photoUrl: string,
  now: Date = new Date(),
): Promise<string | null> {
  const key = applicationPhotoKey(photoUrl);
  if (!key) return null;
  const name = photoUrl.slice(APPLICATION_PHOTO_URL_PREFIX.length);
  const expires = Math.floor(now.getTime() / 1000) + APPLICATION_PHOTO_LINK_SECONDS;
  const token = linkToken(await purposeKey(db, "application-photo-link"), name, expires);
  return `${photoUrl}?${new URLSearchParams({ expires: String(expires), token })}`;
}

/** True when `expires` and `token` are a genuine link to `name` that has not expired at `now`. */
export async function isValidPhotoLink(
  db: Db,
  {
    name,
    expires,
    token,
    now = new Date(),
  }: { name: string; expires: string | null; token: string | null; now?: Date },
): Promise<boolean> {
  if (!expires || !token || !/^\d{1,12}$/.test(expires) || token.length > 100) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  const keys = await acceptedKeys(db, "application-photo-link");
  return signedWithAny(keys, token, (key) => linkToken(key, name, Number(expires)));
}

import type { Metadata } from "sharp";
import { loadSharp } from "~/server/sharp.server";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_WIDTH,
  photoWidths,
  type PhotoFormat,
} from "~/domain/gallery/photos";
import { AppError } from "~/lib/errors";

/** Why an uploaded photo is refused: an AppError code whose `field` is the file at fault. */
type PhotoProblem = "FILE_TYPE" | "FILE_TOO_LARGE" | "FILE_TOO_SMALL" | "FILE_TOO_BIG" | "FILE_UNREADABLE";

/** The refusal of the file of `field` ('after' or 'before'). */
function refused(problem: PhotoProblem, field: "after" | "before"): AppError {
  return new AppError(problem, `${field}: ${problem}`, { field });
}

/** Formats read from the file's bytes, never from its name or declared type. */
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

export interface CheckedPhoto {
  input: Uint8Array;
  /** Size once turned upright (EXIF orientation applied). */
  width: number;
  height: number;
}

/** Checks an uploaded file: size, real format, pixel count and width; throws AppError (a photo code, with the field). */
export async function checkPhoto(input: Uint8Array, field: "after" | "before"): Promise<CheckedPhoto> {
  if (input.byteLength > PHOTO_MAX_BYTES) throw refused("FILE_TOO_LARGE", field);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused("FILE_TYPE", field);
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) throw refused("FILE_TYPE", field);
  if (!metadata.width || !metadata.height) throw refused("FILE_UNREADABLE", field);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw refused("FILE_TOO_BIG", field);
  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const quarter = (metadata.orientation ?? 1) >= 5;
  const width = quarter ? metadata.height : metadata.width;
  const height = quarter ? metadata.width : metadata.height;
  if (width < PHOTO_MIN_WIDTH) throw refused("FILE_TOO_SMALL", field);
  return { input, width, height };
}

export interface EncodedCopy {
  width: number;
  height: number;
  format: PhotoFormat;
  body: Buffer;
}

/**
 * The copies kept of a checked photo: upright, in sRGB, at each of `widths` (photoWidths of the
 * narrowest image of the pair), in AVIF and WebP. sharp writes no metadata unless asked
 * (withMetadata / withExif / keepExif are never called here): EXIF, its GPS position, XMP and
 * IPTC are gone from every copy.
 */
export async function encodeCopies(
  photo: CheckedPhoto,
  widths: readonly number[],
  field: "after" | "before",
) {
  const copies: EncodedCopy[] = [];
  const sharp = await loadSharp();
  try {
    for (const width of widths) {
      const resized = sharp(photo.input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toColourspace("srgb");
      const avif = await resized
        .clone()
        .avif({ quality: 55, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      const webp = await resized
        .clone()
        .webp({ quality: 78, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      for (const [format, out] of [
        ["avif", avif],
        ["webp", webp],
      ] as const) {
        copies.push({ width, height: out.info.height, format, body: out.data });
      }
    }
  } catch {
    throw refused("FILE_UNREADABLE", field);
  }
  return copies;
}

/** The widths stored for a photo and, for a pair, its 'before' image (the same for both). */
export function widthsFor(after: CheckedPhoto, before: CheckedPhoto | null): number[] {
  return photoWidths(Math.min(after.width, before?.width ?? after.width));
}

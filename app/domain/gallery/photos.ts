import type { GalleryItem, ResponsiveImage } from "~/lib/gallery";
import { photosMessages } from "~/lib/messages/photos.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { adminMessages } from "~/lib/messages/admin.fr";

/** Rules of the photos of real work (ADR 053), shared by the admin form and the server. */
const t = photosMessages;

/** Largest file accepted, per photo. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** A request carries at most two photos and a few fields. */
export const PHOTO_BODY_MAX_BYTES = 2 * PHOTO_MAX_BYTES + 64 * 1024;
/** Narrower photos look poor on a large screen. */
export const PHOTO_MIN_WIDTH = 800;
/** Decoding bound (sharp's limitInputPixels): 60 megapixels. */
export const PHOTO_MAX_PIXELS = 60_000_000;
export const CAPTION_MAX = 140;
/** The widest copy kept; narrower copies for phones and tiles. */
export const PHOTO_WIDTHS = [1600, 800, 400] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export type PhotoRole = "after" | "before";

/** The widths stored for a source `width` px wide (at least PHOTO_MIN_WIDTH): widest first. */
export function photoWidths(width: number): number[] {
  const widest = Math.min(width, PHOTO_WIDTHS[0]);
  return [widest, ...PHOTO_WIDTHS.filter((w) => w < widest)];
}

/** Storage key of one stored copy. */
export function photoKey(id: string, role: PhotoRole, width: number, format: PhotoFormat): string {
  return `photos/${id}/${role}-${width}.${format}`;
}

/** The public address of one stored copy (served by routes/_site/gallery-photo-file.ts). */
export function photoUrl(id: string, role: PhotoRole, width: number, format: PhotoFormat): string {
  return `/photos/${id}/${role}-${width}.${format}`;
}

/** The file part of a copy's address: 'after-800.avif'. */
export const PHOTO_FILE = /^(after|before)-(\d{2,4})\.(avif|webp)$/;

export interface PhotoRow {
  id: string;
  caption: string;
  widths: number[];
  width: number;
  height: number;
  beforeWidth: number | null;
  beforeHeight: number | null;
}

function responsive(row: PhotoRow, role: PhotoRole, width: number, height: number): ResponsiveImage {
  const set = (format: PhotoFormat) =>
    row.widths.map((w) => `${photoUrl(row.id, role, w, format)} ${w}w`).join(", ");
  const smallest = row.widths[row.widths.length - 1]!;
  return {
    src: photoUrl(row.id, role, row.widths[Math.min(1, row.widths.length - 1)]!, "webp"),
    thumb: photoUrl(row.id, role, smallest, "webp"),
    webpSrcSet: set("webp"),
    avifSrcSet: set("avif"),
    width,
    height,
    alt:
      role === "before" ? t.beforeAlt(row.caption) : row.beforeWidth ? t.afterAlt(row.caption) : row.caption,
  };
}

/** The 'after' image of a stored photo with the alternative text of where it is placed (ADR 106). */
export function placedImage(row: Pick<PhotoRow, "id" | "widths" | "width" | "height">, alt: string) {
  const set = (format: PhotoFormat) =>
    row.widths.map((w) => `${photoUrl(row.id, "after", w, format)} ${w}w`).join(", ");
  return {
    src: photoUrl(row.id, "after", row.widths[Math.min(1, row.widths.length - 1)]!, "webp"),
    avifSrcSet: set("avif"),
    webpSrcSet: set("webp"),
    width: row.width,
    height: row.height,
    alt,
  };
}
export type PlacedImage = ReturnType<typeof placedImage>;

/** A stored photo as the gallery shows it. */
export function photoGalleryItem(row: PhotoRow): GalleryItem {
  return {
    key: row.id,
    caption: row.caption,
    openLabel: `Agrandir la photo « ${row.caption} »`,
    image: responsive(row, "after", row.width, row.height),
    before:
      row.beforeWidth && row.beforeHeight
        ? responsive(row, "before", row.beforeWidth, row.beforeHeight)
        : undefined,
  };
}

const uuid = z.uuid(adminMessages.common.invalidRequest);

/** The text fields of the upload form (the files are checked by the server's sharp). */
export const PhotoFormSchema = z.object({
  caption: refuseNul(
    z
      .string({ error: t.captionRequired })
      .trim()
      .min(1, t.captionRequired)
      .max(CAPTION_MAX, t.captionTooLong(CAPTION_MAX)),
  ),
  zoneId: z
    .union([z.literal(""), z.uuid(t.zoneInvalid)])
    .optional()
    .transform((value) => (value ? value : null)),
  publish: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});
export type PhotoForm = z.output<typeof PhotoFormSchema>;

export const PhotoIdSchema = z.object({ id: uuid });
export const PhotoMoveSchema = z.object({ id: uuid, direction: z.enum(["up", "down"]) });
export const PhotoPublishSchema = z.object({
  id: uuid,
  published: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** Types the browser may declare; the server reads the real format from the bytes (sharp). */
export const PHOTO_ACCEPT = ["image/jpeg", "image/png", "image/webp"] as const;
const MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

const photoFile = z
  .file({ error: t.fileRequired })
  .max(PHOTO_MAX_BYTES, t.fileTooLarge(MAX_MB))
  .mime([...PHOTO_ACCEPT], t.fileType);

/** The upload form: its fields and its files (an empty file input counts as none). */
export const PhotoUploadSchema = PhotoFormSchema.extend({
  after: photoFile,
  before: photoFile.optional(),
});

import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { upsellOptions } from "./catalog";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { serviceZones } from "./network";

/**
 * A photo of real work for the gallery (ADR 053): an 'after' image and, for a before/after pair,
 * a 'before' one. The uploaded file is never kept: the server stores re-encoded AVIF and WebP
 * copies, without metadata, at `photos/{id}/{after|before}-{width}.{avif|webp}` for each width
 * of `widths` (the widest first).
 */
export const workPhotos = pgTable(
  "work_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caption: text("caption").notNull(),
    zoneId: uuid("zone_id").references(() => serviceZones.id, { onDelete: "set null" }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Null while the photo is a draft; the gallery shows published photos only. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The widths stored for each image, widest first; the first is `width` x `height`. */
    widths: smallint("widths").array().notNull(),
    width: smallint("width").notNull(),
    height: smallint("height").notNull(),
    /** Sizes of the 'before' image when the photo is a pair (same widths), else null. */
    beforeWidth: smallint("before_width"),
    beforeHeight: smallint("before_height"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("work_photos_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    check("work_photos_before_both_or_none", sql`(${t.beforeWidth} is null) = (${t.beforeHeight} is null)`),
    index("work_photos_order_idx").on(t.sortOrder, t.createdAt),
  ],
);

/**
 * Where a photo of the library serves on the public site (ADR 106): the home page's hero, an
 * extra's card or a zone's page, each with its alternative text. `slot` names the place
 * ('hero', 'upsell:{id}', 'zone:{id}') and is the primary key: one photo per place, a new
 * choice replaces the old one (an upsert on the key, safe under concurrent choices). Removing
 * the photo, the extra or the zone removes the row: the drawn image comes back.
 */
export const photoPlacements = pgTable(
  "photo_placements",
  {
    slot: text("slot").primaryKey(),
    kind: text("kind", { enum: ["hero", "upsell", "zone"] }).notNull(),
    upsellId: uuid("upsell_id").references(() => upsellOptions.id, { onDelete: "cascade" }),
    zoneId: uuid("zone_id").references(() => serviceZones.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => workPhotos.id, { onDelete: "cascade" }),
    alt: text("alt").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("photo_placements_kind_known", sql`${t.kind} in ('hero', 'upsell', 'zone')`),
    check(
      "photo_placements_slot_matches",
      sql`${t.slot} = case ${t.kind} when 'hero' then 'hero' when 'upsell' then 'upsell:' || ${t.upsellId}::text when 'zone' then 'zone:' || ${t.zoneId}::text end`,
    ),
    check(
      "photo_placements_one_target",
      sql`(${t.kind} = 'upsell') = (${t.upsellId} is not null) and (${t.kind} = 'zone') = (${t.zoneId} is not null)`,
    ),
    check("photo_placements_alt_present", sql`length(btrim(${t.alt})) between 1 and 250`),
    index("photo_placements_photo_idx").on(t.photoId),
  ],
);

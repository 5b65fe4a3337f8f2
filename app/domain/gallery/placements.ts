import { photosMessages } from "~/lib/messages/photos.fr";
import { adminMessages } from "~/lib/messages/admin.fr";
import { refuseNul, z } from "~/lib/zod-fr";

/**
 * Where a photo of the library serves on the public site (ADR 106): the home page's hero, an
 * extra's card, a zone's page. A place is named by its slot: 'hero', 'upsell:{id}', 'zone:{id}'
 * (the primary key of photo_placements: one photo per place).
 */
const t = photosMessages;

export const PLACEMENT_KINDS = ["hero", "upsell", "zone"] as const;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];
export type Placement =
  | { kind: "hero"; slot: "hero" }
  | { kind: "upsell"; slot: string; upsellId: string }
  | { kind: "zone"; slot: string; zoneId: string };

/** The longest alternative text kept (the database checks it too). */
export const ALT_MAX = 250;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The slot of a place. */
export function placementSlot(kind: PlacementKind, targetId?: string): string {
  return kind === "hero" ? "hero" : `${kind}:${targetId}`;
}

/** The place a slot names, or null when it names none. */
export function parseSlot(slot: string): Placement | null {
  if (slot === "hero") return { kind: "hero", slot };
  const match = /^(upsell|zone):(.+)$/.exec(slot);
  if (!match || !UUID.test(match[2]!)) return null;
  const id = match[2]!.toLowerCase();
  return match[1] === "upsell"
    ? { kind: "upsell", slot: `upsell:${id}`, upsellId: id }
    : { kind: "zone", slot: `zone:${id}`, zoneId: id };
}

/** Choosing a place for a photo: the photo, the place and its alternative text. */
export const PhotoPlaceSchema = z.object({
  id: z.uuid(adminMessages.common.invalidRequest),
  slot: z
    .string({ error: t.placementRequired })
    .min(1, t.placementRequired)
    .transform((value, ctx) => {
      const placement = parseSlot(value);
      if (!placement) {
        ctx.addIssue({ code: "custom", message: t.placementInvalid });
        return z.NEVER;
      }
      return placement;
    }),
  alt: refuseNul(
    z.string({ error: t.altRequired }).trim().min(1, t.altRequired).max(ALT_MAX, t.altTooLong(ALT_MAX)),
  ),
});

/** Removing a photo from a place. */
export const PhotoUnplaceSchema = z.object({
  slot: z.string().transform((value, ctx) => {
    const placement = parseSlot(value);
    if (!placement) {
      ctx.addIssue({ code: "custom", message: adminMessages.common.invalidRequest });
      return z.NEVER;
    }
    return placement;
  }),
});

import { describe, expect, it } from "vitest";
import { ALT_MAX, parseSlot, PhotoPlaceSchema, placementSlot } from "./placements";

const ID = "0b5f6a52-2d8a-4c1e-9a3b-7f1c2d3e4f50";

describe("the places of the site a photo serves (ADR 106)", () => {
  it("names each place by a slot, and reads it back", () => {
    expect(placementSlot("hero")).toBe("hero");
    expect(placementSlot("upsell", ID)).toBe(`upsell:${ID}`);
    expect(parseSlot("hero")).toEqual({ kind: "hero", slot: "hero" });
    expect(parseSlot(`zone:${ID.toUpperCase()}`)).toEqual({ kind: "zone", slot: `zone:${ID}`, zoneId: ID });
    expect(parseSlot(`upsell:${ID}`)).toEqual({ kind: "upsell", slot: `upsell:${ID}`, upsellId: ID });
    for (const bad of ["", "heroes", "zone:", "zone:42", `shop:${ID}`, `upsell:${ID}x`]) {
      expect(parseSlot(bad), bad).toBeNull();
    }
  });

  it("requires a place and an alternative text, trimmed, of at most 250 characters", () => {
    const ok = PhotoPlaceSchema.safeParse({ id: ID, slot: "hero", alt: "  Une berline au soleil " });
    expect(ok.success && ok.data.alt).toBe("Une berline au soleil");
    const messages = (input: object) =>
      PhotoPlaceSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ id: ID, slot: "", alt: "Une auto" })).toEqual(["Veuillez choisir un endroit."]);
    expect(messages({ id: ID, slot: "zone:nope", alt: "Une auto" })).toEqual(["Cet endroit n'existe plus."]);
    expect(messages({ id: ID, slot: "hero" })).toEqual(["Veuillez écrire le texte de remplacement."]);
    expect(messages({ id: ID, slot: "hero", alt: "x".repeat(ALT_MAX + 1) })).toEqual([
      "Le texte de remplacement doit faire au plus 250 caractères.",
    ]);
  });
});

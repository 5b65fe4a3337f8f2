import { describe, expect, it } from "vitest";
import { placedImage } from "~/domain/gallery/photos";
import { heroImage, heroPreload, HERO_MAIN } from "./hero-images";

const ID = "0b5f6a52-2d8a-4c1e-9a3b-7f1c2d3e4f50";

describe("the hero's large image (ADR 106)", () => {
  it("gives the hero the chosen photo at the drawn image's sizes, or the drawn image", () => {
    const photo = placedImage({ id: ID, widths: [1600, 800, 400], width: 1600, height: 1067 }, "Un VUS");
    expect(photo).toEqual({
      src: `/photos/${ID}/after-800.webp`,
      avifSrcSet: `/photos/${ID}/after-1600.avif 1600w, /photos/${ID}/after-800.avif 800w, /photos/${ID}/after-400.avif 400w`,
      webpSrcSet: `/photos/${ID}/after-1600.webp 1600w, /photos/${ID}/after-800.webp 800w, /photos/${ID}/after-400.webp 400w`,
      width: 1600,
      height: 1067,
      alt: "Un VUS",
    });
    expect(heroImage(null)).toBe(HERO_MAIN);
    expect(heroImage(photo)).toEqual({ ...photo, sizes: HERO_MAIN.sizes });
    expect(heroPreload(heroImage(photo))).toMatchObject({
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: photo.avifSrcSet,
      fetchPriority: "high",
    });
    // A narrow photo keeps its own widths: nothing is enlarged.
    expect(placedImage({ id: ID, widths: [900, 800, 400], width: 900, height: 600 }, "x").src).toBe(
      `/photos/${ID}/after-800.webp`,
    );
  });
});

import type { PlacedImage } from "~/domain/gallery/photos";

/**
 * The two hero illustrations drawn by scripts/generate-hero-images.mjs into public/hero/, each in
 * three widths, in AVIF and WebP. `sizes` follows the hero's layout (hero.tsx): below `lg` the
 * visual spans the page (up to 36rem); from `lg` it takes the second of two columns
 * (1.05fr 1fr, gap 3rem) of the max-w-6xl page, 523 px at most; the inset is 38 % of it.
 */
export interface HeroImage {
  /** The WebP fallback for browsers that pick no source. */
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
  sizes: string;
  /** Intrinsic size: the box is reserved before the file arrives (no layout shift). */
  width: number;
  height: number;
  alt: string;
}

function srcSets(name: string, widths: readonly number[]) {
  const set = (format: string) =>
    widths
      .map((width, index) => `/hero/${name}${index === 0 ? "" : `-${width}`}.${format} ${width}w`)
      .join(", ");
  return { avifSrcSet: set("avif"), webpSrcSet: set("webp") };
}

/** The large image, the page's largest paint: preloaded by the home route's `links`. */
export const HERO_MAIN: HeroImage = {
  src: "/hero/hero-1-800.webp",
  ...srcSets("hero-1", [1600, 800, 400]),
  sizes: "(min-width: 1152px) 523px, (min-width: 1024px) 47vw, (min-width: 608px) 576px, calc(100vw - 2rem)",
  width: 1600,
  height: 1000,
  alt: "Un laveur en polo bleu savonne à la main une berline bleue dans l'entrée d'une maison, au coucher du soleil.",
};

/** The inset image, over the lower corner of the large one. */
export const HERO_DETAIL: HeroImage = {
  src: "/hero/hero-2-400.webp",
  ...srcSets("hero-2", [1000, 800, 400]),
  sizes: "(min-width: 1152px) 199px, (min-width: 1024px) 18vw, (min-width: 608px) 219px, 37vw",
  width: 1000,
  height: 1000,
  alt: "Un esthéticien automobile polit la portière d'une voiture rouge avec une polisseuse orbitale.",
};

/**
 * The hero's large image: the photo the admin chose for it (ADR 106), at the drawn image's
 * `sizes`, or the drawn image of a fresh install.
 */
export function heroImage(photo: PlacedImage | null): HeroImage {
  return photo ? { ...photo, sizes: HERO_MAIN.sizes } : HERO_MAIN;
}

/**
 * The preload of the hero's large image, the page's largest paint: fetched with the HTML, at
 * the width the layout needs. Browsers without AVIF skip it (type) and load the WebP as usual.
 * A route `meta` descriptor (a `link`): unlike `links`, `meta` sees the loader's data.
 */
export function heroPreload(image: HeroImage) {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: image.avifSrcSet,
    imageSizes: image.sizes,
    fetchPriority: "high",
  } as const;
}

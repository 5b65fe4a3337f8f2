/**
 * What the gallery, its viewer and the home teaser show (ADR 053): the published photos of real
 * work, in AVIF and WebP at several widths, then (with demo accounts on) the 17 drawn images of
 * `scripts/generate-images.mjs` in public/gallery/, each in three WebP widths:
 * {n}-thumb.webp (400), {n}-600.webp and {n}.webp (1200).
 */

export const GALLERY_IMAGE_COUNT = 17;

/** One image in several widths, for the browser to pick from with `sizes`. */
export interface ResponsiveImage {
  /** The WebP fallback for browsers that pick no source. */
  src: string;
  /** Smallest WebP, for tiles before the browser has chosen. */
  thumb: string;
  webpSrcSet: string;
  /** Absent for the drawn demo images (WebP only). */
  avifSrcSet?: string;
  /** Intrinsic size of the widest file, given to every <img> so that nothing shifts while it loads. */
  width: number;
  height: number;
  alt: string;
}

export interface GalleryItem {
  /** Stable key: the photo's id, or 'demo-{n}'. */
  key: string;
  caption: string;
  /** The tile's accessible name. */
  openLabel: string;
  /** The photo, or the 'after' image of a pair. */
  image: ResponsiveImage;
  /** The 'before' image of a before/after pair. */
  before?: ResponsiveImage;
}

/** The drawn images, shown only as demo content (demo accounts on). */
export const DEMO_GALLERY_ITEMS: readonly GalleryItem[] = Array.from(
  { length: GALLERY_IMAGE_COUNT },
  (_, i) => {
    const id = i + 1;
    return {
      key: `demo-${id}`,
      caption: `Réalisation ${id}`,
      openLabel: `Agrandir la réalisation ${id}`,
      image: {
        src: `/gallery/${id}.webp`,
        thumb: `/gallery/${id}-thumb.webp`,
        webpSrcSet: `/gallery/${id}-thumb.webp 400w, /gallery/${id}-600.webp 600w, /gallery/${id}.webp 1200w`,
        alt: `Réalisation ${id}`,
        width: 1200,
        height: 900,
      },
    };
  },
);

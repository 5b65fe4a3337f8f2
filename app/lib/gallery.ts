/**
 * The gallery's images, drawn by `scripts/generate-images.mjs` into public/gallery/ (spec section 3,
 * 'Gallery image'). Each exists in three widths: {n}-thumb.webp (400), {n}-600.webp and {n}.webp (1200).
 */

export const GALLERY_IMAGE_COUNT = 17;

export interface GalleryImage {
  /** 1 to 17. */
  id: number;
  /** The largest file, 1200x900. */
  src: string;
  alt: string;
  /** Intrinsic size of `src`, given to every <img> so that nothing shifts while it loads. */
  width: number;
  height: number;
  /** The three widths, for the browser to pick from with `sizes`. */
  srcSet: string;
}

export const GALLERY_IMAGES: readonly GalleryImage[] = Array.from({ length: GALLERY_IMAGE_COUNT }, (_, i) => {
  const id = i + 1;
  return {
    id,
    src: `/gallery/${id}.webp`,
    alt: `Réalisation ${id}`,
    width: 1200,
    height: 900,
    srcSet: `/gallery/${id}-thumb.webp 400w, /gallery/${id}-600.webp 600w, /gallery/${id}.webp 1200w`,
  };
});

import type { PlacedImage } from "~/domain/gallery/photos";
import { cn } from "~/lib/utils";

/**
 * A photo the admin chose for a place of the site (ADR 106), in AVIF or WebP at the width the
 * layout needs (`sizes`), its intrinsic size reserving the box (no layout shift), loaded lazily
 * (the hero, the one eager image, has its own picture).
 */
export function PlacedPicture({
  image,
  sizes,
  className,
}: {
  image: PlacedImage;
  sizes: string;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.webpSrcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading="lazy"
        decoding="async"
        className={cn("h-auto", className)}
      />
    </picture>
  );
}

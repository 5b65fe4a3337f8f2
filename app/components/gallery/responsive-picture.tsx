import type { ComponentProps } from "react";
import type { ResponsiveImage } from "~/lib/gallery";

/**
 * A <picture>: AVIF first when the image has it, WebP otherwise; the <img> carries the size
 * (nothing shifts while it loads), the alt text and the WebP set for browsers that pick no source.
 */
export function ResponsivePicture({
  image,
  sizes,
  src,
  ...img
}: { image: ResponsiveImage; sizes: string; src?: string } & Omit<
  ComponentProps<"img">,
  "srcSet" | "sizes" | "alt" | "width" | "height"
>) {
  return (
    <picture className="contents">
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      {image.avifSrcSet ? <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} /> : null}
      <img
        src={src ?? image.src}
        srcSet={image.webpSrcSet}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        {...img}
      />
    </picture>
  );
}

import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { GALLERY_IMAGES } from "~/lib/gallery";

import { SectionHeading } from "./section-heading";

const TEASER_IMAGES = GALLERY_IMAGES.slice(0, 6);
/** Two columns on phones, three from `md`, inside max-w-6xl (72rem) with 1rem of padding. */
const TEASER_SIZES = "(min-width: 1152px) 363px, (min-width: 768px) 31vw, 46vw";

/** The 'gallery' section: a few of our results, and the way to the full gallery. */
export function GalleryTeaser() {
  return (
    <section
      id="gallery"
      aria-labelledby="gallery-title"
      className="scroll-mt-24 border-y bg-card py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <SectionHeading id="gallery-title" eyebrow="Galerie" title="Des résultats qui brillent">
            <p>
              Berlines, VUS ou fourgonnettes : voyez ce que nos équipes accomplissent, sans que vous ayez à
              bouger.
            </p>
          </SectionHeading>
          <Button asChild variant="outline" size="lg" className="self-start md:self-auto">
            <Link to="/gallery">
              Voir toute la galerie
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
          {TEASER_IMAGES.map((image) => (
            <li key={image.id}>
              <img
                src={`/gallery/${image.id}-thumb.webp`}
                srcSet={image.srcSet}
                sizes={TEASER_SIZES}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] h-auto w-full rounded-lg border bg-muted object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

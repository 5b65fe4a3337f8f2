import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { ResponsivePicture } from "~/components/gallery/responsive-picture";
import { Button } from "~/components/ui/button";
import type { GalleryItem } from "~/lib/gallery";

import { SectionHeading } from "./section-heading";

/** How many photos the home page shows. */
export const TEASER_COUNT = 6;
/** Two columns on phones, three from `md`, inside max-w-6xl (72rem) with 1rem of padding. */
const TEASER_SIZES = "(min-width: 1152px) 363px, (min-width: 768px) 31vw, 46vw";

/** The 'gallery' section: a few of our results, and the way to the full gallery (none: no section). */
export function GalleryTeaser({ items }: { items: readonly GalleryItem[] }) {
  if (items.length === 0) return null;
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
          {items.slice(0, TEASER_COUNT).map((item) => (
            <li key={item.key}>
              <ResponsivePicture
                image={item.image}
                src={item.image.thumb}
                sizes={TEASER_SIZES}
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

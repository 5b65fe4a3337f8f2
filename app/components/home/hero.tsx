import { ArrowDown, CalendarPlus, MapPin } from "lucide-react";
import { useRef, type ComponentProps } from "react";
import { Link } from "react-router";

import { StartBookingLink } from "~/components/layout/start-booking-link";
import { Button } from "~/components/ui/button";
import { formatList, formatMoney } from "~/lib/format";
import { cn } from "~/lib/utils";

import type { PlacedImage } from "~/domain/gallery/photos";

import { HERO_DETAIL, heroImage, type HeroImage } from "./hero-images";
import { HeroImageProgress } from "./hero-image-progress";
import { RotatingBadges } from "./rotating-badges";

/**
 * An illustration in AVIF, or WebP for browsers without AVIF. Inside <picture>, React leaves the
 * preload to the route's `links`, which preloads only the large image.
 */
function HeroPicture({
  image,
  className,
  ...props
}: { image: HeroImage; className: string } & Pick<ComponentProps<"img">, "fetchPriority" | "decoding">) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={image.sizes} />
      <img
        src={image.src}
        srcSet={image.webpSrcSet}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className={cn("h-auto", className)}
        {...props}
      />
    </picture>
  );
}

/**
 * The 'home' section: title, promise, highlights, the booking call to action and the large
 * image (with the drawn inset while the image is the drawn one). Everything but the illustrations is text in the server's HTML.
 */
export function Hero({
  areas,
  fromPriceCents,
  photo,
}: {
  areas: string[];
  fromPriceCents: number | null;
  /** The photo the admin chose for the hero, or null: the drawn image (ADR 106). */
  photo: PlacedImage | null;
}) {
  const image = heroImage(photo);
  // A real photo stands alone: the drawn inset belongs with the drawn image.
  const drawn = photo === null;
  const frameRef = useRef<HTMLDivElement>(null);

  return (
    <section id="home" aria-labelledby="home-title" className="relative isolate scroll-mt-24 overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-b from-accent/70 via-background to-background"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-20 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-24">
        <div>
          {areas.length > 0 ? (
            <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-muted-foreground">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {`À domicile ou au bureau, à ${formatList(areas)}`}
            </p>
          ) : null}
          <h1
            id="home-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem] lg:leading-[1.05]"
          >
            Le lavage d'auto haut de gamme qui vient à vous
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-muted-foreground">
            Nos équipes lavent votre véhicule à la main, intérieur et extérieur, pendant que vous travaillez
            ou profitez de votre journée. Vous réservez en ligne, nous apportons l'équipement et les produits.
          </p>
          <RotatingBadges className="mt-6" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-12 px-7">
              <StartBookingLink role="button">
                <CalendarPlus aria-hidden="true" className="size-5" />
                Réserver maintenant
              </StartBookingLink>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-12 px-7">
              <Link to="/#services">
                Voir nos services
                <ArrowDown aria-hidden="true" className="size-5" />
              </Link>
            </Button>
          </div>
          {fromPriceCents === null ? null : (
            <p className="mt-4 text-sm text-muted-foreground">
              À partir de{" "}
              <strong className="font-semibold text-foreground">{formatMoney(fromPriceCents)}</strong> par
              véhicule, taxes en sus. Aucuns frais de déplacement.
            </p>
          )}
        </div>

        <div ref={frameRef} className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <HeroPicture
            image={image}
            fetchPriority="high"
            className="aspect-[8/5] w-full rounded-2xl border bg-muted object-cover shadow-xl"
          />
          {drawn ? (
            <HeroPicture
              image={HERO_DETAIL}
              decoding="async"
              className="absolute -bottom-10 -left-3 aspect-square w-[38%] rounded-2xl border-4 border-background bg-muted object-cover shadow-xl sm:-left-6"
            />
          ) : null}
          <HeroImageProgress frameRef={frameRef} total={drawn ? 2 : 1} />
        </div>
      </div>
    </section>
  );
}

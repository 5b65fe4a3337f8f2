import { CalendarCheck, Expand } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import { ResponsivePicture } from "~/components/gallery/responsive-picture";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { BUSINESS } from "~/lib/business";
import { galleryMessages } from "~/lib/messages/gallery.fr";
import { photosMessages } from "~/lib/messages/photos.fr";
import { cn } from "~/lib/utils";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { galleryItems } from "~/server/services/gallery/gallery-items.server";
import type { Route } from "./+types/gallery";

// The full-screen viewer and its dialog library (Radix) load on the first tile a visitor opens, or
// when a pointer or the focus comes onto a tile, not with the page (ADR 054).
const loadViewer = () => import("~/components/gallery/gallery-viewer");
const GalleryViewer = lazy(() => loadViewer().then((module) => ({ default: module.GalleryViewer })));

const t = galleryMessages;

/** docs/product.md, section 9: the gallery shows a simulated loading state for 500 ms. */
const SIMULATED_LOADING_MS = 500;
/** Tiles above the fold on most screens load at once; the others wait until they come near. */
const EAGER_TILES = 4;
/** Rendered tile widths: 1 column on phones, 2 from sm, 3 from md, 4 from xl (max-w-7xl, px-4, gap-4). */
const TILE_SIZES = "(min-width: 1280px) 300px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

export async function loader() {
  return { items: await galleryItems(getDb()) };
}

/** The first tile is the largest paint on a phone: fetch it with the HTML (AVIF when it has one). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const items = loaderData?.items ?? [];
  const first = items[0]?.image;
  return [
    ...seoMeta({
      title: t.title,
      description: `Voyez le résultat de nos lavages et soins esthétiques à domicile ou au bureau : ${items.length} réalisations de ${BUSINESS.name}, à Granby, Sherbrooke et Gatineau.`,
      path: "/gallery",
      origin: originFrom(matches),
      image: first?.src,
    }),
    ...(first
      ? [
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            ...(first.avifSrcSet ? { type: "image/avif" } : {}),
            href: first.avifSrcSet ? undefined : first.thumb,
            imageSrcSet: first.avifSrcSet ?? first.webpSrcSet,
            imageSizes: TILE_SIZES,
            fetchPriority: "high",
          },
        ]
      : []),
  ];
};

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  /*
   * The 500 ms loading state of the spec, without slowing the page: the server HTML already holds the
   * grid with its images (width and height set, so nothing shifts), which lets the browser fetch and
   * paint them, and the largest image counts for LCP as soon as it arrives. During the simulated
   * delay, which starts once the page is interactive, the text 'Chargement des images...' is announced
   * (role=status) and a pulsing veil covers the tiles; the veil then fades out on images already there.
   */
  const [loading, setLoading] = useState(true);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const openerIndex = useRef(0);
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), SIMULATED_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);

  /** Mounted from the first opening on, so that it closes and reopens as one dialog. */
  const [viewerWanted, setViewerWanted] = useState(false);

  function openViewer(index: number) {
    openerIndex.current = index;
    setViewerWanted(true);
    setOpenIndex(index);
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {t.title}
        </h1>
        <p className="mt-3 text-base leading-7 text-muted-foreground sm:text-lg">
          Des véhicules lavés, polis et protégés directement à la maison ou au bureau. Parcourez quelques-unes
          de nos réalisations, puis sélectionnez une image pour l'agrandir.
        </p>
      </header>

      <p role="status" className="mt-8 flex min-h-6 items-center gap-2 text-sm text-muted-foreground">
        {loading ? (
          <>
            <Spinner label={null} />
            {t.loading}
          </>
        ) : items.length === 0 ? (
          photosMessages.galleryEmpty
        ) : (
          t.loaded(items.length)
        )}
      </p>

      <ul
        aria-busy={loading}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
      >
        {items.map((item, index) => (
          <li key={item.key} className="grid content-start gap-2">
            <button
              ref={(element) => {
                tileRefs.current[index] = element;
              }}
              type="button"
              aria-label={item.openLabel}
              disabled={loading}
              onClick={() => openViewer(index)}
              onPointerEnter={() => void loadViewer()}
              onFocus={() => void loadViewer()}
              className="group relative block w-full overflow-hidden rounded-lg border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-progress"
            >
              <ResponsivePicture
                image={item.image}
                src={item.image.thumb}
                sizes={TILE_SIZES}
                loading={index < EAGER_TILES ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                decoding="async"
                className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
              <span
                aria-hidden="true"
                className={cn(
                  "absolute inset-0 bg-muted transition-opacity duration-300 motion-reduce:transition-none",
                  loading ? "animate-pulse opacity-80 motion-reduce:animate-none" : "opacity-0",
                )}
              />
              {item.before ? (
                <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white">
                  {photosMessages.pair}
                </span>
              ) : null}
              <span
                aria-hidden="true"
                className="absolute right-2 bottom-2 inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
              >
                <Expand className="size-4" />
              </span>
            </button>
            {item.key.startsWith("demo-") ? null : (
              <p className="text-sm leading-snug text-foreground">{item.caption}</p>
            )}
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="galerie-reserver"
        className="mt-12 flex flex-col items-start gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div>
          <h2 id="galerie-reserver" className="text-xl font-semibold tracking-tight sm:text-2xl">
            Votre véhicule, le prochain sur la liste?
          </h2>
          <p className="mt-1 text-muted-foreground">
            Nous nous déplaçons chez vous, en 90 minutes en moyenne.
          </p>
        </div>
        <Button asChild size="lg">
          <Link to="/#services">
            <CalendarCheck aria-hidden="true" />
            {t.book}
          </Link>
        </Button>
      </section>

      {viewerWanted ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/95 text-white">
              <Spinner className="size-8" />
            </div>
          }
        >
          <GalleryViewer
            images={items}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              tileRefs.current[openerIndex.current]?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

import { ContactSection } from "~/components/contact/contact-section";
import { AboutSection } from "~/components/home/about-section";
import { FranchiseSection } from "~/components/home/franchise-section";
import { GalleryTeaser, TEASER_COUNT } from "~/components/home/gallery-teaser";
import { Hero } from "~/components/home/hero";
import { heroImage, heroPreload } from "~/components/home/hero-images";
import { placedPhoto } from "~/server/services/gallery/placements.server";
import { ReviewsSection, reviewsJsonLd, type ShownReview } from "~/components/home/reviews-section";
import { ServicesSection, type HomeService } from "~/components/home/services-section";
import { useHashScroll } from "~/components/home/use-hash-scroll";
import { BUSINESS } from "~/lib/business";
import { formatList, formatMoney } from "~/lib/format";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listPublishedReviews, reviewSummary } from "~/server/services/reviews/reviews.server";
import { galleryItems } from "~/server/services/gallery/gallery-items.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import type { Route } from "./+types/home";

function lowestPrice(services: readonly HomeService[]): number | null {
  return services.length > 0 ? Math.min(...services.map((service) => service.basePriceCents)) : null;
}

function description(areas: readonly string[], fromPriceCents: number | null): string {
  const where = areas.length > 0 ? `à ${formatList(areas)}` : "au Québec";
  const price = fromPriceCents === null ? "" : `, ${formatMoney(fromPriceCents)} par véhicule`;
  return `Lavage d'auto haut de gamme à domicile ou au bureau ${where} : lavage à la main, intérieur et extérieur${price}. Réservez en ligne.`;
}

/** schema.org data of the business for search engines: contact, served cities and prices. */
function businessJsonLd(
  origin: string,
  services: readonly HomeService[],
  areas: readonly string[],
  reviews: { latest: readonly ShownReview[]; summary: { average: number | null; count: number } },
) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${origin}/#entreprise`,
    name: BUSINESS.name,
    description: description(areas, lowestPrice(services)),
    url: `${origin}/`,
    image: `${origin}/og-image.webp`,
    telephone: BUSINESS.phoneHref,
    email: BUSINESS.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.city,
      addressRegion: "QC",
      postalCode: BUSINESS.address.postalCode,
      addressCountry: "CA",
    },
    areaServed: areas.map((name) => ({ "@type": "City", name })),
    sameAs: Object.values(BUSINESS.social),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Lavage d'auto à domicile",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        price: (service.basePriceCents / 100).toFixed(2),
        priceCurrency: "CAD",
        itemOffered: { "@type": "Service", name: service.name, description: service.description },
      })),
    },
    ...reviewsJsonLd(reviews.latest, reviews.summary),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFrom(matches);
  const services = loaderData?.services ?? [];
  const areas = loaderData?.servedAreas ?? [];
  const reviews = loaderData?.reviews ?? { latest: [], summary: { average: null, count: 0 } };
  return [
    ...seoMeta({
      title: "Lavage d'auto à domicile au Québec",
      description: description(areas, lowestPrice(services)),
      path: "/",
      origin,
    }),
    { "script:ld+json": businessJsonLd(origin, services, areas, reviews) },
    // The hero's large image, the page's largest paint (the chosen photo or the drawn image).
    heroPreload(heroImage(loaderData?.hero ?? null)),
  ];
};

export async function loader() {
  const db = getDb();
  const [services, zones, latest, summary, gallery, hero] = await Promise.all([
    listActiveServices(db),
    listZones(db),
    listPublishedReviews(db, { limit: 6 }),
    reviewSummary(db),
    galleryItems(db, { limit: TEASER_COUNT }),
    placedPhoto(db, "hero"),
  ]);
  return {
    services,
    /** The latest published reviews of the network, with the average and count (ADR 049). */
    reviews: { latest, summary },
    /** The gallery teaser's photos (published photos first, drawn ones in demo mode). */
    gallery,
    /** The photo the admin chose for the hero (ADR 106), or null: the drawn image stays. */
    hero,
    /** Bookable zones, for 'areas served'. */
    servedAreas: zones.filter((zone) => zone.status === "active").map((zone) => zone.zoneName),
    /** Zones waiting for a franchise partner. */
    openZones: zones.filter((zone) => zone.status === "seeking_franchisee").map((zone) => zone.zoneName),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { services, servedAreas, openZones, reviews, gallery, hero } = loaderData;
  useHashScroll();
  return (
    <>
      <Hero areas={servedAreas} fromPriceCents={lowestPrice(services)} photo={hero} />
      <AboutSection />
      <ServicesSection services={services} />
      <GalleryTeaser items={gallery} />
      <ReviewsSection reviews={reviews.latest} summary={reviews.summary} />
      <FranchiseSection openZones={openZones} />
      <ContactSection />
    </>
  );
}

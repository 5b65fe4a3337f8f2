import { BUSINESS } from "./business";

export interface SeoInput {
  /** The page's own title; the brand is appended. */
  title: string;
  description: string;
  /** The path of the canonical URL, e.g. '/gallery'. */
  path: string;
  /** PUBLIC_URL, from the root loader (see `originFrom`). */
  origin: string;
  /** An absolute or root-relative image for sharing. */
  image?: string;
  /** Dashboards and forms are not indexed. */
  noindex?: boolean;
}

/** French title, description, canonical URL and Open Graph tags of a public page. */
export function seoMeta({ title, description, path, origin, image = "/og-image.webp", noindex }: SeoInput) {
  const fullTitle = `${title} | ${BUSINESS.name}`;
  const url = `${origin}${path}`;
  const imageUrl = image.startsWith("http") ? image : `${origin}${image}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "fr_CA" },
    { property: "og:site_name", content: BUSINESS.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** PUBLIC_URL as the root loader exposes it to every meta function. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

import { env } from "~/server/env.server";
import { PRIVATE_PATHS } from "~/server/services/seo/list-public-pages.server";

/** /robots.txt: everything public is open; dashboards and private pages are not. */
export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${env().PUBLIC_URL}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

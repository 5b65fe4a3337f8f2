import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { listPublicPages } from "~/server/services/seo/list-public-pages.server";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** /sitemap.xml: the public pages with absolute URLs from PUBLIC_URL. */
export async function loader() {
  const origin = env().PUBLIC_URL;
  const pages = await listPublicPages(getDb());
  const urls = pages.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import { startServer, type RunningServer } from "./server";

const yearInQuebec = () => instantToZonedParts(new Date(), BUSINESS_TIME_ZONE).date.slice(0, 4);

describe("search engines", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: "https://lavage.example" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists the public pages and the active zones in /sitemap.xml with PUBLIC_URL", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    for (const path of [
      "/",
      "/gallery",
      "/terms",
      "/privacy-policy",
      "/franchise/granby",
      "/franchise/gatineau",
    ]) {
      expect(xml).toContain(`<loc>https://lavage.example${path}</loc>`);
    }
    expect(xml).not.toContain("trois-rivieres");
    expect(xml).not.toContain("/admin");
  });

  it("keeps dashboards out in /robots.txt and points to the sitemap", async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    for (const path of ["/admin", "/franchisee", "/client", "/auth"])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain("Sitemap: https://lavage.example/sitemap.xml");
  });

  it("gives public pages a French title, a description, a canonical URL and Open Graph tags", async () => {
    for (const path of ["/gallery", "/terms", "/privacy-policy"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/<title>[^<]+ \| Lavage Mobile Prestige<\/title>/);
      expect(html, path).toContain('<meta name="description"');
      expect(html, path).toContain(`<link rel="canonical" href="https://lavage.example${path}"/>`);
      expect(html, path).toContain('<meta property="og:locale" content="fr_CA"/>');
    }
    const terms = await (await fetch(`${server.url}/terms-and-conditions`)).text();
    expect(terms).toContain('<link rel="canonical" href="https://lavage.example/terms"/>');
  });

  it("signs the footer with the current year where the business is, not a year written once", async () => {
    const before = yearInQuebec();
    const html = await (await fetch(`${server.url}/terms`)).text();
    const after = yearInQuebec();
    const signed = /© (\d{4}) Lavage Mobile Prestige\. Tous droits réservés\./.exec(html)?.[1];
    expect([before, after]).toContain(signed);
  });
});

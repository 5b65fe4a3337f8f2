import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";

/** Names of the testimonials the site once made up (app/lib/testimonials.ts, removed in issue 17). */
const INVENTED = ["Marie-Ève Tremblay", "Jean-François Gagnon", "Sophie Lavoie", "Karim Haddad"];

describe("reviews with demo accounts off (ADR 049)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DEMO_ACCOUNTS: "" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the home page shows no invented review: it says there is none yet and invites the first customers", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('id="reviews"');
    expect(html).toContain("Aucun avis pour l&#x27;instant.");
    for (const name of INVENTED) expect(html).not.toContain(name);
    expect(html).not.toContain("AggregateRating");
    expect(html).not.toContain('data-testid="reviews-summary"');
  });

  it("a zone page says the same, and a review link without its signature opens nothing", async () => {
    const zone = await (await fetch(`${server.url}/franchise/granby`)).text();
    expect(zone).toContain("Les avis laissés par nos clients de Granby");
    expect(zone).toContain("Aucun avis pour l&#x27;instant.");
    const forged = await fetch(`${server.url}/review/abcdefghij?token=${"a".repeat(32)}`);
    expect(forged.status).toBe(404);
  });
});

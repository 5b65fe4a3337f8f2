import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInDemoAccounts } from "./demo-server";
import { startServer, type RunningServer } from "./server";

/**
 * Every intent of every admin action refuses anyone but the admin role: anonymous visitors,
 * clients and franchisees are sent away (docs/product.md, section 6) and their crafted POSTs change
 * nothing. Which role each page and action answers, one request each, is the authorization
 * matrix's (authorization-matrix.test.ts); here each intent is tried, and the admin's own answers.
 */
const OTHERS = ["anonymous", "client", "franchisee"] as const;
type Who = (typeof OTHERS)[number] | "admin";

const PAGES = [
  "/admin",
  "/admin/franchisees",
  "/admin/services",
  "/admin/coverage",
  "/admin/reports",
  "/admin/restock",
  "/admin/jobs",
  "/admin/promo-codes",
  "/admin/conversations",
];
const UUID = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";

/** A POST that each page's action would accept from an admin. */
const POSTS: { path: string; body: Record<string, string> }[] = [
  { path: "/admin/franchisees", body: { intent: "review", applicationId: UUID } },
  { path: "/admin/franchisees", body: { intent: "approve", applicationId: UUID } },
  { path: "/admin/franchisees", body: { intent: "reject", applicationId: UUID } },
  {
    path: "/admin/services",
    body: { intent: "save", name: "Lavage pirate", price: "1,00", durationMinutes: "30" },
  },
  { path: "/admin/services", body: { intent: "active", id: UUID, active: "false" } },
  { path: "/admin/services", body: { intent: "move", id: UUID, direction: "up" } },
  {
    path: "/admin/coverage",
    body: {
      intent: "save",
      zoneName: "Zone pirate",
      routeSlug: "zone-pirate",
      centerLatitude: "48,45",
      centerLongitude: "-68,52",
      serviceRadiusKm: "25",
      status: "seeking_franchisee",
    },
  },
  { path: "/admin/coverage", body: { intent: "delete", id: UUID } },
  { path: "/admin/restock", body: { orderId: UUID, status: "cancelled" } },
  { path: "/admin/jobs", body: { jobId: "1" } },
  {
    path: "/admin/promo-codes",
    body: { intent: "create", code: "PIRATE", kind: "percent", value: "100", minCars: "1" },
  },
  { path: "/admin/promo-codes", body: { intent: "active", id: UUID, active: "false" } },
  { path: "/admin/promo-codes", body: { intent: "winback", days: "14" } },
];

describe("admin route guards", () => {
  let server: RunningServer;
  const cookies = new Map<Who, string>();

  beforeAll(async () => {
    server = await startServer({ DEMO_ACCOUNTS: "1" });
    await signInDemoAccounts(server.url, cookies);
  });

  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, who: Who) =>
    fetch(`${server.url}${path}`, { headers: { cookie: cookies.get(who)! }, redirect: "manual" });
  const post = (path: string, who: Who, body: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        cookie: cookies.get(who)!,
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
      },
      body: new URLSearchParams(body),
      redirect: "manual",
    });

  for (const who of OTHERS) {
    // A signed-out visitor goes to /auth with the page as return address (ADR 042).
    const away = (path: string) =>
      who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/";
    it(`${who}: every admin action redirects away and changes nothing`, async () => {
      for (const { path, body } of POSTS) {
        const res = await post(path, who, body);
        expect(res.status, `${path} ${body.intent ?? ""}`).toBe(302);
        expect(res.headers.get("location")).toBe(away(path));
        const viaData = await post(`${path}.data`, who, body);
        // Single fetch encodes an action's redirect in the body: [{..},"redirect","/","status",302,..]
        expect(viaData.status).toBe(202);
        expect(await viaData.text()).toContain(`"redirect","${away(path)}","status",302`);
      }
      const services = await (await get("/admin/services", "admin")).text();
      expect(services).not.toContain("Lavage pirate");
      const coverage = await (await get("/admin/coverage", "admin")).text();
      expect(coverage).not.toContain("Zone pirate");
    });
  }

  it("admin: every page answers 200, the CSV downloads, and a crafted bad POST gets a French 400", async () => {
    for (const path of PAGES) {
      const res = await get(path, "admin");
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("Propriétaire / CEO");
    }
    const csv = await get("/admin/reports/export?type=restock&months=3", "admin");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reapprovisionnement-a-deduire_/,
    );
    expect(new Uint8Array(await csv.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const bad = await get("/admin/reports/export?type=nope", "admin");
    expect(bad.status).toBe(400);

    const crafted = await post("/admin/services", "admin", {
      intent: "move",
      id: "pas-un-uuid",
      direction: "up",
    });
    expect(crafted.status).toBe(400);
    expect(await crafted.text()).toContain("Requête invalide.");
    const notDead = await post("/admin/jobs", "admin", { jobId: "999999" });
    expect(notDead.status).toBe(409);
    expect(await notDead.text()).toContain("Cette tâche n&#x27;est plus en échec.");
    const saved = await post("/admin/services", "admin", {
      intent: "save",
      name: "Lavage légitime",
      price: "12,34",
      durationMinutes: "30",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/services");
    expect(await (await get("/admin/services", "admin")).text()).toContain("Lavage légitime");
  });
});

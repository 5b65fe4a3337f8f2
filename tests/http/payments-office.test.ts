import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../stripe/stand-in";
import { DEMO_PASSWORD } from "./demo-server";
import { signIn, startServer, type RunningServer } from "./server";

// The back office with Stripe configured (the local stand-in, ADR 073 and 075), over HTTP on the
// production server: the franchisee's hosted Connect onboarding and its return, which reads the
// account's state from Stripe; the admin's zone setting, refused in French then saved.

describe("payments back office with Stripe", () => {
  let standIn: StripeStandIn;
  let server: RunningServer;
  const cookies = new Map<string, string>();
  const get = (who: string, path: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie: cookies.get(who)! }, redirect: "manual" });
  const post = (who: string, path: string, form: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { cookie: cookies.get(who)!, origin: server.url },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startServer({
      DEMO_ACCOUNTS: "1",
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    });
    for (const who of ["franchisee", "admin"]) {
      cookies.set(who, await signIn(server.url, `${who}@example.com`, DEMO_PASSWORD));
    }
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("sends the franchisee to Stripe's hosted onboarding, one account whatever the clicks, and reads its state on return", async () => {
    const before = await (await get("franchisee", "/franchisee/payments")).text();
    expect(before).toContain("Non commencé : vos clients paient sur place.");
    expect(before).toContain("Configurer mon compte Stripe");

    const first = await get("franchisee", "/franchisee/payments/onboarding");
    expect(first.status).toBe(302);
    const link = first.headers.get("location")!;
    expect(link.startsWith(`${standIn.url}/connect/onboarding/`)).toBe(true);
    const second = await get("franchisee", "/franchisee/payments/onboarding");
    expect(second.headers.get("location")).not.toBe(link);
    // One account for the franchisee, a fresh link on every click.
    expect(standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/accounts")).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === "/v1/account_links")).toHaveLength(2);

    // The franchisee finishes the form at Stripe and comes back.
    const done = await fetch(second.headers.get("location")!, { method: "POST", redirect: "manual" });
    expect(done.status).toBe(303);
    const back = done.headers.get("location")!;
    expect(back).toBe(`${server.url}/franchisee/payments?stripe=return`);
    const after = await (await get("franchisee", "/franchisee/payments?stripe=return")).text();
    expect(after).toContain("Actif : Stripe accepte les paiements par carte pour vous.");
    expect(after).toContain("État du compte mis à jour depuis Stripe.");
  });

  it("refuses a zone setting in French at the field at fault, and saves a valid one", async () => {
    const page = await (await get("admin", "/admin/payments")).text();
    const zoneId = /name="zoneId" value="([0-9a-f-]{36})"/.exec(page)![1]!;
    const refused = await post("admin", "/admin/payments", {
      intent: "zone",
      zoneId,
      mode: "deposit",
      depositRule: "percent",
      depositValue: "150",
      lateCancelRule: "deposit",
      noShowRule: "none",
    });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("Entrez un pourcentage entre 0,01 et 100, par exemple 25.");
    // What was typed is kept.
    expect(text).toContain('value="150"');
    const saved = await post("admin", "/admin/payments", {
      intent: "zone",
      zoneId,
      mode: "deposit",
      depositRule: "percent",
      depositValue: "25",
      lateCancelRule: "deposit",
      noShowRule: "fixed",
      noShowValue: "60",
    });
    expect(saved.status).toBe(302);
    const again = await (await get("admin", "/admin/payments")).text();
    expect(again).toContain('value="60,00"');
    // A franchisee cannot post it.
    const franchisee = await post("franchisee", "/admin/payments", {
      intent: "zone",
      zoneId,
      mode: "on_site",
    });
    expect(franchisee.status).toBe(302);
    expect(franchisee.headers.get("location")).toBe("/");
  });
});

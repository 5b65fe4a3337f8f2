import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInDemoAccounts, startDemoServer } from "./demo-server";
import { signUpVerified } from "./mail-folder";
import type { RunningServer } from "./server";

type Other = "anonymous" | "franchisee" | "admin";

const targets = [{ name: "pglite" }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" }] : [])];

for (const target of targets) {
  describe(`customer space over HTTP [${target.name}]`, () => {
    let server: RunningServer;
    let cleanup: (() => Promise<void>) | undefined;
    const cookies = new Map<Other | "client" | "second", string>();
    let rewardIds: string[] = [];

    const get = (path: string, who: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        redirect: "manual",
        headers: { cookie: cookies.get(who as Other) ?? "", ...(init.headers ?? {}) },
      });
    const postForm = (path: string, who: string, fields: Record<string, string>) =>
      get(path, who, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
    const exchange = (who: string, rewardId: string) =>
      get("/api/rewards/exchange", who, {
        method: "POST",
        body: JSON.stringify({ reward_id: rewardId }),
        headers: { "content-type": "application/json", origin: server.url },
      });
    const exportOf = async (who: string) =>
      (await (await get("/client/data.json", who)).json()) as {
        profile: { email: string; lastName: string };
        bookings: { bookingId: string }[];
        loyalty: { points: number };
        rewardRedemptions: unknown[];
      };

    beforeAll(async () => {
      ({ server, cleanup } = await startDemoServer(target.name));
      await signInDemoAccounts(server.url, cookies);
      cookies.set(
        "second",
        await signUpVerified(server, {
          email: "second.client@example.com",
          password: "Second-pass-1",
          firstName: "Second",
          lastName: "Client",
        }),
      );

      const page = await (await get("/client", "client")).text();
      rewardIds = [...page.matchAll(/<button[^>]*name="exchange"[^>]*>/g)].map(
        (m) => /value="([0-9a-f-]{36})"/.exec(m[0])![1]!,
      );
    });

    afterAll(async () => {
      await server?.stop();
      await cleanup?.();
    });

    it("shows the demo client its space: level, points, its two washes, the 4 cheapest rewards", async () => {
      const res = await get("/client", "client");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Mon espace client");
      expect(html).toContain("200 points");
      expect(html).toContain("Bronze");
      expect(html).toContain("Terminé");
      expect(html).toContain("Historique des points");
      expect(rewardIds).toHaveLength(4);
    });

    /** A signed-out visitor goes to /auth with the page as return address (ADR 042); other roles to /. */
    const away = (who: string, path: string) =>
      who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/";
    for (const who of ["anonymous", "franchisee", "admin"] as const) {
      it(`refuses ${who} on the pages, the export, the form actions and the exchange API`, async () => {
        for (const path of [
          "/client",
          "/client/history",
          "/client/data.json",
          "/client/bookings/demohist01",
        ]) {
          const res = await get(path, who);
          expect(res.status, path).toBe(302);
          expect(res.headers.get("location"), path).toBe(away(who, path));
        }
        const action = await postForm("/client", who, { intent: "exchange", reward_id: rewardIds[0]! });
        expect(action.status).toBe(302);
        expect(action.headers.get("location")).toBe(away(who, "/client"));
        const api = await exchange(who, rewardIds[0]!);
        expect(api.status).toBe(who === "anonymous" ? 401 : 403);
        expect(await api.json()).toMatchObject({ success: false });
      });
    }

    it("keeps one client out of another's data", async () => {
      // A booking id of the demo client is 'not found' for the other client.
      expect((await get("/client/bookings/demohist01", "client")).status).toBe(200);
      expect((await get("/client/bookings/demohist01", "second")).status).toBe(404);
      expect((await get("/client", "second")).status).toBe(200);
      const second = await exportOf("second");
      expect(second.profile.email).toBe("second.client@example.com");
      expect(second.bookings).toEqual([]);
      expect(second.loyalty.points).toBe(100);

      // The profile form changes only the signed-in account, whatever the form says.
      const saved = await postForm("/client", "second", {
        intent: "profile",
        firstName: "Second",
        lastName: "Renommé",
        phone: "",
        userId: "anything",
        email: "client@example.com",
      });
      expect(saved.status).toBe(200);
      expect((await exportOf("second")).profile.lastName).toBe("Renommé");
      expect((await exportOf("client")).profile.lastName).toBe("Client");

      // 100 points do not buy the cheapest (150-point) reward; the demo client's balance is untouched.
      const refused = await exchange("second", rewardIds[0]!);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        success: false,
        error: "Points insuffisants pour cette récompense",
      });
      expect((await exportOf("client")).loyalty.points).toBe(200);
    });

    it("exports the client's data as a JSON attachment", async () => {
      const res = await get("/client/data.json", "client");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mes-donnees-.*\.json"$/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const body = await exportOf("client");
      expect(body.profile.email).toBe("client@example.com");
      expect(body.bookings.map((b) => b.bookingId).sort()).toEqual(["demohist01", "demohist02"]);
    });

    it("exchanges a reward through the API once, then refuses for lack of points", async () => {
      expect((await get("/api/rewards/exchange", "client")).status).toBe(405);
      const bad = await exchange("client", "not-a-uuid");
      expect(bad.status).toBe(400);
      const first = await exchange("client", rewardIds[0]!);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ success: true });
      const second = await exchange("client", rewardIds[0]!);
      expect(second.status).toBe(409);
      const data = await exportOf("client");
      // 200 points, a 150-point reward: 50 left, not enough for a second one.
      expect(data.loyalty.points).toBe(50);
      expect(data.rewardRedemptions).toHaveLength(1);
    });

    it("deletes an account only with its password, then ends its session", async () => {
      const wrong = await postForm("/client", "second", {
        intent: "delete",
        password: "not-the-password",
        confirmation: "SUPPRIMER",
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Le mot de passe actuel est incorrect.");

      const deleted = await postForm("/client", "second", {
        intent: "delete",
        password: "Second-pass-1",
        confirmation: "supprimer",
      });
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("location")).toBe("/");
      expect(
        deleted.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /Max-Age=0/i.test(c)),
      ).toBe(true);
      const after = await get("/client", "second");
      expect(after.status).toBe(302);
      const signInAgain = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "second.client@example.com", password: "Second-pass-1" }),
      });
      expect(signInAgain.ok).toBe(false);
    });
  });
}

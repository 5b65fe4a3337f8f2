import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationForm } from "./franchise-application-form";
import { randomIp, REDIS_URL, redisReachable, startInstances, type Instances } from "./instances";
import type { RunningServer } from "./server";

/**
 * The rate limits of sign-in, sign-up, contact, franchise application and address check hold
 * across app instances: requests alternate between two servers, and the one past the limit is
 * refused with the French message. Two setups: two instances on one PostgreSQL (counters in the
 * database), and two instances with their own embedded database but one Redis (REDIS_URL), where
 * only Redis can be what they share.
 */

interface Setup {
  env: Record<string, string>;
  databaseUrl?: string;
  drop?: () => Promise<void>;
}

const redisUp = await redisReachable();
const targets: { name: string; skip: string | null; setup: () => Promise<Setup> }[] = [
  {
    name: "PostgreSQL, counters in the database",
    skip: process.env.TEST_DATABASE_URL ? null : "TEST_DATABASE_URL n'est pas défini",
    setup: async () => {
      const { createPostgresDatabase } = await import("./postgres");
      const created = await createPostgresDatabase();
      return { env: {}, databaseUrl: created.url, drop: created.drop };
    },
  },
  {
    name: "Redis, counters in Redis",
    skip: redisUp ? null : `Redis injoignable à ${REDIS_URL}`,
    setup: async () => ({ env: { REDIS_URL } }),
  },
];

const e = {
  auth: "Trop de tentatives. Veuillez patienter une minute avant de réessayer.",
  contact: "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans quelques minutes.",
  application: "Vous avez envoyé plusieurs candidatures en peu de temps. Veuillez réessayer plus tard.",
};

for (const target of targets) {
  if (target.skip)
    console.warn(`Limites partagées entre instances [${target.name}] ignorées : ${target.skip}.`);

  describe.skipIf(target.skip !== null)(`rate limits shared by two app instances [${target.name}]`, () => {
    let instances: Instances;

    beforeAll(async () => {
      const { env, databaseUrl, drop } = await target.setup();
      instances = await startInstances(2, { ...env, TRUST_PROXY: "1" }, { databaseUrl, drop });
    });
    afterAll(async () => {
      if (process.env.SHOW_LOGS)
        for (const s of instances?.servers ?? [])
          console.log(
            s
              .output()
              .split("\n")
              .filter((l) => !l.includes('"requête"'))
              .join("\n"),
          );
      await instances?.stop();
    });

    /** Sends `max + 1` requests from one address, alternating instances; returns the answers. */
    async function exhaust(
      max: number,
      send: (server: RunningServer, i: number, ip: string) => Promise<Response>,
    ): Promise<{ statuses: number[]; last: Response }> {
      const ip = randomIp();
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i <= max; i++) {
        last = await send(instances.pick(i), i, ip);
        statuses.push(last.status);
        if (i < max) await last.body?.cancel();
      }
      return { statuses, last: last! };
    }

    const form = (server: RunningServer, path: string, ip: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-for": ip,
        },
        body: new URLSearchParams(fields),
      });
    const json = (server: RunningServer, path: string, ip: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": ip },
        body: JSON.stringify(body),
      });

    it("sign-in: 10 tries a minute per address, then the French message", async () => {
      const email = `absent-${crypto.randomUUID()}@example.com`;
      const { statuses, last } = await exhaust(10, (server, _i, ip) =>
        form(server, "/auth", ip, { intent: "sign-in", email, password: "Mauvais-mot-de-passe-1" }),
      );
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(await last.text()).toContain(e.auth);
    });

    it("sign-up: 5 accounts a minute per address, then the French message", async () => {
      const { statuses, last } = await exhaust(5, (server, i, ip) =>
        form(server, "/auth", ip, {
          intent: "sign-up",
          firstName: "Léa",
          lastName: "Limite",
          email: `limite-${i}-${crypto.randomUUID()}@example.com`,
          password: "Un-mot-de-passe-1",
        }),
      );
      // Each answers "check your e-mail" (ADR 042): no session until the address is confirmed.
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[5]).toBe(429);
      expect(await last.text()).toContain(e.auth);
    });

    it("contact: 5 messages per address, then the French message", async () => {
      const { statuses, last } = await exhaust(5, (server, i, ip) =>
        json(server, "/api/contact", ip, {
          name: "Léa Tremblay",
          email: "lea.tremblay@example.com",
          message: `Message ${i} : une question sur le lavage.`,
        }),
      );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await last.json()).toMatchObject({ success: false, error: e.contact });
    });

    it("franchise application: 10 an hour per address, then the French message", async () => {
      const { statuses, last } = await exhaust(10, (server, i, ip) => {
        const body = applicationForm(`candidate-${i}-${crypto.randomUUID()}@example.com`);
        return fetch(`${server.url}/api/franchise-applications`, {
          method: "POST",
          body,
          headers: { origin: server.url, "x-forwarded-for": ip },
        });
      });
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
      expect(await last.json()).toMatchObject({ code: "RATE_LIMITED", error: e.application });
    });

    it("address check: 30 a minute per address, then the French message", async () => {
      const { statuses, last } = await exhaust(30, (server, _i, ip) =>
        json(server, "/api/validate-location", ip, { address: "123 rue Principale, Granby J2G 2T5" }),
      );
      expect(statuses).toEqual([...Array(30).fill(200), 429]);
      expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await last.json()).toMatchObject({ success: false, message: e.auth });
    });
  });
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "../receivers/http-receiver";
import { randomIp, startInstances, type Instances } from "./instances";
import { openServerDatabase, rows } from "./ops-db";
import { signIn } from "./server";

/**
 * Scale-out: two app instances, each with its own job worker, on one PostgreSQL. The booking
 * race, the reward race and a burst of jobs, spread over both, keep their guarantees: no double
 * booking, no negative balance, each job run once.
 */

const skip = process.env.TEST_DATABASE_URL ? null : "TEST_DATABASE_URL n'est pas défini";
if (skip) console.warn(`Test à deux instances sur PostgreSQL ignoré : ${skip}.`);

const ADDRESS = "120 rue Principale, Granby J2G 2T5";
const RACERS = 40;
const MESSAGES = 100;

describe.skipIf(skip !== null)("two app instances on one PostgreSQL", { timeout: 180_000 }, () => {
  let instances: Instances;
  let receiver: HttpReceiver;
  let databaseUrl: string;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    const { createPostgresDatabase } = await import("./postgres");
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    instances = await startInstances(
      2,
      { DEMO_ACCOUNTS: "1", TRUST_PROXY: "1", CONTACT_WEBHOOK_URL: `${receiver.url}/hooks/contact` },
      { databaseUrl, drop: created.drop },
    );
  });

  afterAll(async () => {
    await instances?.stop();
    await receiver?.close();
  });

  const book = (i: number, start: string) => {
    const server = instances.pick(i);
    return fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        zone: "granby",
        cars: 1,
        start,
        name: `Course ${i}`,
        email: `course-${i}@example.com`,
        phone: "450 555-0199",
        address: ADDRESS,
      }),
    });
  };

  async function openStarts(): Promise<string[]> {
    const body = (await (
      await fetch(`${instances.servers[0]!.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as { days: { slots: { start: string }[] }[] };
    return body.days.flatMap((d) => d.slots).map((s) => s.start);
  }

  async function race(start: string): Promise<number[]> {
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => book(i, start)));
    return Promise.all(
      answers.map(async (res) => {
        await res.body?.cancel();
        return res.status;
      }),
    );
  }

  it("books a slot no more times than there are team members, whichever instance answers", async () => {
    const starts = await openStarts();
    const start = starts[Math.floor(starts.length / 2)]!;
    const statuses = await race(start);
    const booked = statuses.filter((s) => s === 201).length;
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(booked).toBeGreaterThan(0);

    const database = await openServerDatabase({ databaseUrl });
    try {
      const stored = await rows<{ team_member_id: string }>(
        database,
        sql`select team_member_id from appointments where start_at = ${start}::timestamptz and status = 'scheduled'`,
      );
      expect(stored).toHaveLength(booked);
      // No team member twice: the exclusion constraint holds across instances.
      expect(new Set(stored.map((r) => r.team_member_id)).size).toBe(booked);
    } finally {
      await database.close();
    }
    // Full now, on both instances.
    for (const i of [0, 1]) expect((await book(100 + i, start)).status).toBe(409);

    // The last free place of another slot: exactly one of 40 concurrent requests gets it.
    const other = starts.find((s) => new Date(s).getTime() > new Date(start).getTime() + 24 * 3_600_000)!;
    for (let i = 0; i < booked - 1; i++) expect((await book(200 + i, other)).status).toBe(201);
    const last = await race(other);
    console.log(
      `Course aux réservations sur 2 instances : ${RACERS} requêtes, ${booked} places prises ; ` +
        `dernière place : ${last.filter((s) => s === 201).length} succès, ${last.filter((s) => s === 409).length} refus.`,
    );
    expect(last.filter((s) => s === 201)).toHaveLength(1);
    expect(last.filter((s) => s === 409)).toHaveLength(RACERS - 1);
  });

  it("lets one session exchange a reward once, never below zero points, across both instances", async () => {
    const cookie = await signIn(instances.servers[0]!.url, "client@example.com", "Demo12345!");
    const page = await (
      await fetch(`${instances.servers[1]!.url}/client`, { headers: { cookie }, redirect: "manual" })
    ).text();
    expect(page).toContain("200 points");
    const rewardId = [...page.matchAll(/<button[^>]*name="exchange"[^>]*>/g)]
      .map((m) => /value="([0-9a-f-]{36})"/.exec(m[0])?.[1])
      .find(Boolean)!;

    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const server = instances.pick(i);
        const res = await fetch(`${server.url}/api/rewards/exchange`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url, cookie },
          body: JSON.stringify({ reward_id: rewardId }),
        });
        return { status: res.status, body: (await res.json()) as { success: boolean } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([{ status: 200, body: { success: true } }]);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);

    const database = await openServerDatabase({ databaseUrl });
    try {
      const [balance] = await rows<{ points: number; redemptions: number | string; lowest: number }>(
        database,
        sql`select p.points,
              (select count(*) from reward_redemptions r where r.user_id = u.id) as redemptions,
              (select min(l.balance_after) from points_ledger l where l.user_id = u.id) as lowest
            from users u join loyalty_points p on p.user_id = u.id where u.email = 'client@example.com'`,
      );
      // 200 points, the cheapest reward costs 150: one exchange, 50 left.
      expect(balance!.points).toBe(50);
      expect(Number(balance!.redemptions)).toBe(1);
      expect(balance!.lowest).toBeGreaterThanOrEqual(0);
    } finally {
      await database.close();
    }
  });

  it("runs each of 100 jobs once, over both instances' workers", async () => {
    const statuses = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, i) => {
        const server = instances.pick(i);
        const res = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": randomIp() },
          body: JSON.stringify({
            name: "Léa Tremblay",
            email: `rafale-${i}@example.com`,
            message: `Message de la rafale numéro ${i}`,
          }),
        });
        await res.body?.cancel();
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);

    const database = await openServerDatabase({ databaseUrl });
    try {
      await vi.waitFor(
        async () => {
          const [done] = await rows<{ n: number | string }>(
            database,
            sql`select count(*) as n from jobs where name = 'contact.webhook' and status = 'completed'`,
          );
          expect(Number(done!.n)).toBe(MESSAGES);
        },
        { timeout: 90_000, interval: 500 },
      );
      const jobs = await rows<{ attempts: number; locked_by: string | null; payload: { messageId: string } }>(
        database,
        sql`select attempts, payload from jobs where name = 'contact.webhook'`,
      );
      expect(jobs).toHaveLength(MESSAGES);
      expect(jobs.every((j) => j.attempts === 1)).toBe(true);
    } finally {
      await database.close();
    }
    // One delivery per message: as many requests as messages, each message once.
    const keys = receiver.requests.map((r) => String(r.headers["idempotency-key"]));
    expect(keys).toHaveLength(MESSAGES);
    expect(new Set(keys).size).toBe(MESSAGES);
    const bodies = new Set(receiver.requests.map((r) => (JSON.parse(r.body) as { message: string }).message));
    expect(bodies.size).toBe(MESSAGES);
    console.log(
      `Rafale de tâches sur 2 workers : ${MESSAGES} messages, ${keys.length} livraisons, 0 doublon.`,
    );
  });
});

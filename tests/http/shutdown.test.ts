import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomIp } from "./instances";
import { startServer, type RunningServer } from "./server";

/**
 * A stop (SIGTERM) while bookings are being answered, on PostgreSQL (ADR 064): the server answers
 * the requests in flight, lets the job worker finish the confirmations they queued and the last
 * slot-change NOTIFY go out, and only then ends the pool. Before, the pool was ended under the
 * running requests: "Cannot use a pool after calling end on the pool" in the log, and 500s.
 */

const skip = process.env.TEST_DATABASE_URL ? null : "TEST_DATABASE_URL n'est pas défini";
if (skip) console.warn(`Test d'arrêt sur PostgreSQL ignoré : ${skip}.`);

const BOOKINGS = 8;

describe.skipIf(skip !== null)("a stop during bookings on PostgreSQL", { timeout: 180_000 }, () => {
  let server: RunningServer;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const { createPostgresDatabase } = await import("./postgres");
    const created = await createPostgresDatabase();
    drop = created.drop;
    server = await startServer({ DATABASE_URL: created.url, TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await drop();
  });

  it("answers the bookings in flight, then ends the pool once nothing uses it", async () => {
    const slots = (await (await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)).json()) as {
      days: { slots: { start: string }[] }[];
    };
    const starts = slots.days.flatMap((d) => d.slots).map((s) => s.start);
    const book = (i: number) =>
      fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": randomIp() },
        body: JSON.stringify({
          zone: "granby",
          cars: 1,
          start: starts[(i * 7) % starts.length],
          name: `Arrêt ${i}`,
          email: `arret-${i}@example.com`,
          phone: "450 555-0199",
          address: "120 rue Principale, Granby J2G 2T5",
        }),
      }).then(
        async (res) => {
          await res.body?.cancel();
          return res.status;
        },
        (error: Error) => error.message,
      );
    const answers = Array.from({ length: BOOKINGS }, (_, i) => book(i));
    // The first answer: the others are being answered, their confirmations queued or running.
    await Promise.race(answers);
    const code = await server.stop("SIGTERM");
    const statuses = await Promise.all(answers);

    expect(code).toBe(0);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(server.output()).not.toContain("Cannot use a pool after calling end on the pool");
    expect(server.output()).not.toContain('"level":"error"');
  });
});

import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { openPostgres } from "~/server/db.server";
import { createTestDatabase, describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "./book-slot.server";
import { cancelBooking } from "./cancel-booking.server";
import { invalidateOpenSlots, openSlotsJson } from "./slot-cache.server";
import { SLOTS_CHANNEL } from "./slot-notice.server";

/** Friday 2026-03-06, 08:00 in Granby; the single-car slots of Monday 2026-03-09 are open. */
const NOW = new Date("2026-03-06T08:00:00-05:00");
const MONDAY_9 = "2026-03-09T09:00:00-04:00";

const booking = (email: string) =>
  BookingRequestSchema.parse({
    zone: "granby",
    cars: 3,
    start: MONDAY_9,
    name: "Léa Tremblay",
    email,
    phone: "(450) 555-0199",
    address: "123, rue Principale, Granby J2G 2T5",
  });

const starts = (json: string) =>
  (JSON.parse(json) as { days: { slots: { start: string }[] }[] }).days.flatMap((day) =>
    day.slots.map((slot) => slot.start),
  );

describeDatabases("cached slot lists", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("serves the same list until a booking or a cancellation changes it", async () => {
    const input = { zoneSlug: "granby", cars: 3, from: "2026-03-09", days: 1, now: NOW };
    const first = await openSlotsJson(db(), input);
    expect(starts(first)).toContain(MONDAY_9);
    // A write that bypasses the booking services is not seen: the list comes from the cache...
    await db().update(s.teamMembers).set({ isActive: false });
    expect(await openSlotsJson(db(), input)).toBe(first);
    // ...until something announces a change.
    invalidateOpenSlots();
    expect(starts(await openSlotsJson(db(), input))).toEqual([]);
    await db().update(s.teamMembers).set({ isActive: true });
    invalidateOpenSlots();

    // Three members, three bookings of 3 cars at 09:00: the slot closes for everyone.
    const made = [];
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      made.push(await bookSlot(db(), { actor: null, input: booking(email), now: NOW }));
    }
    const after = await openSlotsJson(db(), input);
    expect(after).not.toBe(first);
    expect(starts(after)).not.toContain(MONDAY_9);

    await cancelBooking(db(), {
      bookingId: made[0]!.bookingId,
      input: { token: made[0]!.manageToken },
      now: NOW,
    });
    expect(starts(await openSlotsJson(db(), input))).toContain(MONDAY_9);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("slot change notifications [postgres]", () => {
  /** A new test database and a second handle on it, as another app instance would have. */
  async function twoInstances() {
    const first = await createTestDatabase("postgres");
    const result = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = result.rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return { first, second: await openPostgres(url.toString(), 2), name };
  }

  /** How many connections LISTEN on the database `name`. */
  async function listeningConnections(
    instance: Awaited<ReturnType<typeof createTestDatabase>>,
    name: string,
  ) {
    const found = (await instance.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and query ilike 'listen %'`,
    )) as unknown as { rows: { n: number }[] };
    return found.rows[0]!.n;
  }

  it("reach another instance when a booking commits, not when it fails", async () => {
    const { first, second } = await twoInstances();
    try {
      await seed(first.db, { demoAccounts: false });
      const heard = vi.fn();
      await second.listen!(SLOTS_CHANNEL, heard);

      await bookSlot(first.db, { actor: null, input: booking("x@example.com"), now: NOW });
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));

      // Outside the zone: refused before any transaction, nothing to announce.
      const refused = bookSlot(first.db, {
        actor: null,
        input: { ...booking("y@example.com"), address: "1 rue Sainte-Catherine, Montréal H2X 1Y4" },
        now: NOW,
      });
      await expect(refused).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("keep trying to listen again while the database refuses connections, then hear changes", async () => {
    const { first, second, name } = await twoInstances();
    const listening = () => listeningConnections(first, name);
    // A database cannot refuse connections to itself: the test's own database does it.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const allowConnections = (allow: boolean) =>
      admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections ${allow}`);
    try {
      const heard = vi.fn();
      await second.listen!(SLOTS_CHANNEL, heard);
      // A restart: the connection is lost and, for a while, no new one is accepted.
      await allowConnections(false);
      await first.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and query ilike 'listen %'`,
      );
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      // The first try, a second later, is refused; the next ones wait longer and keep going.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await listening()).toBe(0);
      await allowConnections(true);
      await vi.waitFor(async () => expect(await listening()).toBe(1), { timeout: 6_000, interval: 200 });
      heard.mockClear();
      await first.db.execute(sql`select pg_notify(${SLOTS_CHANNEL}, '')`);
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    } finally {
      await allowConnections(true).catch(() => {});
      await admin.end();
      await second.close().catch(() => {});
      await first.close();
    }
  });

  it("stop listening for good once closed, even while a lost connection waits to reconnect", async () => {
    const { first, second, name } = await twoInstances();
    const listening = () => listeningConnections(first, name);
    try {
      const heard = vi.fn();
      await second.listen!(SLOTS_CHANNEL, heard);
      expect(await listening()).toBe(1);
      // The connection is lost (a restart, a failover): a reconnection is planned a second later.
      await first.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and query ilike 'listen %'`,
      );
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      await second.close();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await listening()).toBe(0);
    } finally {
      await second.close().catch(() => {});
      await first.close();
    }
  });
});

import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { describeDatabases } from "../../../../tests/setup/db";
import { customerAppointment, franchiseOf } from "../../../../tests/factories/customers";

// Each customer's last wash and last offer (ADR 114), kept by the database: always what the
// appointments and the offers say, whatever changes them.
describeDatabases("customer washes", ({ db }) => {
  let serviceId: string;
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [service] = await db().select().from(s.services).where(eq(s.services.isActive, true));
    serviceId = service!.id;
  });

  const direct = async () =>
    (
      await db()
        .select({
          email: sql<string>`c.email`,
          completed: sql<string | null>`max(c.completed)::text`,
          offered: sql<string | null>`max(c.offered)::text`,
        })
        .from(
          sql`(select lower(customer_email) as email, start_at as completed, null::timestamptz as offered
                 from appointments where status = 'completed'
               union all
               select lower(email), null, sent_at from winback_sends) c`,
        )
        .groupBy(sql`c.email`)
        .orderBy(sql`c.email`)
    ).map((r) => [r.email, r.completed, r.offered]);
  const kept = async () =>
    (
      await db()
        .select({
          email: s.customerWashes.email,
          completed: sql<string | null>`${s.customerWashes.lastCompletedAt}::text`,
          offered: sql<string | null>`${s.customerWashes.lastOfferedAt}::text`,
        })
        .from(s.customerWashes)
        .where(
          sql`${s.customerWashes.lastCompletedAt} is not null or ${s.customerWashes.lastOfferedAt} is not null`,
        )
        .orderBy(s.customerWashes.email)
    ).map((r) => [r.email, r.completed, r.offered]);
  const same = async () => expect(await kept()).toEqual(await direct());

  it("follows every wash and offer: booked, completed, cancelled, moved, renamed, deleted, offered", async () => {
    const granby = await franchiseOf(db(), "granby");
    const wash = (email: string, day: string, status: "completed" | "scheduled" | "cancelled") =>
      customerAppointment(db(), granby, {
        serviceId,
        email,
        name: "Léa",
        status,
        startAt: new Date(`${day}T14:00:00Z`),
      });
    const old = await wash("Lea@Example.com", "2026-01-05", "completed");
    const later = await wash("lea@example.com", "2026-03-02", "completed");
    const next = await wash("lea@example.com", "2026-12-07", "scheduled");
    await wash("noe@example.com", "2026-02-02", "cancelled");
    await same();
    const change = (id: string, set: Partial<typeof s.appointments.$inferInsert>) =>
      db().update(s.appointments).set(set).where(eq(s.appointments.id, id));
    // The upcoming wash is done: the last wash moves forward; cancelled: it moves back.
    await change(next.id, { status: "completed" });
    await same();
    await change(next.id, { status: "cancelled" });
    await same();
    // Moved to another day, and a wash given to another e-mail (an account erased).
    await change(later.id, {
      startAt: new Date("2026-03-09T14:00:00Z"),
      endAt: new Date("2026-03-09T15:30:00Z"),
      blockedUntil: new Date("2026-03-09T15:30:00Z"),
    });
    await same();
    await change(old.id, { customerEmail: "efface@example.com" });
    await same();
    // Offers: two, one taken back.
    const [promo] = await db()
      .insert(s.promoCodes)
      .values({
        code: "RETOUR-TEST1",
        campaign: "winback",
        kind: "percent",
        value: 15,
        startsAt: new Date(),
        endsAt: new Date("2027-01-01"),
      })
      .returning();
    const offers = await db()
      .insert(s.winbackSends)
      .values([
        {
          email: "lea@example.com",
          periodKey: "2026-05-01/60",
          promoCodeId: promo!.id,
          sentAt: new Date("2026-05-01T14:00:00Z"),
        },
        {
          email: "lea@example.com",
          periodKey: "2026-07-01/60",
          promoCodeId: promo!.id,
          sentAt: new Date("2026-07-01T14:00:00Z"),
        },
      ])
      .returning();
    await same();
    await db().delete(s.winbackSends).where(eq(s.winbackSends.id, offers[1]!.id));
    await same();
    // Deleted, in one statement with the others.
    await db().delete(s.appointments).where(eq(s.appointments.customerEmail, "lea@example.com"));
    await same();
    // Erased as an account is (ADR 027): the offers given to another address, and nothing of
    // the e-mail is left.
    await db()
      .update(s.winbackSends)
      .set({ email: "compte-efface@example.com" })
      .where(eq(s.winbackSends.email, "lea@example.com"));
    await same();
    expect(await db().$count(s.customerWashes, eq(s.customerWashes.email, "lea@example.com"))).toBe(0);
  });
});

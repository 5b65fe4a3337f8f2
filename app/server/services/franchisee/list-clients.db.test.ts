import crypto from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import { customerAppointment, franchiseOf as franchiseOfSeed } from "../../../../tests/factories/customers";
import { describeDatabases } from "../../../../tests/setup/db";
import { loadCustomerRecord } from "../customers/customer-record.server";
import { listClients, listNetworkClients } from "./list-clients.server";

// The admin's list of every customer of the network (/admin/clients, issue 33 item 11): the
// franchisee's list's query without its franchisee, a filter, a page at a time, admin only.

/** The key the URLs carry (ADR 096), computed apart from the SQL that reads it. */
const keyOf = (email: string) =>
  crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);

const admin = { id: "admin-list", role: "admin" as const };

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

describeDatabases("the admin's clients list", ({ db }) => {
  type Place = { franchiseeId: string; zoneId: string; memberId: string };
  let granby: Place;
  let sherbrooke: Place;
  let serviceId: string;
  let n = 0;

  const franchiseOf = (slug: string) => franchiseOfSeed(db(), slug);

  /** An appointment on 2031-01-{day}: completed and cancelled rows never meet the overlap rule. */
  async function appointment(
    where: Place,
    email: string,
    day: number,
    { status = "completed", priceCents = 10_000, name = "Léa Zorblax", phone = "450 555-0100" } = {},
  ) {
    n += 1;
    const startAt = new Date(Date.UTC(2031, 0, day, 14 + (n % 6)));
    return customerAppointment(db(), where, {
      serviceId,
      email,
      startAt,
      status: status as "completed",
      priceCents,
      name,
      phone,
    });
  }

  async function payment(
    appointmentId: string,
    franchiseeId: string,
    amountCents: number,
    { kind = "balance", status = "succeeded", refundOf = null as string | null } = {},
  ) {
    const [row] = await db()
      .insert(s.payments)
      .values({
        appointmentId,
        franchiseeId,
        kind: kind as "balance",
        method: "on_site_card",
        status: status as "succeeded",
        amountCents,
        subtotalCents: amountCents,
        tpsCents: 0,
        tvqCents: 0,
        tipCents: 0,
        refundOf,
        idempotencyKey: crypto.randomUUID(),
      })
      .returning();
    return row!;
  }

  /** A membership now (active) of the account behind `email`, with `where`'s franchisee. */
  async function member(where: Place, email: string) {
    const id = `user-${crypto.randomBytes(4).toString("hex")}`;
    await db().insert(s.users).values({ id, name: "Membre", email, role: "client", emailVerified: true });
    const [plan] = await db()
      .insert(s.membershipPlans)
      .values({ name: "Signature mensuel", monthlyPriceCents: 3_999, serviceId, includedWashes: 1 })
      .returning();
    await db()
      .insert(s.membershipSubscriptions)
      .values({
        userId: id,
        planId: plan!.id,
        franchiseeId: where.franchiseeId,
        vehicles: 1,
        status: "active",
        unitPriceCents: 3_999,
        royaltyBasisPoints: 800,
        stripeAccountId: "acct_test",
        stripeCustomerId: "cus_test",
        requestKey: `key-${id}-0123456789`,
        currentPeriodStart: "2031-01-01",
        currentPeriodEnd: "2031-02-01",
      });
  }

  // Three customers whose names share "Zorblax" (the demo's own customers never match it):
  // Amélie served by both franchisees (a member), Bruno booked in Sherbrooke later, Chloé's only
  // booking cancelled.
  const AMELIE = "amelie.zorblax@example.com";
  const BRUNO = "bruno.zorblax@example.com";
  const CHLOE = "chloe.zorblax@example.com";

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    granby = await franchiseOf("granby");
    sherbrooke = await franchiseOf("sherbrooke");
    const [service] = await db().select().from(s.services);
    serviceId = service!.id;

    const a1 = await appointment(granby, "Amelie.Zorblax@Example.com", 2, {
      name: "Amélie Zorblax",
      phone: "819 555-0142",
    });
    await appointment(sherbrooke, AMELIE, 5, { name: "Amélie Zorblax", priceCents: 5_000 });
    await appointment(sherbrooke, BRUNO, 9, {
      name: "Bruno Zorblax",
      status: "scheduled",
      phone: "450 555-0177",
    });
    await appointment(granby, CHLOE, 12, { name: "Chloé Zorblax", status: "cancelled" });
    // 50 + 20 $ paid, 15 $ refunded; a failed payment counts for nothing.
    const paid = await payment(a1.id, granby.franchiseeId, 5_000);
    await payment(a1.id, granby.franchiseeId, 2_000);
    await payment(a1.id, granby.franchiseeId, 1_500, { kind: "refund", refundOf: paid.id });
    await payment(a1.id, granby.franchiseeId, 9_999, { status: "failed" });
    await member(granby, AMELIE);
  });

  it("lists every franchisee's customers, one per address, the most recent booking first, with the record's figures", async () => {
    const list = await listNetworkClients(db(), { actor: admin, search: "zorblax" });
    expect(list.clients.map((c) => c.email)).toEqual([BRUNO, AMELIE]);
    expect(list).toMatchObject({ total: 2, page: 1, pages: 1, franchiseeId: null });
    const [bruno, amelie] = list.clients;
    expect(bruno).toMatchObject({
      key: keyOf(BRUNO),
      washes: 0,
      scheduled: 1,
      lastVisit: null,
      franchises: ["Prestige Sherbrooke"],
      paidCents: 0,
      member: false,
    });
    expect(bruno!.latest.toISOString().slice(0, 10)).toBe("2031-01-09");
    expect(amelie).toMatchObject({
      key: keyOf(AMELIE),
      name: "Amélie Zorblax",
      washes: 2,
      totalSpentCents: 15_000,
      franchises: ["Prestige Granby", "Prestige Sherbrooke"],
      paidCents: 5_500,
      member: true,
    });
    // The total paid is the record's, from the same ledger.
    const record = await loadCustomerRecord(db(), { scope: { franchiseeId: null }, key: amelie!.key });
    expect(record.totals.paidCents).toBe(amelie!.paidCents);
    // The whole network is there too, the most recent booking first.
    const all = await listNetworkClients(db(), { actor: admin });
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.clients.map((c) => c.email)).toEqual(expect.arrayContaining([BRUNO, AMELIE]));
    const times = all.clients.map((c) => c.latest.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The filter's choices: every franchisee with its zones.
    expect(all.franchisees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ businessName: "Prestige Granby", zones: ["Granby"] }),
      ]),
    );
  });

  it("searches the name, the courriel and the phone, any case, the phone by its digits", async () => {
    const emails = async (search: string) =>
      (await listNetworkClients(db(), { actor: admin, search })).clients.map((c) => c.email);
    expect(await emails("AMÉLIE ZORB")).toEqual([AMELIE]);
    expect(await emails("bruno.zorblax@")).toEqual([BRUNO]);
    expect(await emails("(450) 555-0177")).toEqual([BRUNO]);
    expect(await emails("8195550142")).toEqual([AMELIE]);
    expect(await emails("%")).toEqual([]);
    expect(await emails("chloe.zorblax")).toEqual([]);
  });

  it("keeps one franchisee's customers, whose figures still count every booking", async () => {
    const granbys = await listNetworkClients(db(), {
      actor: admin,
      search: "zorblax",
      franchiseeId: granby.franchiseeId,
    });
    expect(granbys.franchiseeId).toBe(granby.franchiseeId);
    expect(granbys.clients.map((c) => c.email)).toEqual([AMELIE]);
    expect(granbys.clients[0]).toMatchObject({ washes: 2, paidCents: 5_500 });
    expect(granbys.total).toBe(1);
    const sherbrookes = await listNetworkClients(db(), {
      actor: admin,
      search: "zorblax",
      franchiseeId: sherbrooke.franchiseeId,
    });
    expect(sherbrookes.clients.map((c) => c.email)).toEqual([BRUNO, AMELIE]);
    // A franchisee that does not exist narrows nothing.
    const nobody = await listNetworkClients(db(), {
      actor: admin,
      search: "zorblax",
      franchiseeId: crypto.randomUUID(),
    });
    expect(nobody).toMatchObject({ franchiseeId: null, total: 2 });
    // The franchisee's own list is the same query in its scope.
    expect(
      (await listClients(db(), { franchiseeId: granby.franchiseeId, search: "zorblax" })).map((c) => c.email),
    ).toEqual([AMELIE]);
  });

  it("pages the list, a page number out of range showing the last page", async () => {
    const page = async (p: number) =>
      listNetworkClients(db(), { actor: admin, search: "zorblax", page: p, pageSize: 1 });
    expect(await page(1)).toMatchObject({ page: 1, pages: 2, total: 2, clients: [{ email: BRUNO }] });
    expect(await page(2)).toMatchObject({ page: 2, pages: 2, clients: [{ email: AMELIE }] });
    expect(await page(99)).toMatchObject({ page: 2, pages: 2, clients: [{ email: AMELIE }] });
    expect(await page(0)).toMatchObject({ page: 1 });
    const none = await listNetworkClients(db(), { actor: admin, search: "personne-zorblax", page: 3 });
    expect(none).toMatchObject({ page: 1, pages: 1, total: 0, clients: [] });
  });

  it("answers the admin only", async () => {
    for (const role of ["franchisee", "client", "crew"] as const) {
      expect(await codeOf(listNetworkClients(db(), { actor: { id: "someone", role } }))).toBe("FORBIDDEN");
    }
    expect(await codeOf(listNetworkClients(db(), { actor: null as never }))).toBe("NOT_AUTHENTICATED");
  });
});

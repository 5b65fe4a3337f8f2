import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import { customerAppointment, franchiseOf as franchiseOfSeed } from "../../../../tests/factories/customers";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  addCustomerNote,
  editCustomerNote,
  loadCustomerRecord,
  notesForStop,
  resolveCustomer,
} from "./customer-record.server";
import { listClients } from "../franchisee/list-clients.server";

/** The key the URLs carry (ADR 096), computed apart from the SQL that reads it. */
const keyOf = (email: string) =>
  crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);

const NOW = new Date("2031-06-01T12:00:00Z");

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

describeDatabases("customer record", ({ db }) => {
  let granby: { franchiseeId: string; zoneId: string; memberId: string };
  let sherbrooke: { franchiseeId: string; zoneId: string; memberId: string };
  let serviceId: string;
  let n = 0;

  const franchiseOf = (slug: string) => franchiseOfSeed(db(), slug);

  async function appointment(
    where: typeof granby,
    email: string,
    { status = "completed", priceCents = 10_000, name = "Léa Côté", phone = "450 555-0100" } = {},
  ) {
    n += 1;
    // Past days, one apart: completed and cancelled rows never meet the overlap constraint anyway.
    const startAt = new Date(Date.UTC(2031, 0, n, 14));
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
    cents: { subtotal: number; tps: number; tvq: number; tip?: number },
    { kind = "balance", status = "succeeded", refundOf = null as string | null } = {},
  ) {
    const tip = cents.tip ?? 0;
    const [row] = await db()
      .insert(s.payments)
      .values({
        appointmentId,
        franchiseeId,
        kind: kind as "balance",
        method: "on_site_card",
        status: status as "succeeded",
        amountCents: cents.subtotal + cents.tps + cents.tvq + tip,
        subtotalCents: cents.subtotal,
        tpsCents: cents.tps,
        tvqCents: cents.tvq,
        tipCents: tip,
        refundOf,
        idempotencyKey: crypto.randomUUID(),
      })
      .returning();
    return row!;
  }

  const author = { userId: null as unknown as string, name: "Marc Granby" };

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    granby = await franchiseOf("granby");
    sherbrooke = await franchiseOf("sherbrooke");
    const [service] = await db().select().from(s.services);
    serviceId = service!.id;
  });

  describe("scope", () => {
    it("opens a franchisee's own customer, whatever the case of the address, and no one else's", async () => {
      await appointment(granby, "Julie.Roy@Example.com");
      await appointment(sherbrooke, "paul.leduc@example.com");
      const key = keyOf("julie.roy@example.com");
      expect(await resolveCustomer(db(), { franchiseeId: granby.franchiseeId }, key)).toBe(
        "julie.roy@example.com",
      );
      // Another franchisee's customer, a key that is nobody's, a malformed key: all NOT_FOUND.
      expect(await codeOf(resolveCustomer(db(), { franchiseeId: sherbrooke.franchiseeId }, key))).toBe(
        "NOT_FOUND",
      );
      expect(
        await codeOf(
          resolveCustomer(db(), { franchiseeId: granby.franchiseeId }, keyOf("paul.leduc@example.com")),
        ),
      ).toBe("NOT_FOUND");
      expect(await codeOf(resolveCustomer(db(), { franchiseeId: granby.franchiseeId }, "0".repeat(32)))).toBe(
        "NOT_FOUND",
      );
      expect(await codeOf(resolveCustomer(db(), { franchiseeId: null }, "nope"))).toBe("NOT_FOUND");
      // The admin opens both.
      expect(await resolveCustomer(db(), { franchiseeId: null }, keyOf("paul.leduc@example.com"))).toBe(
        "paul.leduc@example.com",
      );
    });

    it("gives the clients list the same key the record reads", async () => {
      await appointment(granby, "Key.Case@Example.com");
      const clients = await listClients(db(), { franchiseeId: granby.franchiseeId, search: "key.case" });
      expect(clients.map((c) => c.key)).toEqual([keyOf("key.case@example.com")]);
    });
  });

  describe("figures", () => {
    it("counts the franchisee's own bookings and payments only; the admin, all of them", async () => {
      const email = "marie.figures@example.com";
      const a1 = await appointment(granby, email, { priceCents: 10_000 });
      const a2 = await appointment(granby, email.toUpperCase(), { priceCents: 5_000, name: "Marie F." });
      await appointment(granby, email, { status: "cancelled", priceCents: 7_000 });
      const other = await appointment(sherbrooke, email, { priceCents: 20_000 });
      // 100,00 $ + TPS 5,00 + TVQ 9,98 + tip 10,00 = 124,98 $; 50,00 $ + 2,50 + 4,99 = 57,49 $.
      const p1 = await payment(a1.id, granby.franchiseeId, {
        subtotal: 10_000,
        tps: 500,
        tvq: 998,
        tip: 1_000,
      });
      await payment(a2.id, granby.franchiseeId, { subtotal: 5_000, tps: 250, tvq: 499 });
      // A refund of 20,00 $ + taxes (22,99 $) is taken off; a failed payment counts for nothing.
      await payment(
        a1.id,
        granby.franchiseeId,
        { subtotal: 2_000, tps: 100, tvq: 199 },
        {
          kind: "refund",
          refundOf: p1.id,
        },
      );
      await payment(a2.id, granby.franchiseeId, { subtotal: 9_999, tps: 0, tvq: 0 }, { status: "failed" });
      await payment(other.id, sherbrooke.franchiseeId, { subtotal: 20_000, tps: 1_000, tvq: 1_995 });

      const mine = await loadCustomerRecord(db(), {
        scope: { franchiseeId: granby.franchiseeId },
        key: keyOf(email),
        now: NOW,
      });
      expect(mine.bookings).toHaveLength(3);
      expect(mine.totals).toEqual({
        washes: 2,
        completedValueCents: 15_000,
        paidCents: 12_498 + 5_749 - 2_299,
      });
      expect(mine.bookings.every((b) => b.franchiseName !== "")).toBe(true);
      expect(mine.account).toBeNull();
      expect(mine.points).toBeNull();
      expect(mine.consent.email.state).toBe("none");

      const all = await loadCustomerRecord(db(), {
        scope: { franchiseeId: null },
        key: keyOf(email),
        now: NOW,
      });
      expect(all.bookings).toHaveLength(4);
      expect(all.totals).toEqual({
        washes: 3,
        completedValueCents: 35_000,
        paidCents: 12_498 + 5_749 - 2_299 + 22_995,
      });
      // The latest booking gives the name and phone.
      expect(all.name).toBe("Léa Côté");
    });

    it("shows the account's points and saved vehicles", async () => {
      const [client] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
      await appointment(granby, "client@example.com");
      await db()
        .insert(s.loyaltyPoints)
        .values({ userId: client!.id, points: 120, totalEarned: 120 })
        .onConflictDoUpdate({ target: s.loyaltyPoints.userId, set: { points: 120 } });
      const [size] = await db()
        .select()
        .from(s.vehicleSizeClasses)
        .where(eq(s.vehicleSizeClasses.isStandard, true));
      await db().delete(s.customerVehicles).where(eq(s.customerVehicles.userId, client!.id));
      await db().insert(s.customerVehicles).values({
        userId: client!.id,
        make: "Honda",
        model: "Civic",
        year: 2019,
        colour: "bleu",
        sizeClassId: size!.id,
      });
      const record = await loadCustomerRecord(db(), {
        scope: { franchiseeId: granby.franchiseeId },
        key: keyOf("client@example.com"),
        now: NOW,
      });
      expect(record.account?.id).toBe(client!.id);
      expect(record.points).toBe(120);
      expect(record.vehicles.map((v) => v.label)).toEqual(["Honda Civic 2019, bleu"]);
    });
  });

  describe("notes", () => {
    it("keeps each franchisee's notes to itself and its crew, head office's for all; one note per form", async () => {
      const email = "notes.client@example.com";
      const key = keyOf(email);
      const stop = await appointment(granby, email, { status: "scheduled" });
      await appointment(sherbrooke, email);
      const granbyScope = { franchiseeId: granby.franchiseeId };
      const sherbrookeScope = { franchiseeId: sherbrooke.franchiseeId };
      const noteId = crypto.randomUUID();
      const input = {
        scope: granbyScope,
        key,
        author,
        noteId,
        body: "Chien dans la cour, sonner deux fois.",
        now: NOW,
      };
      await addCustomerNote(db(), input);
      // The same form sent again adds nothing.
      await addCustomerNote(db(), input);
      await addCustomerNote(db(), {
        scope: sherbrookeScope,
        key,
        author: { ...author, name: "Sophie Sherbrooke" },
        noteId: crypto.randomUUID(),
        body: "Note de Sherbrooke",
        now: NOW,
      });
      const headOfficeNote = crypto.randomUUID();
      await addCustomerNote(db(), {
        scope: { franchiseeId: null },
        key,
        author: { ...author, name: "Siège" },
        noteId: headOfficeNote,
        body: "Client fidèle depuis 2020.",
        now: new Date(NOW.getTime() + 1000),
      });

      const granbyNotes = (await loadCustomerRecord(db(), { scope: granbyScope, key, now: NOW })).notes;
      expect(granbyNotes.map((x) => [x.body, x.editable])).toEqual([
        ["Client fidèle depuis 2020.", false],
        ["Chien dans la cour, sonner deux fois.", true],
      ]);
      expect(granbyNotes[1]).toMatchObject({ authorName: "Marc Granby", createdAt: NOW });
      const adminNotes = (await loadCustomerRecord(db(), { scope: { franchiseeId: null }, key, now: NOW }))
        .notes;
      expect(adminNotes).toHaveLength(3);
      expect(adminNotes.every((x) => x.editable)).toBe(true);

      // The crew of the stop's franchisee reads its own and head office's.
      const crewNotes = await notesForStop(db(), {
        franchiseeId: granby.franchiseeId,
        appointmentId: stop.id,
      });
      expect(crewNotes.map((x) => x.body)).toEqual([
        "Client fidèle depuis 2020.",
        "Chien dans la cour, sonner deux fois.",
      ]);
      // Another franchisee's crew reads nothing of that stop.
      expect(
        await notesForStop(db(), { franchiseeId: sherbrooke.franchiseeId, appointmentId: stop.id }),
      ).toEqual([]);

      // Editing: one's own note; head office's is not the franchisee's to edit; another franchisee's customer is not found.
      const later = new Date(NOW.getTime() + 60_000);
      await editCustomerNote(db(), {
        ...input,
        body: "Chien dans la cour.",
        now: later,
        author: { ...author, name: "Marc G." },
      });
      expect(
        await codeOf(editCustomerNote(db(), { ...input, noteId: headOfficeNote, body: "Changée" })),
      ).toBe("NOT_FOUND");
      expect(await codeOf(editCustomerNote(db(), { ...input, scope: sherbrookeScope }))).toBe("NOT_FOUND");
      expect(
        await codeOf(
          addCustomerNote(db(), { ...input, key: keyOf("nobody@example.com"), noteId: crypto.randomUUID() }),
        ),
      ).toBe("NOT_FOUND");
      const [edited] = await db().select().from(s.customerNotes).where(eq(s.customerNotes.id, noteId));
      expect(edited).toMatchObject({ body: "Chien dans la cour.", editedByName: "Marc G.", editedAt: later });
      // The admin edits any note.
      await editCustomerNote(db(), { ...input, scope: { franchiseeId: null }, body: "Chien.", now: later });
      const [byAdmin] = await db().select().from(s.customerNotes).where(eq(s.customerNotes.id, noteId));
      expect(byAdmin!.body).toBe("Chien.");
    });
  });
});

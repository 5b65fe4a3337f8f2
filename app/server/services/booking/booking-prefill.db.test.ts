import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookingPrefill } from "./booking-prefill.server";

describeDatabases("the booking form's pre-fill for a signed-in client (ADR 107)", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  const byEmail = async (email: string) => {
    const [row] = await db().select().from(s.users).where(eq(s.users.email, email));
    return row!;
  };

  it("gives the phone and the address of the client's latest booking", async () => {
    const client = await byEmail("client@example.com");
    expect(await bookingPrefill(db(), { actor: { id: client.id, role: "client" } })).toEqual({
      phone: "450 555-0199",
      address: "45, rue Dufferin, Granby",
      postalCode: "J2G 4W9",
    });
  });

  it("prefers the phone of the client's profile to their latest booking's", async () => {
    const client = await byEmail("client@example.com");
    await db().update(s.users).set({ phone: "+18195550123" }).where(eq(s.users.id, client.id));
    expect(await bookingPrefill(db(), { actor: { id: client.id, role: "client" } })).toEqual({
      phone: "819 555-0123",
      address: "45, rue Dufferin, Granby",
      postalCode: "J2G 4W9",
    });
  });

  it("without a booking, the account's phone; without either, nothing", async () => {
    const id = crypto.randomUUID();
    await db()
      .insert(s.users)
      .values({
        id,
        email: `prefill-${id}@example.com`,
        emailVerified: true,
        name: "Léa Gagnon",
        firstName: "Léa",
        lastName: "Gagnon",
        role: "client",
      });
    expect(await bookingPrefill(db(), { actor: { id, role: "client" } })).toBeNull();
    await db().update(s.users).set({ phone: "+14505550142" }).where(eq(s.users.id, id));
    expect(await bookingPrefill(db(), { actor: { id, role: "client" } })).toEqual({
      phone: "450 555-0142",
      address: "",
      postalCode: "",
    });
  });

  it("gives nothing to staff or to a visitor", async () => {
    const admin = await byEmail("admin@example.com");
    expect(await bookingPrefill(db(), { actor: { id: admin.id, role: "admin" } })).toBeNull();
    expect(await bookingPrefill(db(), { actor: null })).toBeNull();
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { SessionUser } from "~/server/auth.server";
import { VehicleSchema, VEHICLES_MAX } from "~/domain/booking/vehicle-schemas";
import { granbyRequest, MONDAY_9, nthGranbyStart, rejection } from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { exportClientData } from "../account/export-client-data.server";
import { bookSlot } from "../booking/book-slot.server";
import { getAppointment } from "../booking/get-appointment.server";
import { addCustomerVehicle, listCustomerVehicles, removeCustomerVehicle } from "./customer-vehicles.server";
import { loadPricedSizeClasses, saveSizeClass } from "./size-classes.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");
const civic = VehicleSchema.parse({
  make: "Honda",
  model: "Civic",
  year: "2019",
  colour: "bleu",
  sizeClass: "auto",
});
const rav4 = VehicleSchema.parse({
  make: "Toyota",
  model: "RAV4",
  year: "2022",
  colour: "gris",
  plate: "abc 123",
  sizeClass: "vus",
});

describeDatabases("saved vehicles and size classes (ADR 085)", ({ db }) => {
  let admin: SessionUser;
  let serviceId: string;
  const clients: SessionUser[] = [];

  async function createClient(email: string): Promise<SessionUser> {
    const id = crypto.randomUUID();
    await db().insert(s.users).values({
      id,
      email,
      emailVerified: true,
      name: "Léa Gagnon",
      firstName: "Léa",
      lastName: "Gagnon",
      role: "client",
    });
    return { id, email, name: "Léa Gagnon", firstName: "Léa", lastName: "Gagnon", role: "client" };
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [adminRow] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    admin = {
      id: adminRow!.id,
      email: adminRow!.email,
      name: "A",
      firstName: "A",
      lastName: "A",
      role: "admin",
    };
    clients.push(
      await createClient("lea.vehicules@example.com"),
      await createClient("marc.vehicules@example.com"),
    );
    const [service] = await db().select().from(s.services).orderBy(s.services.sortOrder).limit(1);
    serviceId = service!.id;
    // The admin prices a VUS 30 $ above the base price of the first service.
    const classes = await loadPricedSizeClasses(db(), serviceId);
    const vus = classes.find((c) => c.slug === "vus")!;
    await saveSizeClass(db(), {
      actor: admin,
      input: { sizeClassId: vus.id, name: "VUS", active: true, difference: { [serviceId]: 3000 } },
    });
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    await db().delete(s.customerVehicles);
  });

  it("the migration gives four classes, the standard one first at the base price", async () => {
    const classes = await loadPricedSizeClasses(db(), serviceId);
    expect(classes.map((c) => [c.slug, c.name, c.isStandard, c.differenceCents])).toEqual([
      ["auto", "Auto", true, 0],
      ["vus", "VUS", false, 3000],
      ["camionnette", "Camionnette", false, 0],
      ["fourgonnette", "Fourgonnette", false, 0],
    ]);
  });

  it("keeps each client's vehicles to that client", async () => {
    const [lea, marc] = clients as [SessionUser, SessionUser];
    const { id } = await addCustomerVehicle(db(), { actor: lea, input: rav4 });
    expect(await listCustomerVehicles(db(), { actor: lea })).toMatchObject([
      { id, label: "Toyota RAV4 2022, gris", plate: "ABC 123", sizeClass: "vus", sizeClassName: "VUS" },
    ]);
    expect(await listCustomerVehicles(db(), { actor: marc })).toEqual([]);
    expect((await rejection(removeCustomerVehicle(db(), { actor: marc, vehicleId: id }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await rejection(listCustomerVehicles(db(), { actor: { ...admin } }))).code).toBe("FORBIDDEN");
    expect((await rejection(listCustomerVehicles(db(), { actor: null }))).code).toBe("NOT_AUTHENTICATED");
    await removeCustomerVehicle(db(), { actor: lea, vehicleId: id });
    expect(await listCustomerVehicles(db(), { actor: lea })).toEqual([]);
  });

  it("puts the saved vehicles in the client's data export", async () => {
    const [lea] = clients as [SessionUser];
    await addCustomerVehicle(db(), { actor: lea, input: rav4 });
    const exported = await exportClientData(db(), { userId: lea.id, now: NOW });
    expect(exported.vehicles).toEqual([
      expect.objectContaining({ make: "Toyota", model: "RAV4", plate: "ABC 123", sizeClassName: "VUS" }),
    ]);
  });

  it("never lets two saves at once pass the limit", async () => {
    const [lea] = clients as [SessionUser];
    for (let i = 0; i < VEHICLES_MAX - 1; i++) await addCustomerVehicle(db(), { actor: lea, input: civic });
    const results = await Promise.allSettled([
      addCustomerVehicle(db(), { actor: lea, input: civic }),
      addCustomerVehicle(db(), { actor: lea, input: rav4 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "VEHICLE_LIMIT" });
    expect(await listCustomerVehicles(db(), { actor: lea })).toHaveLength(VEHICLES_MAX);
  });

  it("books two saved vehicles of two classes, each at its price, the total on the booking", async () => {
    const [lea] = clients as [SessionUser];
    const a = await addCustomerVehicle(db(), { actor: lea, input: civic });
    const b = await addCustomerVehicle(db(), { actor: lea, input: rav4 });
    const booked = await bookSlot(db(), {
      actor: lea,
      input: granbyRequest({ start: MONDAY_9, cars: 2, serviceId, vehicleIds: [a.id, b.id] }),
      now: NOW,
    });
    expect(booked.priceCents).toBe(14999 + 17999);
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, booked.appointmentId));
    expect(row).toMatchObject({ cars: 2, unitPriceCents: 14999, priceCents: 32998, userId: lea.id });
    expect(row!.vehicles).toEqual([
      {
        sizeClass: "auto",
        sizeClassName: "Auto",
        label: "Honda Civic 2019, bleu",
        vehicleId: a.id,
        priceCents: 14999,
      },
      {
        sizeClass: "vus",
        sizeClassName: "VUS",
        label: "Toyota RAV4 2022, gris",
        vehicleId: b.id,
        priceCents: 17999,
      },
    ]);
    const view = await getAppointment(db(), { bookingId: booked.bookingId, actor: lea, now: NOW });
    expect(view.price).toMatchObject({
      servicesCents: 32998,
      tpsCents: 1650,
      tvqCents: 3292,
      totalCents: 37940,
    });
    expect(view.vehicles.map((v) => v.priceCents)).toEqual([14999, 17999]);
    // Without the customer's details, the class and price only.
    const anonymous = await getAppointment(db(), { bookingId: booked.bookingId, actor: null, now: NOW });
    expect(anonymous.vehicles[1]).toEqual({
      sizeClass: "vus",
      sizeClassName: "VUS",
      label: null,
      vehicleId: null,
      priceCents: 17999,
    });
  });

  it("prices a visitor's cars by the size class chosen per car", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: granbyRequest({ start: nthGranbyStart(1), cars: 2, serviceId, sizes: ["vus", "auto"] }),
      now: NOW,
    });
    expect(booked.priceCents).toBe(17999 + 14999);
  });

  it("reads a bare count as standard cars at the base price (the JSON API's cars)", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: granbyRequest({ start: nthGranbyStart(2), cars: 2, serviceId }),
      now: NOW,
    });
    expect(booked.priceCents).toBe(2 * 14999);
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, booked.appointmentId));
    expect(row!.vehicles).toBeNull();
    const view = await getAppointment(db(), { bookingId: booked.bookingId, actor: null, now: NOW });
    expect(view.vehicles.map((v) => [v.sizeClassName, v.priceCents])).toEqual([
      ["Auto", 14999],
      ["Auto", 14999],
    ]);
  });

  it("refuses another client's vehicle, a visitor's vehicle ids, an unknown class and a wrong count", async () => {
    const [lea, marc] = clients as [SessionUser, SessionUser];
    const leas = await addCustomerVehicle(db(), { actor: lea, input: civic });
    const book = (actor: SessionUser | null, overrides: Record<string, unknown>) =>
      rejection(
        bookSlot(db(), {
          actor,
          input: granbyRequest({ start: nthGranbyStart(3), serviceId, ...overrides }),
          now: NOW,
        }),
      );
    expect((await book(marc, { cars: 1, vehicleIds: [leas.id] })).code).toBe("UNKNOWN_VEHICLE");
    expect((await book(null, { cars: 1, vehicleIds: [leas.id] })).code).toBe("UNKNOWN_VEHICLE");
    expect((await book(null, { cars: 1, sizes: ["limousine"] })).code).toBe("UNKNOWN_VEHICLE");
    expect((await book(null, { cars: 2, sizes: ["vus"] })).code).toBe("VALIDATION");
    expect(await db().select().from(s.appointments)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";

interface SlotsAnswer {
  days: { date: string; slots: { start: string }[] }[];
}

/** Cowansville, across the Granby zone from its centre: 10 min of set-up and 33 of drive. */
const COWANSVILLE = "200, rue Principale, Cowansville J2K 1J4";
const GRANBY = "123, rue Principale, Granby J2G 2T5";

describe("POST /api/bookings/{id}/reschedule follows the drive rule (ADR 048)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const book = (start: string, address: string, n: number) =>
    post("/api/bookings", {
      zone: "granby",
      cars: 1,
      start,
      name: "Léa Tremblay",
      email: `lea${n}@example.com`,
      phone: "450 555-0199",
      address,
    });

  it("refuses a new time the drive from the team's previous job makes impossible, takes one after it", async () => {
    // A working day at least three days ahead (the 24 h rule), its starts as the API spells them.
    const slots = (await (
      await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as SlotsAnswer;
    const later = Date.now() + 72 * 3_600_000;
    const day = slots.days.find(
      (d) =>
        new Date(`${d.date}T12:00:00Z`).getTime() > later && d.slots.some((s) => s.start.includes("T10:00")),
    )!;
    const at = (time: string) => day.slots[0]!.start.replace(/T\d\d:\d\d/, `T${time}`);

    // Every Granby member washes in Cowansville at 10:00 (until the API says the time is full).
    let n = 0;
    while ((await book(at("10:00"), COWANSVILLE, n++)).status === 201) expect(n).toBeLessThan(10);
    const booked = await book(at("15:00"), GRANBY, n);
    expect(booked.status).toBe(201);
    const { booking_id: bookingId, manage_url: manageUrl } = (await booked.json()) as {
      booking_id: string;
      manage_url: string;
    };
    const token = new URL(manageUrl).searchParams.get("token");

    // 11:30 end + 10 + 33 min: 12:00 is too early for every member (a fixed 30-minute buffer
    // would have allowed it), 12:30 is not.
    const early = await post(`/api/bookings/${bookingId}/reschedule`, { token, start: at("12:00") });
    expect(early.status).toBe(409);
    const moved = await post(`/api/bookings/${bookingId}/reschedule`, { token, start: at("12:30") });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ success: true, start: at("12:30") });
  });
});

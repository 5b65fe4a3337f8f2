import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import { BookingRequestSchema, SlotsQuerySchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "./book-slot.server";
import { cancelBooking } from "./cancel-booking.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { invalidateOpenSlots, slotsAnswerJson } from "./slot-cache.server";

/** Friday 2026-03-06, 08:00 in Granby; Monday 2026-03-09 and Tuesday 2026-03-10 have open slots. */
const NOW = new Date("2026-03-06T08:00:00-05:00");
const MONDAY_9 = "2026-03-09T09:00:00-04:00";
const TUESDAY_10 = "2026-03-10T10:00:00-04:00";
const query = SlotsQuerySchema.parse({ zone: "granby", cars: "1", from: "2026-03-09", days: "2" });

const startsOf = (json: string) =>
  (JSON.parse(json) as { days: { slots: { start: string }[] }[] }).days.flatMap((day) =>
    day.slots.map((slot) => slot.start),
  );

// The answer of GET /api/slots (slotsAnswerJson, cached per zone) after a booking, a cancellation
// and a reschedule: the new set at once, on PGlite too where no NOTIFY reaches the cache
// (withSlotChange and withBookedSlot, issue 16).
describeDatabases("a booking's change reaches the slot lists at once", ({ db }) => {
  const starts = async () => startsOf(await slotsAnswerJson(db(), query, NOW));
  let guests = 0;
  const book = (start: string) =>
    bookSlot(db(), {
      actor: null,
      now: NOW,
      input: BookingRequestSchema.parse({
        zone: "granby",
        cars: 1,
        start,
        name: "Léa Tremblay",
        email: `lea.${(guests += 1)}@example.com`,
        phone: "(450) 555-0199",
        address: "123, rue Principale, Granby",
        postalCode: "J2G 2T5",
      }),
    });

  /** Books the start for every member of the zone: the time is then gone from the list. */
  async function fill(start: string) {
    const booked = [];
    for (;;) {
      const result = await book(start).catch((error: unknown) => error);
      if (result instanceof AppError) break;
      if (result instanceof Error) throw result;
      booked.push(result as Awaited<ReturnType<typeof book>>);
    }
    return booked;
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    // The cache lives in the process: forget the lists the other database's run left behind.
    invalidateOpenSlots();
  });

  it("a booking, a cancellation and a reschedule each give the new set on the next answer", async () => {
    expect(await starts()).toContain(MONDAY_9);
    const booked = await fill(MONDAY_9);
    expect(booked.length).toBeGreaterThan(0);
    // Booked (withBookedSlot): 9 h is gone at once, and this answer is now the cached one.
    expect(await starts()).not.toContain(MONDAY_9);
    expect(await starts()).not.toContain(MONDAY_9);

    // Cancelled (withSlotChange): 9 h is offered again at once.
    const [first, second] = booked;
    await cancelBooking(db(), {
      bookingId: first!.bookingId,
      input: { token: first!.manageToken },
      now: NOW,
    });
    expect(await starts()).toContain(MONDAY_9);

    // Filled again, cached without 9 h; a reschedule away from it frees it at once.
    await fill(MONDAY_9);
    expect(await starts()).not.toContain(MONDAY_9);
    await rescheduleBooking(db(), {
      bookingId: second!.bookingId,
      input: { token: second!.manageToken, start: TUESDAY_10 },
      now: NOW,
    });
    expect(await starts()).toContain(MONDAY_9);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import {
  COWANSVILLE,
  failureOf,
  FRIDAY_MORNING as NOW,
  GRANBY,
  granbyRequest as request,
  MONDAY,
  mondayAt as at,
  setOnDuty,
  teamOf,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "./book-slot.server";
import { listOpenSlotsForMove } from "./booking-travel.server";
import { rescheduleBooking } from "./reschedule-booking.server";

function codeOf(error: unknown): string | null {
  return error instanceof AppError ? error.code : null;
}

/**
 * Each wash runs 90 minutes. Between Granby and Cowansville: 10 min of set-up and 33 of drive,
 * so a job two hours after one across the zone starts 13 minutes too early; one four hours
 * after is reachable. Consecutive jobs here alternate sides: each alone is bookable, any two
 * neighbours in this list are not.
 */
const DAY = [
  { time: "10:00", place: COWANSVILLE },
  { time: "12:00", place: GRANBY },
  { time: "14:00", place: COWANSVILLE },
  { time: "15:30", place: GRANBY },
];

describeDatabases("placing a member's day one booking at a time", ({ db }) => {
  let team: string[];

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    team = await teamOf(db(), "granby");
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    // One member on duty: every booking competes for the same day.
    await setOnDuty(db(), team, team.slice(0, 1));
  });

  it("lets through only the concurrent bookings the drive between them allows", async () => {
    // Three customers at each time, all at once.
    const racers = DAY.flatMap((job, index) =>
      [0, 1, 2].map((copy) => ({
        index,
        input: request({ start: at(job.time), ...job.place, email: `c${index}-${copy}@example.com` }),
      })),
    );
    const outcomes = await Promise.allSettled(
      racers.map(({ input }) => bookSlot(db(), { actor: null, input, now: NOW })),
    );

    const won = new Set<number>();
    outcomes.forEach((outcome, i) => {
      if (outcome.status === "fulfilled") {
        expect(won.has(racers[i]!.index)).toBe(false);
        won.add(racers[i]!.index);
      } else {
        expect(codeOf(outcome.reason)).toBe("SLOT_TAKEN");
      }
    });
    // The day that results can be driven: no two neighbouring jobs across the zone both booked...
    for (const index of won) expect(won.has(index + 1)).toBe(false);
    // ...and each time refused was refused for a job really in the way.
    DAY.forEach((_, index) => {
      if (!won.has(index)) expect(won.has(index - 1) || won.has(index + 1)).toBe(true);
    });
    const booked = await db().select().from(s.appointments);
    expect(booked).toHaveLength(won.size);
    expect(new Set(booked.map((a) => a.teamMemberId))).toEqual(new Set([team[0]]));
  }, 120_000);

  it("moves a booking under the same drive rule as a new booking", async () => {
    const across = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    const moving = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("15:00"), ...GRANBY, email: "granby@example.com" }),
      now: NOW,
    });

    // The times offered for the move: not 12:00 (the drive from Cowansville), 12:30 yes, and
    // its own time and those overlapping it stay open to it.
    const offered = (
      await listOpenSlotsForMove(db(), { bookingId: moving.bookingId, from: MONDAY, days: 1, now: NOW })
    ).days[0]!.slots.map((slot) => slot.start.slice(11, 16));
    expect(offered).not.toContain("12:00");
    expect(offered).toEqual(expect.arrayContaining(["12:30", "14:30", "15:00"]));

    // The move's re-check agrees: 12:00 refused (a fixed 30-minute buffer would allow it)...
    const refused = await failureOf(
      rescheduleBooking(db(), {
        bookingId: moving.bookingId,
        input: { token: moving.manageToken, start: at("12:00") },
        now: NOW,
      }),
    );
    expect(codeOf(refused)).toBe("SLOT_TAKEN");
    // ...12:30 taken, and the guarded range keeps only the set-up after the wash.
    const moved = await rescheduleBooking(db(), {
      bookingId: moving.bookingId,
      input: { token: moving.manageToken, start: at("12:30") },
      now: NOW,
    });
    expect(moved.teamMemberId).toBe(across.teamMemberId);
    const [row] = await db()
      .select({ blockedUntil: s.appointments.blockedUntil })
      .from(s.appointments)
      .where(eq(s.appointments.bookingId, moving.bookingId));
    expect(row!.blockedUntil).toEqual(new Date(at("14:10")));

    // The desk (staff, no token) is held to the same rule.
    const desk = await failureOf(
      rescheduleBooking(db(), {
        bookingId: across.bookingId,
        input: { start: at("10:30") },
        now: NOW,
        staff: {
          actor: {
            id: "00000000-0000-0000-0000-000000000000",
            role: "admin",
            name: "Siège",
            email: "siege@example.com",
          },
          franchiseeId: null,
          reason: "Le client a appelé",
        },
      }),
    );
    expect(codeOf(desk)).toBe("SLOT_TAKEN");
  });
});

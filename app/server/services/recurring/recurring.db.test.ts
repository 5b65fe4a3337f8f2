import { and, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import {
  clearBookings,
  failureOf,
  FRIDAY_MORNING as NOW,
  granbyRequest as request,
  setOnDuty,
  teamOf,
} from "../../../../tests/factories/bookings";
import { describeDatabases, describeTwoWorkers } from "../../../../tests/setup/db";
import type { Db } from "../../db.server";
import { type AppError } from "~/lib/errors";
import { bookSlot } from "../booking/book-slot.server";
import { invalidateOpenSlots } from "../booking/slot-cache.server";
import { placeDueOccurrences } from "./place-occurrences.server";
import { recurringPanel } from "./series-panel.server";
import { changeSeries, skipOccurrence, startSeries } from "./series.server";

/** The source: Monday 2026-03-09 at 10:00, booked on Friday 2026-03-06 (NOW). */
const SOURCE_START = "2026-03-09T10:00:00-04:00";
/** Every two weeks from it, within the eight weeks ahead of NOW: 03-23, 04-06, 04-20. */
const DATES = ["2026-03-23", "2026-04-06", "2026-04-20"];
const localOf = (at: Date) => instantToZonedParts(at, BUSINESS_TIME_ZONE);

async function startFrom(db: Db, overrides: Record<string, unknown> = {}, intervalWeeks: 2 | 3 = 2) {
  const source = await bookSlot(db, {
    actor: null,
    input: request({ start: SOURCE_START, upsells: ["aquapel"], ...overrides }),
    now: NOW,
  });
  const access = { bookingId: source.bookingId, token: source.manageToken, actor: null };
  await startSeries(db, { ...access, intervalWeeks, now: NOW });
  return { source, access };
}

async function occurrencesOf(db: Db) {
  return db
    .select({ occurrence: s.bookingSeriesOccurrences, appointment: s.appointments })
    .from(s.bookingSeriesOccurrences)
    .leftJoin(s.appointments, eq(s.appointments.id, s.bookingSeriesOccurrences.appointmentId))
    .orderBy(s.bookingSeriesOccurrences.occurrenceDate);
}

async function clearAll(db: Db) {
  await db.delete(s.bookingSeriesOccurrences);
  await db.delete(s.bookingSeries);
  await clearBookings(db);
}

describeDatabases("recurring washes", ({ db }) => {
  let team: string[];

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    team = await teamOf(db(), "granby");
  });

  beforeEach(async () => {
    await clearAll(db());
    await db().update(s.teamAvailability).set({ isAvailable: true });
    await setOnDuty(db(), team, team);
  });

  it("places each occurrence within the lookahead as a real booking, same time, member, cars, extras and contact", async () => {
    const { source } = await startFrom(db(), { cars: 2 });
    const counts = await placeDueOccurrences(db(), { now: NOW });
    expect(counts).toMatchObject({ placed: 3, moved: 0, unplaced: 0 });
    const rows = await occurrencesOf(db());
    expect(rows.map((r) => r.occurrence.occurrenceDate)).toEqual(DATES);
    const extras = await db().select().from(s.appointmentUpsells);
    for (const { occurrence, appointment } of rows) {
      expect(occurrence.status).toBe("placed");
      expect(localOf(appointment!.startAt)).toMatchObject({
        date: occurrence.occurrenceDate,
        time: "10:00:00",
      });
      expect(appointment!.teamMemberId).toBe(source.teamMemberId);
      expect(appointment!.cars).toBe(2);
      expect(appointment!.customerEmail).toBe("lea.tremblay@example.com");
      expect(appointment!.address).toBe("123, rue Principale, Granby");
      expect(extras.filter((e) => e.appointmentId === appointment!.id).map((e) => e.name)).toEqual([
        "Traitement Aquapel",
      ]);
    }
    // Nothing placed past the lookahead (2026-05-04 is the next date), nor twice.
    expect(await placeDueOccurrences(db(), { now: NOW })).toMatchObject({ placed: 0, moved: 0 });
    expect(await db().select().from(s.appointments)).toHaveLength(4);
  });

  it("places each date once when two runs go at the same time", async () => {
    await startFrom(db());
    const [a, b] = await Promise.all([
      placeDueOccurrences(db(), { now: NOW }),
      placeDueOccurrences(db(), { now: NOW }),
    ]);
    expect(a.placed + b.placed).toBe(3);
    expect(await occurrencesOf(db())).toHaveLength(3);
    expect(await db().select().from(s.appointments)).toHaveLength(4);
  });

  it("gives the nearest free time when the usual one is taken, and tells the customer", async () => {
    await setOnDuty(db(), team, team.slice(0, 1));
    await startFrom(db());
    await bookSlot(db(), {
      actor: null,
      input: request({ start: "2026-03-23T10:00:00-04:00", email: "autre@example.com" }),
      now: NOW,
    });
    const counts = await placeDueOccurrences(db(), { now: NOW });
    expect(counts).toMatchObject({ placed: 2, moved: 1 });
    const [first] = await occurrencesOf(db());
    expect(first!.occurrence.status).toBe("moved");
    const moved = first!.appointment!.startAt;
    expect(moved.getTime()).not.toBe(new Date("2026-03-23T10:00:00-04:00").getTime());
    expect(Math.abs(moved.getTime() - first!.occurrence.plannedStart.getTime())).toBeLessThanOrEqual(
      3 * 86_400_000,
    );
    const mails = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.recurring"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ kind: "moved", appointmentId: first!.appointment!.id });
  });

  it("respects days off: a Monday off places the wash on the nearest working day", async () => {
    await startFrom(db());
    await db()
      .update(s.teamAvailability)
      .set({ isAvailable: false })
      .where(eq(s.teamAvailability.dayOfWeek, 1));
    invalidateOpenSlots();
    const counts = await placeDueOccurrences(db(), { now: NOW });
    expect(counts).toMatchObject({ placed: 0, moved: 3 });
    for (const { appointment } of await occurrencesOf(db())) {
      expect(localOf(appointment!.startAt).dayOfWeek).not.toBe(1);
    }
  });

  it("a web booking racing the placement for the same slot: one of them, never both", async () => {
    await setOnDuty(db(), team, team.slice(0, 1));
    await startFrom(db());
    const [web] = await Promise.all([
      failureOf(
        bookSlot(db(), {
          actor: null,
          input: request({ start: "2026-03-23T10:00:00-04:00", email: "web@example.com" }),
          now: NOW,
        }),
      ),
      placeDueOccurrences(db(), { now: NOW }),
    ]);
    const atTen = await db()
      .select()
      .from(s.appointments)
      .where(
        and(
          eq(s.appointments.startAt, new Date("2026-03-23T10:00:00-04:00")),
          ne(s.appointments.status, "cancelled"),
        ),
      );
    expect(atTen).toHaveLength(1);
    const [first] = await occurrencesOf(db());
    if (web === null) {
      expect(atTen[0]!.customerEmail).toBe("web@example.com");
      expect(first!.occurrence.status).toBe("moved");
    } else {
      expect((web as AppError).code).toBe("SLOT_TAKEN");
      expect(first!.occurrence.status).toBe("placed");
    }
  });

  it("skips one date, placed or not yet, and never places it again", async () => {
    const { access } = await startFrom(db());
    await placeDueOccurrences(db(), { now: NOW });
    await skipOccurrence(db(), { ...access, date: "2026-03-23", now: NOW });
    // Not placed yet (past the lookahead today).
    await skipOccurrence(db(), { ...access, date: "2026-05-04", now: NOW });
    const rows = await occurrencesOf(db());
    expect(rows.find((r) => r.occurrence.occurrenceDate === "2026-03-23")!.appointment!.status).toBe(
      "cancelled",
    );
    expect(
      rows.filter((r) => r.occurrence.status === "skipped").map((r) => r.occurrence.occurrenceDate),
    ).toEqual(["2026-03-23", "2026-05-04"]);
    const later = new Date("2026-04-10T08:00:00-04:00");
    await placeDueOccurrences(db(), { now: later });
    const after = await occurrencesOf(db());
    expect(after.find((r) => r.occurrence.occurrenceDate === "2026-05-04")!.occurrence.status).toBe(
      "skipped",
    );
    expect(after.find((r) => r.occurrence.occurrenceDate === "2026-05-18")!.occurrence.status).toBe("placed");
    const panel = await recurringPanel(db(), { ...access, now: NOW });
    expect(panel.series!.upcoming.find((o) => o.date === "2026-05-04")!.status).toBe("skipped");
    // Within 24 h: too late online.
    const tooLate = await failureOf(
      skipOccurrence(db(), { ...access, date: "2026-04-06", now: new Date("2026-04-05T12:00:00-04:00") }),
    );
    expect((tooLate as AppError).code).toBe("TOO_LATE_TO_CHANGE");
  });

  it("pauses (placed dates cancelled, nothing placed), resumes (placed again) and ends", async () => {
    const { access } = await startFrom(db());
    await placeDueOccurrences(db(), { now: NOW });
    await changeSeries(db(), { ...access, change: "pause", now: NOW });
    const cancelled = await db().select().from(s.appointments).where(eq(s.appointments.status, "cancelled"));
    expect(cancelled).toHaveLength(3);
    expect(await placeDueOccurrences(db(), { now: NOW })).toMatchObject({ placed: 0 });
    await changeSeries(db(), { ...access, change: "resume", now: NOW });
    expect(await placeDueOccurrences(db(), { now: NOW })).toMatchObject({ placed: 3 });
    await changeSeries(db(), { ...access, change: "end", now: NOW });
    const scheduled = await db().select().from(s.appointments).where(eq(s.appointments.status, "scheduled"));
    expect(scheduled).toHaveLength(1); // the source only
    expect(await placeDueOccurrences(db(), { now: new Date("2026-04-10T08:00:00-04:00") })).toMatchObject({
      placed: 0,
    });
    const again = await failureOf(changeSeries(db(), { ...access, change: "resume", now: NOW }));
    expect((again as AppError).code).toBe("APPOINTMENT_NOT_CHANGEABLE");
    // A wrong link changes nothing.
    const wrong = await failureOf(
      changeSeries(db(), { ...access, token: "x".repeat(43), change: "pause", now: NOW }),
    );
    expect((wrong as AppError).code).toBe("INVALID_MANAGE_TOKEN");
  });

  it("the signed-in owner starts and pauses it without the link; the occurrences stay theirs; another client cannot", async () => {
    await db()
      .insert(s.users)
      .values([
        { id: "recurring-owner", name: "Léa Tremblay", email: "lea.tremblay@example.com", role: "client" },
        { id: "recurring-other", name: "Autre", email: "autre.client@example.com", role: "client" },
      ])
      .onConflictDoNothing();
    const client = (id: string, email: string) =>
      ({ id, role: "client", email, name: "", firstName: "", lastName: "" }) as const;
    const owner = client("recurring-owner", "lea.tremblay@example.com");
    const source = await bookSlot(db(), { actor: owner, input: request({ start: SOURCE_START }), now: NOW });
    const stranger = await failureOf(
      startSeries(db(), {
        bookingId: source.bookingId,
        actor: client("recurring-other", "autre.client@example.com"),
        intervalWeeks: 3,
        now: NOW,
      }),
    );
    expect((stranger as AppError).code).toBe("INVALID_MANAGE_TOKEN");
    await startSeries(db(), { bookingId: source.bookingId, actor: owner, intervalWeeks: 3, now: NOW });
    expect(await placeDueOccurrences(db(), { now: NOW })).toMatchObject({ placed: 2 });
    for (const { appointment } of await occurrencesOf(db()))
      expect(appointment!.userId).toBe("recurring-owner");
    // From an occurrence's own page, the owner reaches the series.
    const [first] = await occurrencesOf(db());
    const panel = await recurringPanel(db(), {
      bookingId: first!.appointment!.bookingId,
      actor: owner,
      now: NOW,
    });
    expect(panel.series).toMatchObject({ intervalWeeks: 3, status: "active", isSource: false });
    await changeSeries(db(), {
      bookingId: first!.appointment!.bookingId,
      actor: owner,
      change: "pause",
      now: NOW,
    });
    expect(
      (await recurringPanel(db(), { bookingId: source.bookingId, actor: owner, now: NOW })).series!.status,
    ).toBe("paused");
  });
});

describeTwoWorkers(
  "the daily placement",
  "two runs on two handles place each date once",
  async ([one, two]) => {
    await seed(one, { demoAccounts: false });
    await startFrom(one);
    const [a, b] = await Promise.all([
      placeDueOccurrences(one, { now: NOW }),
      placeDueOccurrences(two, { now: NOW }),
    ]);
    expect(a.placed + b.placed).toBe(3);
    expect(await occurrencesOf(one)).toHaveLength(3);
    expect(await one.select().from(s.appointments)).toHaveLength(4);
  },
);

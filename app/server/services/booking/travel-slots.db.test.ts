import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";
import {
  COWANSVILLE,
  FRIDAY_MORNING as NOW,
  GRANBY,
  granbyRequest as request,
  MONDAY,
  mondayAt as at,
  rejection,
  setOnDuty,
  teamOf,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { listSlotsTool } from "../assistant/lookup-tools.server";
import { bookSlot } from "./book-slot.server";
import { busyWindow, loadBusy, startOfLocalDay } from "./booking-context.server";
import { listOpenSlots } from "./list-open-slots.server";
import { invalidateOpenSlots, siteOf, slotsAnswerJson } from "./slot-cache.server";

/** Local start times of Monday's open slots for an address (none: the fixed buffer). */
async function mondayStarts(
  db: Db,
  place: { address: string; postalCode: string } | null,
): Promise<string[]> {
  const site = place ? await siteOf(`${place.address} ${place.postalCode}`) : null;
  const answer = await listOpenSlots(db, {
    zoneSlug: "granby",
    cars: 1,
    from: MONDAY,
    days: 1,
    site,
    now: NOW,
  });
  return answer.days[0]!.slots.map((slot) => slot.start.slice(11, 16));
}

describeDatabases("slots that know the road", ({ db }) => {
  let team: string[];

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    team = await teamOf(db(), "granby");
  });

  /** Leaves only this member of the Granby team active. */
  const onlyOnDuty = (memberId: string) => setOnDuty(db(), team, [memberId]);

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    await setOnDuty(db(), team, team);
  });

  it("blocks the next times for the booked member only as long as the drive", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    // One member on duty: what the booking blocks is that member's time.
    await onlyOnDuty(booked.teamMemberId);

    // The wash runs 10:00-11:30. Next door: 10 minutes to pack up, the next start is 12:00.
    const neighbour = await mondayStarts(db(), COWANSVILLE);
    expect(neighbour).toContain("12:00");
    expect(neighbour).not.toContain("11:30");
    // Across the zone: 11:30 + 10 + 33 min = 12:13, so 12:30, and no later.
    const across = await mondayStarts(db(), GRANBY);
    expect(across).not.toContain("12:00");
    expect(across).toContain("12:30");
    // Before it: a Granby job must end by 10:00 - 43 min; 09:00 ends at 10:30.
    expect(across).not.toContain("09:00");

    // Another member is not held by it.
    await setOnDuty(db(), team, team);
    expect(await mondayStarts(db(), GRANBY)).toEqual(expect.arrayContaining(["09:00", "12:00"]));
  });

  it("reads a member's day off beside their appointments: the day is gone from the list and refused in the transaction", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    const member = booked.teamMemberId;
    await onlyOnDuty(member);
    await db()
      .insert(s.teamTimeOff)
      .values({ teamMemberId: member, startsOn: MONDAY, endsOn: MONDAY, reason: "Rendez-vous médical" });
    invalidateOpenSlots();
    try {
      const busy = await loadBusy(db(), [member], busyWindow(MONDAY, 1));
      expect(busy).toHaveLength(2);
      // The appointment: its instants, its service end and its point.
      expect(busy).toContainEqual({
        teamMemberId: member,
        start: booked.startAt,
        end: expect.any(Date),
        serviceEnd: booked.endAt,
        point: { lat: expect.any(Number), lon: expect.any(Number) },
      });
      // The day off: the whole local day, no service end, no point.
      expect(busy).toContainEqual({
        teamMemberId: member,
        start: startOfLocalDay(MONDAY),
        end: startOfLocalDay("2026-03-10"),
      });
      // A move of that appointment reads the day off alone.
      expect(await loadBusy(db(), [member], busyWindow(MONDAY, 1), booked.appointmentId)).toEqual([
        { teamMemberId: member, start: startOfLocalDay(MONDAY), end: startOfLocalDay("2026-03-10") },
      ]);

      expect(await mondayStarts(db(), GRANBY)).toEqual([]);
      const error = await rejection(
        bookSlot(db(), {
          actor: null,
          input: request({ start: at("14:00"), ...COWANSVILLE, email: "conge@example.com" }),
          now: NOW,
        }),
      );
      expect(error.code).toBe("SLOT_TAKEN");
    } finally {
      await db().delete(s.teamTimeOff);
      invalidateOpenSlots();
    }
  });

  it("refuses in the booking transaction a start the drive makes impossible", async () => {
    const first = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    await onlyOnDuty(first.teamMemberId);

    const error = await rejection(
      bookSlot(db(), {
        actor: null,
        input: request({ start: at("12:00"), ...GRANBY, email: "autre@example.com" }),
        now: NOW,
      }),
    );
    expect(error.code).toBe("SLOT_TAKEN");
    const next = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("12:00"), ...COWANSVILLE, email: "voisin@example.com" }),
      now: NOW,
    });
    expect(next.teamMemberId).toBe(first.teamMemberId);
  });

  it("gives the assistant's list of times the same room for the drive when it knows the address", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    await onlyOnDuty(booked.teamMemberId);
    const ctx = { db: db(), ip: "203.0.113.48", now: () => NOW, proofs: new Map() };
    const starts = async (address?: string) => {
      const answer = await listSlotsTool(ctx, { zone: "granby", cars: 1, from: MONDAY, days: 1, address });
      if (!answer.ok) throw new Error(answer.message);
      return answer.days[0]!.starts.map((start) => start.slice(11, 16));
    };

    // Across the zone from the 10:00 job, 12:00 cannot be reached: the assistant no longer offers it.
    const across = await starts(`${GRANBY.address} ${GRANBY.postalCode}`);
    expect(across).not.toContain("12:00");
    expect(across).toContain("12:30");
    expect(across).toEqual(await mondayStarts(db(), GRANBY));
  });

  it("gives a job to the member already working next door rather than the one with a free day", async () => {
    const first = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("10:00"), ...COWANSVILLE }),
      now: NOW,
    });
    // Everyone else is free all day (less loaded) but would drive from Granby.
    const next = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("13:00"), ...COWANSVILLE, email: "voisin@example.com" }),
      now: NOW,
    });
    expect(next.teamMemberId).toBe(first.teamMemberId);
    // Without a known neighbour, the least loaded member takes it.
    const third = await bookSlot(db(), {
      actor: null,
      input: request({ start: at("15:00"), ...GRANBY, email: "granby@example.com" }),
      now: NOW,
    });
    expect(third.teamMemberId).not.toBe(first.teamMemberId);
  });

  it("keeps one cached slot list per address area", async () => {
    await bookSlot(db(), { actor: null, input: request({ start: at("10:00"), ...COWANSVILLE }), now: NOW });
    invalidateOpenSlots();
    const query = { zone: "granby", cars: 1, from: MONDAY, days: 1 };
    const listFor = async (address?: string) =>
      (
        JSON.parse(await slotsAnswerJson(db(), { ...query, address }, NOW)) as {
          days: { slots: { start: string }[] }[];
        }
      ).days[0]!.slots.map((slot) => slot.start.slice(11, 16));
    const near = await listFor(`${COWANSVILLE.address} ${COWANSVILLE.postalCode}`);
    const far = await listFor(`${GRANBY.address} ${GRANBY.postalCode}`);
    const none = await listFor();
    // The first list cached must not answer for another area.
    expect(near).not.toEqual(far);
    expect(await listFor(`${COWANSVILLE.address} ${COWANSVILLE.postalCode}`)).toEqual(near);
    expect(none).toEqual(await mondayStarts(db(), null));
  });
});

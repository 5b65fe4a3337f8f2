import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { clearBookings, granbyRequest, rejection } from "../../../../tests/factories/bookings";
import { makeReportReady } from "../../../../tests/factories/job-report";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { getDeskBooking } from "../booking/booking-desk.server";
import { recordConsent } from "../messaging/consent.server";
import { resolveCrewMember, type CrewActor } from "./crew-access.server";
import { loadCrewStatuses, loadDelays, recordCrewStatus } from "./record-crew-status.server";

/** Booked on the Friday before; the two stops are on Monday 2026-03-09 (ADR 070: a fixed clock). */
const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
const at = (time: string) => new Date(`2026-03-09T${time}:00-04:00`);

describeDatabases("the crew's status taps (ADR 078)", ({ db }) => {
  let crew: CrewActor;
  let colleague: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "crew@example.com"));
    crew = await resolveCrewMember(db(), user!);
    const [other] = await db()
      .select({ id: s.teamMembers.id })
      .from(s.teamMembers)
      .where(eq(s.teamMembers.email, "marc-andre.gagnon@lavageprestige.ca"));
    colleague = other!.id;
  });

  /**
   * Two stops of the crew member at the same address: 09:00 and, 15 minutes after the first's
   * end, the second (set-up 10 min, no drive: on time only if the first starts on time).
   */
  beforeEach(async () => {
    await clearBookings(db());
    const book = async (start: string, name: string, email: string, phone: string, smsConsent: boolean) =>
      (
        await bookSlot(db(), {
          actor: null,
          input: granbyRequest({ start, name, email, phone, smsConsent: smsConsent ? "on" : undefined }),
          now: BOOKED_AT,
        })
      ).appointmentId;
    first = await book(
      "2026-03-09T09:00:00-04:00",
      "Léa Tremblay",
      "lea@example.com",
      "(450) 555-0199",
      true,
    );
    second = await book(
      "2026-03-09T13:00:00-04:00",
      "Paul Hébert",
      "paul@example.com",
      "(450) 555-0198",
      true,
    );
    const [one] = await db().select().from(s.appointments).where(eq(s.appointments.id, first));
    const secondStart = new Date(one!.endAt.getTime() + 15 * 60_000);
    const length = 60 * 60_000;
    await db()
      .update(s.appointments)
      .set({ teamMemberId: crew.memberId, blockedUntil: one!.endAt })
      .where(eq(s.appointments.id, first));
    await db()
      .update(s.appointments)
      .set({
        teamMemberId: crew.memberId,
        startAt: secondStart,
        endAt: new Date(secondStart.getTime() + length),
        blockedUntil: new Date(secondStart.getTime() + length),
      })
      .where(eq(s.appointments.id, second));
  });

  const events = (appointmentId: string) =>
    db()
      .select()
      .from(s.appointmentStatusEvents)
      .where(eq(s.appointmentStatusEvents.appointmentId, appointmentId));
  const texts = (appointmentId: string) =>
    db()
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.appointmentId, appointmentId), eq(s.smsMessages.direction, "outbound")));
  const mails = async (appointmentId: string) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.crew-arrival"))).filter(
      (j) => (j.payload as { appointmentId: string }).appointmentId === appointmentId,
    );

  it("« En route » is recorded once, with who, and tells the customer the arrival time once", async () => {
    const tap = () =>
      recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "en_route", now: at("08:41") });
    const result = await tap();
    expect(result.recorded).toBe(true);
    // From the base (Granby's centre, no previous stop) to the address: a few minutes, rounded up to 5.
    expect(result.expectedArrivalAt!.getTime()).toBeGreaterThan(at("08:41").getTime());
    expect(result.expectedArrivalAt!.getUTCMinutes() % 5).toBe(0);
    const again = await tap();
    expect(again.recorded).toBe(false);
    expect(await events(first)).toEqual([
      expect.objectContaining({
        status: "en_route",
        byName: `${crew.firstName} ${crew.lastName}`,
        byUserId: crew.userId,
      }),
    ]);
    const sms = await texts(first);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ status: "queued", category: "transactional" });
    expect(sms[0]!.body).toMatch(/en route, arrivée prévue vers \d{1,2} h \d{2}/);
    expect(await mails(first)).toHaveLength(1);
  });

  it("uses the phone's position when given: a farther crew gets a later arrival time", async () => {
    const near = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "en_route",
      now: at("08:00"),
    });
    await db().delete(s.appointmentStatusEvents);
    const far = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "en_route",
      // Saint-Hyacinthe, about 40 km away.
      position: { lat: 45.6307, lon: -72.9568 },
      now: at("08:00"),
    });
    expect(far.expectedArrivalAt!.getTime() - near.expectedArrivalAt!.getTime()).toBeGreaterThanOrEqual(
      20 * 60_000,
    );
  });

  it("records two taps at once a single time (one text, one row)", async () => {
    const results = await Promise.all(
      [0, 1].map(() =>
        recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "en_route", now: at("08:41") }),
      ),
    );
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    expect(await events(first)).toHaveLength(1);
    expect(await texts(first)).toHaveLength(1);
    await makeReportReady(db(), first);
    const finished = await Promise.all(
      [0, 1].map(() =>
        recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "finished", now: at("10:30") }),
      ),
    );
    expect(finished.filter((r) => r.recorded)).toHaveLength(1);
    expect((await events(first)).map((e) => e.status).sort()).toEqual(["en_route", "finished"]);
  });

  it("never goes backwards; a step may be skipped", async () => {
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "arrived", now: at("08:55") });
    const back = await rejection(
      recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "en_route", now: at("08:56") }),
    );
    expect(back).toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE", message: "STATUS_BACKWARDS" });
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "started", now: at("09:00") });
    // A late retry of « Arrivé » (already recorded) is no error and changes nothing.
    const retry = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "arrived",
      now: at("09:01"),
    });
    expect(retry).toMatchObject({ recorded: false, at: at("08:55") });
    expect((await events(first)).map((e) => e.status).sort()).toEqual(["arrived", "started"]);
    // No text for « Arrivé » and « Commencé »: only « En route » tells the customer.
    expect(await texts(first)).toHaveLength(0);
  });

  it("« Terminé » completes the appointment as the franchisee would, not before its start", async () => {
    const early = await rejection(
      recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "finished", now: at("08:59") }),
    );
    expect(early).toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE", message: "NOT_STARTED" });
    expect(await events(first)).toHaveLength(0);
    await makeReportReady(db(), first);
    const done = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "finished",
      now: at("10:20"),
    });
    expect(done.recorded).toBe(true);
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, first));
    expect(row).toMatchObject({ status: "completed", completedAt: at("10:20") });
    // The review request of every completed wash (ADR 049), asked at once by the wash report (ADR 088).
    const reviews = await db().select().from(s.reviewRequests);
    expect(reviews.map((r) => r.appointmentId)).toEqual([first]);
    const again = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "finished",
      now: at("10:21"),
    });
    expect(again.recorded).toBe(false);
  });

  it("reaches only the member's own appointments of their own franchisee", async () => {
    await db().update(s.appointments).set({ teamMemberId: colleague }).where(eq(s.appointments.id, second));
    const notMine = await rejection(
      recordCrewStatus(db(), { actor: crew, appointmentId: second, status: "en_route", now: at("08:00") }),
    );
    expect(notMine.code).toBe("NOT_FOUND");
    const zones = await db().select().from(s.serviceZones);
    const sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    const forged = await rejection(
      recordCrewStatus(db(), {
        actor: { ...crew, franchiseeId: sherbrooke },
        appointmentId: first,
        status: "en_route",
        now: at("08:00"),
      }),
    );
    expect(forged.code).toBe("NOT_FOUND");
    expect(await events(first)).toHaveLength(0);
    expect(await events(second)).toHaveLength(0);
  });

  it("flags a late next stop and tells its customer the new time once", async () => {
    // Arrived 20 minutes late at the first stop: the second cannot start on time.
    const arrived = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "arrived",
      now: at("09:20"),
    });
    expect(arrived.lateNext).toMatchObject({ appointmentId: second, minutesLate: 15 });
    const flags = await loadDelays(db(), [first, second]);
    expect(flags.get(first)).toBeUndefined();
    expect(flags.get(second)).toMatchObject({ minutesLate: 15 });
    const told = await texts(second);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("nouvelle heure d'arrivée prévue vers");
    expect(await mails(second)).toHaveLength(1);
    expect((await mails(second))[0]!.payload).toMatchObject({ kind: "late" });
    // Later taps update the flag without telling the customer again.
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "arrived", now: at("09:40") });
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "started", now: at("09:41") });
    expect(await texts(second)).toHaveLength(1);
    expect(await mails(second)).toHaveLength(1);
  });

  it("an on-time crew flags nothing", async () => {
    const result = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "arrived",
      now: at("08:58"),
    });
    expect(result.lateNext).toBeNull();
    expect((await loadDelays(db(), [second])).size).toBe(0);
    expect(await texts(second)).toHaveLength(0);
  });

  it("texts only a customer who ticked the SMS box and did not say STOP; the e-mail goes in every case", async () => {
    await db().update(s.appointments).set({ smsConsent: false }).where(eq(s.appointments.id, first));
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "en_route", now: at("08:41") });
    expect(await texts(first)).toHaveLength(0);
    expect(await mails(first)).toHaveLength(1);

    await recordConsent(db(), {
      channel: "sms",
      address: "+14505550198",
      kind: "express",
      action: "withdrawn",
      source: "sms_keyword",
      now: at("07:00"),
    });
    await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: second,
      status: "en_route",
      now: at("10:30"),
    });
    expect(await texts(second)).toHaveLength(0);
    expect(await mails(second)).toHaveLength(1);
    const history = await loadCrewStatuses(db(), [first, second]);
    expect(history.get(second)?.map((h) => h.status)).toEqual(["en_route"]);
  });

  it("the booking's history lists the steps with who and when; the schedule sees the last one", async () => {
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "en_route", now: at("08:41") });
    await recordCrewStatus(db(), { actor: crew, appointmentId: first, status: "arrived", now: at("08:52") });
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, first));
    const desk = await getDeskBooking(
      db(),
      {
        actor: { id: "x", role: "franchisee", name: "Granby", email: "g@example.com" },
        franchiseeId: crew.franchiseeId,
      },
      row!.bookingId,
    );
    expect(desk.crewSteps.map((step) => [step.status, step.at, step.byName])).toEqual([
      ["en_route", at("08:41"), `${crew.firstName} ${crew.lastName}`],
      ["arrived", at("08:52"), `${crew.firstName} ${crew.lastName}`],
    ]);
    expect(desk.crewSteps[0]!.expectedArrivalAt).not.toBeNull();
    // The e-mail and the text sent with « En route » are among the booking's messages.
    expect(desk.messages.map((m) => [m.channel, m.kind])).toEqual(
      expect.arrayContaining([
        ["email", "en_route"],
        ["sms", "outbound"],
      ]),
    );
  });

  it("a tap kept offline is recorded at the time it was made; an arrival time already past tells the customer nothing", async () => {
    // « En route » tapped at 08:41 without network, sent at 10:30 when the phone found it again.
    const result = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "en_route",
      now: at("08:41"),
      receivedAt: at("10:30"),
    });
    expect(result.recorded).toBe(true);
    expect(result.expectedArrivalAt!.getTime()).toBeLessThan(at("10:30").getTime());
    expect(await events(first)).toEqual([expect.objectContaining({ status: "en_route", at: at("08:41") })]);
    expect(await texts(first)).toEqual([]);
    expect(await mails(first)).toEqual([]);
    // Sent once more (its answer was lost): nothing twice.
    const again = await recordCrewStatus(db(), {
      actor: crew,
      appointmentId: first,
      status: "en_route",
      now: at("08:41"),
      receivedAt: at("10:31"),
    });
    expect(again).toMatchObject({ recorded: false, at: at("08:41") });
    expect(await events(first)).toHaveLength(1);
  });
});

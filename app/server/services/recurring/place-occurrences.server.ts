/**
 * The daily placement of recurring washes (issue 34, ADR 086): each active series' occurrences
 * within the lookahead become real bookings through the booking transaction (`bookSlot`: no
 * double booking, drive times, days off). The occurrence row is claimed in that transaction
 * (unique per series and day), so two runs place it once. A taken time books the nearest free
 * one and tells the customer; none free records the day as unplaced and tells them too.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  appointments,
  appointmentUpsells,
  bookingSeries,
  bookingSeriesOccurrences,
  serviceZones,
} from "#db/schema";
import { isWithinBookingHorizon } from "~/domain/booking/horizon";
import {
  NEAREST_SEARCH_DAYS,
  nearestStart,
  occurrencesToPlace,
  PLACEMENT_MIN_LEAD_MS,
  type Occurrence,
} from "~/domain/booking/recurrence";
import type { BookingRequest } from "~/domain/booking/schemas";
import { addDaysToDateString, BUSINESS_TIME_ZONE, formatIsoWithOffset, localDate } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { log } from "../../log.server";
import type { StripeClient } from "../../payments/stripe.server";
import { bookSlot, type BookSlotResult } from "../booking/book-slot.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { siteOf } from "../booking/slot-cache.server";
import { occurrenceCardStep } from "../payments/kept-card-step.server";

const DAY_MS = 24 * 60 * 60_000;

/** The occurrence was placed (or skipped) already, or its series paused or ended meanwhile. */
class NothingToPlace extends Error {}

export type PlacementOutcome = "placed" | "moved" | "unplaced" | "already";

interface SeriesSource {
  seriesId: string;
  intervalWeeks: number;
  anchorStart: Date;
  teamMemberId: string;
  userId: string | null;
  zoneSlug: string;
  input: Omit<BookingRequest, "start">;
}

/** The series to place (one, or every active one) with what their source booking carries. */
async function seriesSources(db: Db, seriesId?: string): Promise<SeriesSource[]> {
  const rows = await db
    .select({ series: bookingSeries, source: appointments, zoneSlug: serviceZones.routeSlug })
    .from(bookingSeries)
    .innerJoin(appointments, eq(appointments.id, bookingSeries.sourceAppointmentId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(and(eq(bookingSeries.status, "active"), seriesId ? eq(bookingSeries.id, seriesId) : sql`true`))
    .orderBy(asc(bookingSeries.createdAt));
  if (rows.length === 0) return [];
  const extras = await db
    .select({ appointmentId: appointmentUpsells.appointmentId, name: appointmentUpsells.name })
    .from(appointmentUpsells)
    .where(sql`${appointmentUpsells.appointmentId} in ${rows.map((r) => r.source.id)}`);
  return rows.map(({ series, source, zoneSlug }) => ({
    seriesId: series.id,
    intervalWeeks: series.intervalWeeks,
    anchorStart: source.startAt,
    teamMemberId: source.teamMemberId,
    userId: source.userId,
    zoneSlug,
    input: {
      zone: zoneSlug,
      cars: source.cars,
      name: source.customerName,
      email: source.customerEmail,
      phone: source.customerPhone,
      address: source.address,
      postalCode: source.postalCode ?? undefined,
      serviceId: source.serviceId,
      smsConsent: source.smsConsent,
      // The booking's offers consent is not given again by a job.
      emailConsent: false,
      upsells: extras.filter((e) => e.appointmentId === source.id).map((e) => e.name),
    },
  }));
}

/**
 * In the booking's transaction: the series still active (its row locked, so a pause or an end
 * waits or wins), then the occurrence's row, once. Anything else: nothing is placed.
 */
async function claimOccurrence(
  tx: Tx,
  row: {
    seriesId: string;
    date: string;
    plannedStart: Date;
    status: "placed" | "moved" | "unplaced";
    appointmentId: string | null;
  },
): Promise<void> {
  const [series] = await tx
    .select({ status: bookingSeries.status })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, row.seriesId))
    .for("update");
  if (series?.status !== "active") throw new NothingToPlace();
  const [claimed] = await tx
    .insert(bookingSeriesOccurrences)
    .values({
      seriesId: row.seriesId,
      occurrenceDate: row.date,
      status: row.status,
      appointmentId: row.appointmentId,
      plannedStart: row.plannedStart,
    })
    .onConflictDoNothing({
      target: [bookingSeriesOccurrences.seriesId, bookingSeriesOccurrences.occurrenceDate],
    })
    .returning({ id: bookingSeriesOccurrences.id });
  if (!claimed) throw new NothingToPlace();
}

const isSlotLost = (error: unknown) =>
  error instanceof AppError && (error.code === "SLOT_TAKEN" || error.code === "SLOT_UNAVAILABLE");

/** The owner of the source booking, as the booking's actor (the occurrences stay in their space). */
function ownerActor(source: SeriesSource): SessionUser | null {
  if (!source.userId) return null;
  return {
    id: source.userId,
    role: "client",
    email: source.input.email,
    name: source.input.name,
    firstName: "",
    lastName: "",
  };
}

/** Open starts around the planned day, after the 24 h lead and within the horizon. */
async function startsAround(
  db: Db,
  source: SeriesSource,
  occurrence: Occurrence,
  now: Date,
): Promise<Date[]> {
  const today = localDate(now);
  const wanted = addDaysToDateString(occurrence.date, -NEAREST_SEARCH_DAYS);
  const from = wanted < today ? today : wanted;
  const site = await siteOf([source.input.address, source.input.postalCode].filter(Boolean).join(" "));
  const open = await listOpenSlots(db, {
    zoneSlug: source.zoneSlug,
    cars: source.input.cars,
    serviceId: source.input.serviceId,
    site,
    from,
    days: NEAREST_SEARCH_DAYS * 2 + 1,
    now,
  });
  const earliest = now.getTime() + PLACEMENT_MIN_LEAD_MS;
  return open.days
    .flatMap((day) => day.slots.map((slot) => new Date(slot.start)))
    .filter((start) => start.getTime() > earliest && isWithinBookingHorizon(start, now));
}

/**
 * Places one occurrence: at its own time with its crew member when free, else the nearest free
 * time (the customer told by e-mail), else recorded unplaced (told too). "already" when another
 * run, a skip, a pause or an end came first.
 */
export async function placeOccurrence(
  db: Db,
  source: SeriesSource,
  occurrence: Occurrence,
  { now, stripe }: { now: Date; stripe?: StripeClient },
): Promise<PlacementOutcome> {
  const book = (start: Date, status: "placed" | "moved") =>
    bookSlot(db, {
      actor: ownerActor(source),
      input: { ...source.input, start: formatIsoWithOffset(start, BUSINESS_TIME_ZONE) },
      now,
      series: {
        preferredMemberId: source.teamMemberId,
        claim: async (tx, appointmentId) => {
          await claimOccurrence(tx, {
            seriesId: source.seriesId,
            date: occurrence.date,
            plannedStart: occurrence.start,
            status,
            appointmentId,
          });
          if (status === "moved") {
            await enqueue(tx, "email.recurring", {
              kind: "moved",
              seriesId: source.seriesId,
              appointmentId,
              plannedStart: occurrence.start.toISOString(),
            });
          }
        },
      },
    });
  const afterBooking = async (booking: BookSlotResult) => {
    // A zone that takes a card: the customer's kept card off-session, else the card step by link,
    // as for the API (ADR 074, 086).
    if (stripe) await occurrenceCardStep(db, booking, { stripe, now });
  };
  try {
    await afterBooking(await book(occurrence.start, "placed"));
    return "placed";
  } catch (error) {
    if (error instanceof NothingToPlace) return "already";
    if (!isSlotLost(error)) throw error;
  }
  const candidates = await startsAround(db, source, occurrence, now);
  // Two tries: the nearest may be taken between the list and the booking.
  for (let attempt = 0; attempt < 2; attempt++) {
    const nearest = nearestStart(occurrence.start, candidates);
    if (!nearest) break;
    try {
      await afterBooking(await book(nearest, "moved"));
      return "moved";
    } catch (error) {
      if (error instanceof NothingToPlace) return "already";
      if (!isSlotLost(error)) throw error;
      candidates.splice(candidates.indexOf(nearest), 1);
    }
  }
  try {
    await db.transaction(async (tx) => {
      await claimOccurrence(tx, {
        seriesId: source.seriesId,
        date: occurrence.date,
        plannedStart: occurrence.start,
        status: "unplaced",
        appointmentId: null,
      });
      await enqueue(tx, "email.recurring", {
        kind: "unplaced",
        seriesId: source.seriesId,
        appointmentId: null,
        plannedStart: occurrence.start.toISOString(),
      });
    });
    return "unplaced";
  } catch (error) {
    if (error instanceof NothingToPlace) return "already";
    throw error;
  }
}

/**
 * The job's run: every active series (or one, just started), each occurrence due within the
 * lookahead and not yet recorded. One series' failure (a zone closed, an extra withdrawn) is
 * logged and does not stop the others; the next day's run tries again.
 */
export async function placeDueOccurrences(
  db: Db,
  { now, seriesId, stripe }: { now: Date; seriesId?: string; stripe?: StripeClient },
): Promise<Record<PlacementOutcome, number>> {
  const counts: Record<PlacementOutcome, number> = { placed: 0, moved: 0, unplaced: 0, already: 0 };
  for (const source of await seriesSources(db, seriesId)) {
    const due = occurrencesToPlace(
      { anchorStart: source.anchorStart, intervalWeeks: source.intervalWeeks, timeZone: BUSINESS_TIME_ZONE },
      now,
    );
    if (due.length === 0) continue;
    const recorded = new Set(
      (
        await db
          .select({ date: bookingSeriesOccurrences.occurrenceDate })
          .from(bookingSeriesOccurrences)
          .where(eq(bookingSeriesOccurrences.seriesId, source.seriesId))
      ).map((r) => r.date),
    );
    for (const occurrence of due.filter((o) => !recorded.has(o.date))) {
      try {
        counts[await placeOccurrence(db, source, occurrence, { now, stripe })]++;
      } catch (error) {
        log.warn("A recurring wash could not be placed: tried again tomorrow", {
          seriesId: source.seriesId,
          date: occurrence.date,
          error: String(error),
        });
        break;
      }
    }
  }
  return counts;
}

/** Queues the placement run of `day`'s date, once whatever the number of workers (its key is the day). */
export async function scheduleRecurringPlacement(db: Db, runAt: Date): Promise<void> {
  await enqueue(
    db,
    "recurring.place",
    {},
    { runAt, singletonKey: `recurring.place:${runAt.toISOString().slice(0, 10)}` },
  );
}

/** The next daily run, a day after this one. */
export const nextPlacementRun = (now: Date) => new Date(now.getTime() + DAY_MS);

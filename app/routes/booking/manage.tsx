import { useEffect } from "react";
import { data, useFetcher } from "react-router";

import { BookingDetails } from "~/components/booking/manage/booking-details";
import { ChangeBooking, type OpenSlotsForChange } from "~/components/booking/manage/change-booking";
import { formatDateTime } from "~/components/booking/manage/manage-format";
import { InvalidLink } from "~/components/booking/manage/invalid-link";
import { CallUs, Cancelled } from "~/components/booking/manage/no-online-change";
import type { ManageActionResult } from "~/components/booking/manage/types";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { toast } from "~/components/ui/toast";
import { CancelSchema, RescheduleSchema } from "~/domain/booking/schemas";
import { hasCode } from "~/lib/errors";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";
import { weatherMessages } from "~/lib/messages/weather.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { loadManageAccess, weatherMoveOfBooking } from "~/server/services/booking/manage-access.server";
import { cancelBooking } from "~/server/services/booking/cancel-booking.server";
import { getAppointment } from "~/server/services/booking/get-appointment.server";
import { listOpenSlotsForMove } from "~/server/services/booking/booking-travel.server";
import { rescheduleBooking } from "~/server/services/booking/reschedule-booking.server";
import { RecurringCard } from "~/components/booking/manage/recurring-card";
import { isRecurringIntent } from "~/domain/booking/recurrence-schemas";
import { loadRecurringCard, recurringAction } from "./manage-recurring.server";
import type { Route } from "./+types/manage";

const t = manageBookingMessages;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: `/booking/manage/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

/** One answer for an unknown booking and for a link that does not open it: the id's existence stays secret. */
const invalidLink = () => data({ valid: false as const }, { status: 404 });

/**
 * The booking behind a manage link, or of its signed-in owner (ADR 025 addendum). An unknown
 * booking and a wrong or missing token without the owner's session get the same 404 page, with
 * nothing about the booking (ADR 045). Open slots are listed only while a change is allowed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = getDb();
  const now = new Date();
  // Public page: the token opens it; a session only adds the booking's owner (a client).
  const actor = await getSessionUser(request);
  try {
    const access = await loadManageAccess(db, { bookingId: params.bookingId, token, actor });
    if (!access) return invalidLink();
    const appointment = await getAppointment(db, {
      bookingId: params.bookingId,
      token: access === "token" ? token : undefined,
      actor: access === "owner" ? actor : null,
      now,
      weatherLink: access === "weather",
    });
    const { customer } = appointment;
    if (!customer) return invalidLink();
    // A weather move's link (ADR 090): a new time may be picked whatever the 24 h limit.
    const weather = access === "weather" ? await weatherMoveOfBooking(db, params.bookingId, token) : null;
    const changeAllowed =
      appointment.selfServiceChangeAllowed ||
      (weather?.pending === true && appointment.status === "scheduled");
    // The owner's forms carry no token (a wrong one in the address is not echoed back).
    return {
      valid: true as const,
      token: access === "token" || access === "weather" ? token : "",
      weather,
      appointment: { ...appointment, customer, selfServiceChangeAllowed: changeAllowed },
      slots: changeAllowed ? await openSlots(appointment, now) : null,
      // The recurring wash of this booking (ADR 086).
      owner: access === "owner",
      // Not on a weather move's link: its token is no manage token (ADR 090).
      recurring:
        access === "weather"
          ? null
          : await loadRecurringCard(db, { bookingId: params.bookingId, token, actor, now }),
    };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) return invalidLink();
    throw error;
  }
}

/** Every day of the next 30 (closed ones included: the picker shows them disabled). */
async function openSlots(appointment: { bookingId: string }, now: Date): Promise<OpenSlotsForChange> {
  try {
    // The drive to and from the booking's address, as the move's re-check (ADR 048).
    const open = await listOpenSlotsForMove(getDb(), { bookingId: appointment.bookingId, now });
    return { durationMinutes: open.duration_minutes, days: open.days };
  } catch (error) {
    // A zone that stopped taking bookings has no slots to offer: the page says to call.
    if (!hasCode(error)) throw error;
    return { durationMinutes: 0, days: [] };
  }
}

/**
 * Cancel or reschedule: the services re-check the token or the owner, the status and the 24 h
 * rule. The signed-in owner's forms carry no token. A wrong token answers as an unknown booking
 * (404); a time taken meanwhile answers 409 with that time, for the picker.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const actor = await getSessionUser(request);
  // Without a token, only a session can still be the owner: the service decides.
  const tokenless = actor !== null && (form.token === undefined || form.token === "");
  const now = new Date();
  const db = getDb();
  if (isRecurringIntent(form.intent)) {
    return recurringAction(db, form, { bookingId: params.bookingId, actor, now });
  }
  const answer = (result: ManageActionResult, status = 200) => data<ManageActionResult>(result, { status });
  const fail = (error: unknown, taken?: string) => {
    if (hasCode(error, "NOT_FOUND", "INVALID_MANAGE_TOKEN"))
      return answer({ ok: false, error: t.invalidLink }, 404);
    const failure = failureOf(error);
    const lost = hasCode(error, "SLOT_TAKEN", "SLOT_UNAVAILABLE") ? taken : undefined;
    return answer({ ok: false, error: failure.message, ...(lost ? { taken: lost } : {}) }, failure.status);
  };

  if (form.intent === "cancel") {
    const parsed = tokenless
      ? CancelSchema.omit({ token: true }).safeParse(form)
      : CancelSchema.safeParse(form);
    if (!parsed.success) return answer({ ok: false, error: t.invalidLink }, 400);
    try {
      await cancelBooking(db, { bookingId: params.bookingId, input: parsed.data, now, actor });
      return answer({ ok: true, intent: "cancel" });
    } catch (error) {
      return fail(error);
    }
  }
  if (form.intent === "reschedule") {
    const parsed = tokenless
      ? RescheduleSchema.omit({ token: true }).safeParse(form)
      : RescheduleSchema.safeParse(form);
    if (!parsed.success) {
      const start = parsed.error.issues.some((issue) => issue.path[0] === "start");
      return answer({ ok: false, error: start ? t.slotRequired : t.invalidLink }, 400);
    }
    try {
      const moved = await rescheduleBooking(db, {
        bookingId: params.bookingId,
        input: parsed.data,
        now,
        actor,
      });
      return answer({ ok: true, intent: "reschedule", start: moved.startAt.toISOString() });
    } catch (error) {
      return fail(error, parsed.data.start);
    }
  }
  return answer({ ok: false, error: bookingMessages.invalidRequest }, 400);
}

export default function ManageBookingPage({ loaderData }: Route.ComponentProps) {
  // The fetcher lives here: a cancel unmounts the change card while its answer is still to show.
  const fetcher = useFetcher<ManageActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result?.ok) return;
    toast({
      title: result.intent === "cancel" ? t.cancelled : t.rescheduled(formatDateTime(result.start)),
    });
  }, [result]);

  if (!loaderData.valid) return <InvalidLink />;
  const { appointment, token, slots, recurring, owner } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(appointment.bookingId)}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.title}</h1>
      </header>
      {loaderData.weather?.pending && appointment.status === "scheduled" ? (
        <Alert data-testid="weather-notice">
          <AlertDescription>
            {weatherMessages.customer.banner(weatherMessages.because[loaderData.weather.reason])}
          </AlertDescription>
        </Alert>
      ) : null}
      <BookingDetails appointment={appointment} />
      {appointment.status === "cancelled" ? (
        <Cancelled />
      ) : appointment.selfServiceChangeAllowed && slots ? (
        <ChangeBooking fetcher={fetcher} token={token} appointment={appointment} slots={slots} />
      ) : (
        <CallUs scheduled={appointment.status === "scheduled"} />
      )}
      {recurring ? <RecurringCard data={recurring} token={token} owner={owner} /> : null}
    </section>
  );
}

/**
 * The franchisee's schedule (/franchisee/schedule, ADR 052, 078, 090, 104): what its page shows,
 * and its actions, each limited on the server to the franchisee's own appointments and members.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { FranchiseeActionData } from "~/components/franchisee/action-data";
import { FranchiseeCancelSchema, MoveAppointmentSchema, ReassignSchema } from "~/domain/franchisee/schemas";
import { shownDay } from "~/domain/franchisee/schedule-day";
import { dayPeriod, daysOf, isLocalDate, weekPeriod } from "~/domain/time/periods";
import { BUSINESS_TIME_ZONE, localDate, zonedWallTimeToInstant } from "~/domain/time/zoned";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { cancelAppointment } from "~/server/services/appointments/cancel-appointment.server";
import { completeAppointment } from "~/server/services/appointments/complete-appointment.server";
import { markNoShow } from "~/server/services/appointments/mark-no-show.server";
import { moveAppointment } from "~/server/services/appointments/move-appointment.server";
import { reassignAppointment } from "~/server/services/appointments/reassign-appointment.server";
import { loadCrewStatuses, loadDelays } from "~/server/services/crew/record-crew-status.server";
import { listSchedule, listScheduleTeam } from "~/server/services/franchisee/list-schedule.server";
import { loadWeatherStates } from "~/server/services/weather/weather-move.server";
import { requireFranchisee, scheduleFailure } from "./guard.server";

const s = franchiseeMessages.schedule;

/**
 * ?view=day|week&date=yyyy-MM-dd (default: this week, business time zone). Without a date, the
 * week opens on today, or on its next day with appointments when today has none (ADR 104): the
 * day listed on a phone and the one « Voir les trajets du jour » opens.
 */
export async function loadSchedule({ request, url }: { request: Request; url: URL }) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const params = new URL(request.url).searchParams;
  const view = params.get("view") === "day" ? "day" : "week";
  const now = new Date();
  const today = localDate(now);
  const asked = isLocalDate(params.get("date")) ? params.get("date")! : null;
  const period = view === "day" ? dayPeriod(asked ?? today) : weekPeriod(asked ?? today);
  const [listed, team] = await Promise.all([
    listSchedule(db, { franchiseeId: franchisee.id, period }),
    listScheduleTeam(db, { franchiseeId: franchisee.id, period }),
  ]);
  const days = daysOf(period);
  const busyDays = new Set(listed.filter((a) => a.status !== "cancelled").map((a) => localDate(a.startAt)));
  const date = view === "day" ? (asked ?? today) : shownDay({ days, today, asked, busyDays });
  // The crew's last step and late flags (ADR 078), of this franchisee's listed appointments only.
  const ids = listed.map((a) => a.id);
  const [steps, delays, weather] = await Promise.all([
    loadCrewStatuses(db, ids),
    loadDelays(db, ids),
    loadWeatherStates(db, ids),
  ]);
  const appointments = listed.map((a) => ({
    ...a,
    // A day moved for the weather (ADR 090): waiting for the customer's new time, or rebooked.
    weather: weather.get(a.id) ?? null,
    crewStep: steps.get(a.id)?.at(-1) ?? null,
    late: delays.get(a.id) ?? null,
  }));
  return { view, date, today, period, days, appointments, team, now: now.getTime() };
}

/** Schedule actions, each limited on the server to the franchisee's own appointments and members. */
export async function scheduleAction({ request, url }: { request: Request; url: URL }) {
  const { franchisee, db, user: actor } = await requireFranchisee({ request, url });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const franchiseeId = franchisee.id;
  const fail = (error: string, status: number) =>
    data<FranchiseeActionData>({ intent, ok: false, error }, { status });
  const done = async (title: string, description?: string) =>
    data<FranchiseeActionData>({ intent, ok: true }, { headers: await flashHeaders({ title, description }) });
  const appointmentId = String(formData.get("appointmentId") ?? "");
  const validId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appointmentId);
  if (!validId) return fail(s.notFound, 404);
  try {
    switch (intent) {
      case "complete": {
        const { pointsCredited } = await completeAppointment(db, { appointmentId, franchiseeId });
        return done(s.completed, s.completedPoints(pointsCredited));
      }
      case "noShow":
        await markNoShow(db, { appointmentId, franchiseeId });
        return done(s.noShowDone);
      case "cancel": {
        const parsed = FranchiseeCancelSchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return fail(s.cancelReasonRequired, 400);
        await cancelAppointment(db, { appointmentId, franchiseeId, actor, reason: parsed.data.reason });
        return done(s.cancelled, s.cancelledText);
      }
      case "move": {
        // A drag and drop or « Déplacer » (ADR 104): the desk's move, held to the chosen member.
        const parsed = MoveAppointmentSchema.safeParse(Object.fromEntries(formData));
        if (!parsed.success) return fail(s.moveInvalid, 400);
        const { teamMemberId, date, time } = parsed.data;
        await moveAppointment(db, {
          appointmentId,
          franchiseeId,
          teamMemberId,
          start: zonedWallTimeToInstant(date, time, BUSINESS_TIME_ZONE),
          actor,
          now: new Date(),
        });
        return done(s.moved, s.movedText);
      }
      case "reassign": {
        const submission = parseWithZod(formData, { schema: ReassignSchema });
        if (submission.status !== "success") return fail(s.memberNotFound, 400);
        await reassignAppointment(db, { ...submission.value, franchiseeId, actor });
        return done(s.reassigned);
      }
      default:
        return fail(s.actionError, 400);
    }
  } catch (error) {
    const failure = intent === "move" ? moveFailure(error) : scheduleFailure(error);
    return fail(failure.message, failure.status);
  }
}

/** Why a move was refused, in French (the card stays where it was). */
function moveFailure(error: unknown) {
  return failureOf(error, {
    NOT_FOUND: (e) => (e.message === "MEMBER" ? s.memberNotFound : s.notFound),
    APPOINTMENT_NOT_CHANGEABLE: s.notChangeable,
    SLOT_TAKEN: s.moveSlotTaken,
    SLOT_UNAVAILABLE: (e) => (e.message === "TIME_OFF" ? s.moveTimeOff : s.moveSlotUnavailable),
    BEYOND_BOOKING_HORIZON: s.moveBeyondHorizon,
    UNKNOWN: s.actionError,
  });
}

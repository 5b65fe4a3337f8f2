/**
 * The manage page's recurring-wash card (ADR 086): its data for the loader and its action's
 * intents (`recurring-*`), the rest of the page untouched.
 */
import { data } from "react-router";
import { RecurringActionSchema } from "~/domain/booking/recurrence-schemas";
import { formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { hasCode } from "~/lib/errors";
import { recurringMessages } from "~/lib/messages/recurring.fr";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";
import type { SessionUser } from "~/server/auth.server";
import type { Db } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { recurringPanel } from "~/server/services/recurring/series-panel.server";
import { changeSeries, skipOccurrence, startSeries } from "~/server/services/recurring/series.server";
import type { RecurringCardData, RecurringResult } from "~/components/booking/manage/recurring-types";
import { localDate } from "~/domain/time/zoned";

const r = recurringMessages;

/** The card's data, serializable; null when the page shows no card (a cancelled or missed booking). */
export async function loadRecurringCard(
  db: Db,
  access: { bookingId: string; token: string; actor: SessionUser | null; now: Date },
): Promise<RecurringCardData | null> {
  const panel = await recurringPanel(db, { ...access, token: access.token || undefined });
  if (!panel.series) return panel.canStart ? { canStart: true, series: null } : null;
  const { series } = panel;
  const anchorDate = localDate(series.anchorStart);
  return {
    canStart: false,
    series: {
      intervalWeeks: series.intervalWeeks,
      status: series.status,
      rule: r.rule(
        series.intervalWeeks,
        formatDay(anchorDate, "weekday").split(" ")[0]!,
        formatTime(series.anchorStart),
      ),
      upcoming: series.upcoming.map((o) => ({
        date: o.date,
        label: formatDay(o.date, "weekday"),
        time: formatTime(o.booking?.start ?? o.plannedStart),
        status: o.status,
        bookingId: o.booking?.bookingId ?? null,
        canSkip: o.canSkip,
        payByLink: o.payByLink,
      })),
    },
  };
}

/** Runs one `recurring-*` intent of the manage page's form. */
export async function recurringAction(
  db: Db,
  form: Record<string, FormDataEntryValue>,
  { bookingId, actor, now }: { bookingId: string; actor: SessionUser | null; now: Date },
) {
  const answer = (result: RecurringResult, status = 200) => data<RecurringResult>(result, { status });
  const parsed = RecurringActionSchema.safeParse(form);
  if (!parsed.success) {
    return answer({ ok: false, error: parsed.error.issues[0]?.message ?? r.errors.notAllowed }, 400);
  }
  const input = parsed.data;
  const access = { bookingId, token: input.token || undefined, actor, now };
  try {
    if (input.intent === "recurring-start") {
      await startSeries(db, { ...access, intervalWeeks: input.intervalWeeks });
      return answer({ ok: true, intent: input.intent });
    }
    if (input.intent === "recurring-skip") {
      await skipOccurrence(db, { ...access, date: input.date });
      return answer({ ok: true, intent: input.intent, date: formatDay(input.date, "weekday") });
    }
    const change =
      input.intent === "recurring-pause" ? "pause" : input.intent === "recurring-resume" ? "resume" : "end";
    await changeSeries(db, { ...access, change });
    return answer({ ok: true, intent: input.intent });
  } catch (error) {
    if (hasCode(error, "NOT_FOUND", "INVALID_MANAGE_TOKEN")) {
      return answer({ ok: false, error: manageBookingMessages.invalidLink }, 404);
    }
    if (hasCode(error, "APPOINTMENT_NOT_CHANGEABLE"))
      return answer({ ok: false, error: r.errors.notAllowed }, 409);
    if (hasCode(error, "TOO_LATE_TO_CHANGE")) return answer({ ok: false, error: r.errors.tooLate }, 409);
    const failure = failureOf(error);
    return answer({ ok: false, error: failure.message }, failure.status);
  }
}

/**
 * « Mon calendrier »'s loader and action, shared by /crew/calendar and /franchisee/calendar
 * (ADR 082): the account's current link, and its renewal. The caller's guard resolved the
 * account first (requireCrew, requireFranchisee); only that account's link is read or renewed.
 */
import { data } from "react-router";
import type { CalendarFeedActionData } from "~/components/calendar/calendar-feed-panel";
import { formatDateTime } from "~/domain/time/format-instant";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import type { Db } from "../db.server";
import { log } from "../log.server";
import {
  calendarFeedUrls,
  currentCalendarFeed,
  renewCalendarFeed,
} from "../services/calendar/calendar-feed.server";

/** The link as the page shows it, or null before the first one is made. */
export async function calendarFeedView(db: Db, userId: string) {
  const feed = await currentCalendarFeed(db, userId);
  if (!feed) return null;
  const { https, webcal } = calendarFeedUrls(feed.token);
  return { url: https, webcal, since: calendarMessages.since(formatDateTime(feed.since, "short")) };
}

/** « Renouveler le lien » / « Créer mon lien »: a new token; the old one answers 404 at once. */
export async function renewCalendarFeedAction(db: Db, userId: string, form: FormData) {
  if (form.get("intent") !== "renew-calendar") {
    return data<CalendarFeedActionData>({ ok: false, error: calendarMessages.error }, { status: 400 });
  }
  const had = (await currentCalendarFeed(db, userId)) !== null;
  try {
    await renewCalendarFeed(db, { userId });
  } catch (error) {
    log.error("Calendrier : lien impossible à renouveler.", { err: error });
    return data<CalendarFeedActionData>({ ok: false, error: calendarMessages.error }, { status: 500 });
  }
  return data<CalendarFeedActionData>({ ok: true, renewed: had });
}

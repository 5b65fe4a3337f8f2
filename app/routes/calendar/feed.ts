import { hasCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { requestInfo } from "~/server/request-info.server";
import { hashFeedToken, readCalendarFeed } from "~/server/services/calendar/calendar-feed.server";
import type { Route } from "./+types/feed";

/** Calendar apps read a feed again every hour or so: these limits only stop a flood. */
const PER_ADDRESS = { max: 60, windowSeconds: 5 * 60 };
const PER_TOKEN = { max: 30, windowSeconds: 5 * 60 };

function text(body: string, status: number, headers: Record<string, string> = {}) {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * GET /calendar/{token}.ics (ADR 082): the private calendar feed of a crew member or a
 * franchisee, read by Google, Apple or Outlook. No session: the token is the secret. An unknown
 * token, a renewed one and a removed member's answer the same 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file;
  if (!file.endsWith(".ics")) return text(calendarMessages.notFound, 404);
  const token = file.slice(0, -".ics".length);
  const db = getDb();
  for (const [key, rule] of [
    [`calendar:ip:${requestInfo(context).ip}`, PER_ADDRESS],
    [`calendar:token:${hashFeedToken(token).slice(0, 32)}`, PER_TOKEN],
  ] as const) {
    const limit = await hitRateLimit(db, key, rule);
    if (!limit.allowed) {
      return text(messages.errors.rateLimited, 429, { "Retry-After": String(limit.retryAfterSeconds) });
    }
  }
  try {
    const ics = await readCalendarFeed(db, { token, now: new Date() });
    return new Response(ics, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="calendrier.ics"',
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) return text(calendarMessages.notFound, 404);
    throw error;
  }
}

import { data } from "react-router";
import { z } from "~/lib/zod-fr";
import { hasCode } from "~/lib/errors";
import { getDb } from "~/server/db.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import {
  startAfterAppointment,
  startAppointmentNow,
} from "~/server/services/demo/start-appointment-now.server";
import type { Route } from "./+types/dev-start-appointment";
import { requestInfo } from "~/server/request-info.server";

const BookingId = z.string().regex(/^[0-9a-z]{4,40}$/i);
const Body = z.union([
  z.object({ bookingId: BookingId, minutesAgo: z.number().int().min(0).max(720).default(1) }).strict(),
  z.object({ bookingId: BookingId, afterBookingId: BookingId }).strict(),
]);

/**
 * POST {bookingId, minutesAgo?} -> {success}: a browser test's booking has started a minute (or
 * `minutesAgo`) ago; POST {bookingId, afterBookingId}: it follows that booking with its member, no
 * slack between them (a late crew, issue 32). ADR 049: demo mode and a loopback client only (404
 * otherwise, ADR 041).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data({ success: false }, { status: 404 });
  if (request.method !== "POST") return data({ success: false }, { status: 405 });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ success: false }, { status: 400 });
  try {
    const body = parsed.data;
    if ("afterBookingId" in body) await startAfterAppointment(getDb(), body.bookingId, body.afterBookingId);
    else await startAppointmentNow(getDb(), body.bookingId, body.minutesAgo);
    return { success: true };
  } catch (error) {
    if (hasCode(error)) return data({ success: false, error: error.code }, { status: error.status });
    throw error;
  }
}

export function loader({ context }: Route.LoaderArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  return data({ success: false }, { status: 405 });
}

import { data } from "react-router";
import { z } from "~/lib/zod-fr";
import { hasCode } from "~/lib/errors";
import { getDb } from "~/server/db.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { startAppointmentNow } from "~/server/services/demo/start-appointment-now.server";
import type { Route } from "./+types/dev-start-appointment";
import { requestInfo } from "~/server/request-info.server";

const Body = z.object({ bookingId: z.string().regex(/^[0-9a-z]{4,40}$/i) });

/**
 * POST {bookingId} -> {success}: a browser test's booking has started a minute ago (ADR 049).
 * Demo mode and a loopback client only (404 otherwise, ADR 041).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data({ success: false }, { status: 404 });
  if (request.method !== "POST") return data({ success: false }, { status: 405 });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ success: false }, { status: 400 });
  try {
    await startAppointmentNow(getDb(), parsed.data.bookingId);
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

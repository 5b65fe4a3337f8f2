import { data } from "react-router";
import { messages } from "~/lib/messages.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { LocationCheckSchema } from "~/domain/geo/check-schemas";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  checkServiceArea,
  locationAnswer,
  type LocationAnswer,
} from "~/server/services/zones/check-service-area.server";
import type { Route } from "./+types/validate-location";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

const t = serviceAreaMessages;

/** Each address checked reads the zones: 30 checks a minute per client address is plenty. */
const RATE_LIMIT = { max: 30, windowSeconds: 60 };

const failure = (message: string, status: number) =>
  data({ success: false, data: false, message, city: null } satisfies LocationAnswer, { status });

export function loader() {
  return data(
    { success: false, data: false, message: t.invalidRequest, city: null } satisfies LocationAnswer,
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * POST {address, cities?} (docs/http-api.md, 'Service area'): 200 {success: true, data: in the
 * service area, message, city}; 400 for an empty address or a malformed body; 429 when the client
 * checks too often; 500 with the generic French message on an unexpected failure.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const body = LocationCheckSchema.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return failure(t.invalidRequest, 400);
  if (!body.data.address.trim()) return failure(t.EMPTY, 400);
  try {
    const db = getDb();
    const limit = await hitRateLimit(db, `validate-location:${requestInfo(context).ip}`, RATE_LIMIT);
    if (!limit.allowed) {
      return data(
        { success: false, data: false, message: messages.errors.rateLimited, city: null },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const decision = await checkServiceArea(db, { text: body.data.address });
    return locationAnswer(decision);
  } catch (error) {
    log.error("address not validated", { err: error });
    return failure(t.error, 500);
  }
}

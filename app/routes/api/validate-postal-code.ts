import { data } from "react-router";
import { messages } from "~/lib/messages.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { PostalCodeCheckSchema } from "~/domain/geo/check-schemas";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { validatePostalCode, type PostalCodeAnswer } from "~/server/services/zones/check-service-area.server";
import type { Route } from "./+types/validate-postal-code";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

const t = serviceAreaMessages.postal;

/** The same budget as the address check: 30 validations a minute per client address. */
const RATE_LIMIT = { max: 30, windowSeconds: 60 };

const failure = (message: string, status: number) =>
  data({ success: false, data: false, message } satisfies PostalCodeAnswer, { status });

export function loader() {
  return data({ success: false, data: false, message: t.invalidRequest } satisfies PostalCodeAnswer, {
    status: 405,
    headers: { Allow: "POST" },
  });
}

/**
 * POST {postalCode, cities?} (docs/http-api.md, 'Service area'): 200 {success: true, data: well
 * formed and served, message}; 400 for an empty code or a malformed body; 429 when the client
 * validates too often.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const body = PostalCodeCheckSchema.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return failure(t.invalidRequest, 400);
  if (!body.data.postalCode.trim()) return failure(t.empty, 400);
  try {
    const db = getDb();
    const limit = await hitRateLimit(db, `validate-postal-code:${requestInfo(context).ip}`, RATE_LIMIT);
    if (!limit.allowed) {
      return data(
        { success: false, data: false, message: messages.errors.rateLimited },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    return await validatePostalCode(db, { postalCode: body.data.postalCode });
  } catch (error) {
    log.error("postal code not validated", { err: error });
    return failure(t.error, 500);
  }
}

import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { errorsOnly } from "~/lib/reply-errors-only";
import type { Route } from "./+types/api";
import { submitApplicationRequest } from "./submit-application.server";
import { applicationMessages } from "~/lib/messages/application.fr";
import { requestInfo } from "~/server/request-info.server";

const e = applicationMessages.errors;

/**
 * The answer of POST /api/franchise-applications (docs/http-api.md, docs/product.md, section 7: {code?,
 * error?}): 201 {id} when saved; otherwise a code, the French message and, for bad answers,
 * Conform's reply with the error of each field.
 */
export type ApplicationAnswer =
  { id: string } | { code: string; error: string; result?: SubmissionResult<string[]> };

/** Codes whose answer names the fields at fault. */
const FIELD_CODES = new Set([
  "VALIDATION",
  "EMAIL_ALREADY_EXISTS",
  // The photo's bytes (ADR 076): the error is the photo field's.
  "FILE_TYPE",
  "FILE_TOO_LARGE",
  "FILE_TOO_SMALL",
  "FILE_TOO_BIG",
  "FILE_UNREADABLE",
]);

export function loader() {
  return data(
    { code: "METHOD_NOT_ALLOWED", error: e.methodNotAllowed },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * POST a franchise application: multipart form data with a `signature` PNG file (or a typed
 * `signature_name`) and an optional `photo` file, or JSON with `signature` as a
 * data:image/png;base64 URL and `photo` as a data:image/…;base64 URL (ADR 076). Anonymous
 * applicants are welcome; a signed-in applicant's application is linked to their account. The
 * site's own form posts to its page (routes/application/application.tsx); both share
 * submitApplicationRequest.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const outcome = await submitApplicationRequest(request, requestInfo(context));
  if (outcome.saved) return data({ id: outcome.id } satisfies ApplicationAnswer, { status: 201 });
  const { code, error, status, result } = outcome;
  // A JSON API answers each field's error, never an echo of the request (ADR 041).
  const fields = result && FIELD_CODES.has(code) ? { result: errorsOnly(result) } : {};
  return data({ code, error, ...fields } satisfies ApplicationAnswer, { status });
}

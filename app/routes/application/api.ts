import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { APPLICATION_HONEYPOT_FIELD, ApplicationSchema } from "~/domain/applications/schemas";
import { AppError } from "~/lib/errors";
import { errorsOnly } from "~/lib/reply-errors-only";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { submitFranchiseApplication } from "~/server/services/applications/submit-franchise-application.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/api";
import { readApplicationRequest } from "./read-application-request.server";
import { applicationMessages } from "~/lib/messages/application.fr";

const e = applicationMessages.errors;

/**
 * The answer of POST /api/franchise-applications (ARCHITECTURE.md, spec section 7: {code?,
 * error?}): 201 {id} when saved; otherwise a code, the French message and, for bad answers,
 * Conform's reply with the error of each field.
 */
export type ApplicationAnswer =
  { id: string } | { code: string; error: string; result?: SubmissionResult<string[]> };

const REFUSALS = {
  PAYLOAD_TOO_LARGE: { status: 413, error: e.tooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: e.unsupportedType },
  INVALID_REQUEST: { status: 400, error: e.invalidRequest },
  SIGNATURE_REQUIRED: { status: 400, error: e.signatureMissing },
  VALIDATION: { status: 400, error: e.invalidFields },
  EMAIL_ALREADY_EXISTS: { status: 409, error: e.emailExists },
  ALREADY_APPLIED: { status: 409, error: e.alreadyApplied },
  INVALID_SIGNATURE: { status: 422, error: e.signatureInvalid },
  RATE_LIMITED: { status: 429, error: e.rateLimited },
  SIGNATURE_UPLOAD_FAILED: { status: 503, error: e.signatureUpload },
  UNKNOWN: { status: 500, error: e.generic },
} as const;
type Refusal = keyof typeof REFUSALS;

function refuse(code: Refusal, result?: SubmissionResult<string[]>) {
  const { status, error } = REFUSALS[code];
  return data({ code, error, ...(result ? { result } : {}) } satisfies ApplicationAnswer, { status });
}

export function loader() {
  return data(
    { code: "METHOD_NOT_ALLOWED", error: e.methodNotAllowed },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * POST a franchise application: multipart form data with a `signature` PNG file, or JSON with
 * `signature` as a data:image/png;base64 URL. Anonymous applicants are welcome; a signed-in
 * applicant's application is linked to their account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const read = await readApplicationRequest(request);
  if (!read.ok) return refuse(read.code);
  // A bot filled the hidden field: it is told that all went well, and nothing is kept.
  if (read.fields.get(APPLICATION_HONEYPOT_FIELD)) return data({ id: crypto.randomUUID() }, { status: 201 });

  const submission = parseWithZod(read.fields, { schema: ApplicationSchema });
  if (submission.status !== "success") return refuse("VALIDATION", errorsOnly(submission.reply()));
  if (!read.signature) return refuse("SIGNATURE_REQUIRED");

  try {
    const { id } = await submitFranchiseApplication(getDb(), getStorage(), {
      input: submission.value,
      signature: read.signature,
      actor: await getSessionUser(request),
      ip: context.ip,
      userAgent: request.headers.get("user-agent"),
    });
    return data({ id } satisfies ApplicationAnswer, { status: 201 });
  } catch (error) {
    if (error instanceof AppError && error.code in REFUSALS) {
      const code = error.code as Refusal;
      // The e-mail is the field at fault: the form shows it there too.
      const reply =
        code === "EMAIL_ALREADY_EXISTS"
          ? errorsOnly(submission.reply({ fieldErrors: { email: [e.emailExists] } }))
          : undefined;
      return refuse(code, reply);
    }
    console.error(`[${context.requestId}] franchise application not saved`, error);
    return refuse("UNKNOWN");
  }
}

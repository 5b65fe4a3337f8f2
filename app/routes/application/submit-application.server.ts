import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  APPLICATION_HONEYPOT_FIELD,
  APPLICATION_SIGNATURE_NAME_FIELD,
  ApplicationSchema,
} from "~/domain/applications/schemas";
import {
  APPLICATION_PHOTO_FIELD,
  APPLICATION_PHOTO_MAX_MB,
  APPLICATION_PHOTO_MIN_SIDE,
} from "~/domain/applications/photo";
import type { ErrorCode } from "~/lib/errors";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import {
  APPLICATION_RATE_LIMIT,
  applicationRateLimitKey,
  submitFranchiseApplication,
} from "~/server/services/applications/submit-franchise-application.server";
import { typedSignatureName, typedSignaturePng } from "~/server/services/applications/typed-signature.server";
import { peekRateLimit } from "~/server/rate-limit.server";
import { getStorage } from "~/server/storage/storage.server";
import { readApplicationRequest } from "./read-application-request.server";
import { applicationMessages } from "~/lib/messages/application.fr";
import { failureOf } from "~/server/http/failure.server";
import type { ErrorTexts } from "~/domain/errors/error-text";

const e = applicationMessages.errors;

const REFUSALS = {
  PAYLOAD_TOO_LARGE: { status: 413, error: e.tooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: e.unsupportedType },
  INVALID_REQUEST: { status: 400, error: e.invalidRequest },
  SIGNATURE_REQUIRED: { status: 400, error: e.signatureMissing },
  TYPED_SIGNATURE_INVALID: { status: 400, error: e.typedSignatureInvalid },
  VALIDATION: { status: 400, error: e.invalidFields },
  EMAIL_ALREADY_EXISTS: { status: 409, error: e.emailExists },
  ALREADY_APPLIED: { status: 409, error: e.alreadyApplied },
  INVALID_SIGNATURE: { status: 422, error: e.signatureInvalid },
  RATE_LIMITED: { status: 429, error: e.rateLimited },
  SIGNATURE_UPLOAD_FAILED: { status: 503, error: e.signatureUpload },
  UNKNOWN: { status: 500, error: e.generic },
} as const;
type Refusal = keyof typeof REFUSALS;

/** The applicant's words for what the service refuses (the one failure path, ADR 059). */
const SERVICE_TEXTS: ErrorTexts = {
  VALIDATION: e.invalidFields,
  EMAIL_ALREADY_EXISTS: e.emailExists,
  ALREADY_APPLIED: e.alreadyApplied,
  INVALID_SIGNATURE: e.signatureInvalid,
  RATE_LIMITED: e.rateLimited,
  SIGNATURE_UPLOAD_FAILED: e.signatureUpload,
  PHOTO_UPLOAD_FAILED: e.photoUpload,
  // The photo's bytes (ADR 076): said at the photo field.
  FILE_TYPE: e.photoType,
  FILE_TOO_LARGE: e.photoTooLarge(APPLICATION_PHOTO_MAX_MB),
  FILE_TOO_SMALL: e.photoTooSmall(APPLICATION_PHOTO_MIN_SIDE),
  FILE_TOO_BIG: e.photoTooLarge(APPLICATION_PHOTO_MAX_MB),
  FILE_UNREADABLE: e.photoUnreadable,
  UNKNOWN: e.generic,
};

/** A photo is never echoed back: a file input cannot be refilled (ADR 076). */
const HIDE_FIELDS = [APPLICATION_PHOTO_FIELD];

/**
 * What a submission came to: saved (with the id; `ignored` for a bot caught by the hidden
 * field, told all went well), or refused with a code, its HTTP status, the French message and,
 * for bad answers, Conform's reply (with what was typed: the caller decides whether to echo it).
 */
export type SubmissionOutcome =
  | { saved: true; id: string; ignored: boolean }
  | {
      saved: false;
      code: Refusal | ErrorCode;
      status: number;
      error: string;
      result?: SubmissionResult<string[]>;
      /** A photo came with the refused request: the form asks to choose it again (ADR 076). */
      photoSent?: boolean;
    };

function refuse(code: Refusal, result?: SubmissionResult<string[]>): SubmissionOutcome {
  const { status, error } = REFUSALS[code];
  return { saved: false, code, status, error, ...(result ? { result } : {}) };
}

/**
 * One way to receive a franchise application, for the page's form (with or without
 * JavaScript) and for POST /api/franchise-applications: reads the request (multipart or JSON),
 * checks the answers with the form's schema, takes the drawn PNG or, failing one, draws the typed
 * name, and saves it all with the signature's audit trail.
 */
export async function submitApplicationRequest(
  request: Request,
  context: { ip: string; requestId: string },
): Promise<SubmissionOutcome> {
  const read = await readApplicationRequest(request);
  if (!read.ok) return refuse(read.code);
  if (read.fields.get(APPLICATION_HONEYPOT_FIELD)) {
    return { saved: true, id: crypto.randomUUID(), ignored: true };
  }

  const sentPhoto = read.fields.get(APPLICATION_PHOTO_FIELD);
  const photoSent = sentPhoto instanceof File && sentPhoto.size > 0;
  const parsed = parseWithZod(read.fields, { schema: ApplicationSchema });
  const reply = (options: Parameters<typeof parsed.reply>[0] = {}) =>
    parsed.reply({ ...options, hideFields: HIDE_FIELDS });
  const refused = (code: Refusal, result?: SubmissionResult<string[]>): SubmissionOutcome => ({
    ...refuse(code, result),
    ...(photoSent ? { photoSent } : {}),
  });
  if (parsed.status !== "success") return refused("VALIDATION", reply());
  const typedField = read.fields.get(APPLICATION_SIGNATURE_NAME_FIELD);
  const typedName = read.signature
    ? null
    : typedSignatureName(typeof typedField === "string" ? typedField : null);
  if (typedName === "invalid") {
    return refused(
      "TYPED_SIGNATURE_INVALID",
      reply({ fieldErrors: { [APPLICATION_SIGNATURE_NAME_FIELD]: [e.typedSignatureInvalid] } }),
    );
  }
  // The address's limit before the image is drawn (issue 29): the service counts it when saving.
  if (
    typedName &&
    !(await peekRateLimit(getDb(), applicationRateLimitKey(context.ip), APPLICATION_RATE_LIMIT)).allowed
  ) {
    return refused("RATE_LIMITED");
  }
  let signature = read.signature;
  if (!signature && typedName) {
    try {
      signature = await typedSignaturePng(typedName);
    } catch {
      // A name the text renderer cannot draw is the applicant's to retype, not a server error.
      return refused(
        "TYPED_SIGNATURE_INVALID",
        reply({ fieldErrors: { [APPLICATION_SIGNATURE_NAME_FIELD]: [e.typedSignatureInvalid] } }),
      );
    }
  }
  if (!signature) {
    return refused(
      "SIGNATURE_REQUIRED",
      reply({ fieldErrors: { [APPLICATION_SIGNATURE_NAME_FIELD]: [e.signatureMissing] } }),
    );
  }

  try {
    const { photo, ...input } = parsed.value;
    const { id } = await submitFranchiseApplication(getDb(), getStorage(), {
      input,
      signature,
      photo: photo ? new Uint8Array(await photo.arrayBuffer()) : null,
      actor: await getSessionUser(request),
      ip: context.ip,
      userAgent: request.headers.get("user-agent"),
    });
    return { saved: true, id, ignored: false };
  } catch (error) {
    // The unexpected is logged there, once, with the request id.
    const failure = failureOf(error, SERVICE_TEXTS);
    // The e-mail, or the photo, is the field at fault: the form shows it there too.
    const field = failure.code === "EMAIL_ALREADY_EXISTS" ? "email" : failure.field;
    const result = field ? reply({ fieldErrors: { [field]: [failure.message] } }) : reply();
    return {
      saved: false,
      code: failure.code,
      status: failure.status,
      error: failure.message,
      result,
      ...(photoSent ? { photoSent } : {}),
    };
  }
}

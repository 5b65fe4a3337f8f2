/**
 * The one failure path (ADR 059): any error a loader, action or API route catches becomes the
 * French answer here. An AppError gives its status and its text (domain/errors/error-text.ts); anything
 * else is logged once, with the request id, and answered with the generic message (500).
 */
import { data } from "react-router";
import { AppError, type ErrorCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { log } from "../log.server";
import { errorText, type ErrorTexts } from "~/domain/errors/error-text";

export interface Failure {
  code: ErrorCode;
  status: number;
  /** The French text for the user. */
  message: string;
  /** The form field at fault, when the error names one. */
  field?: string;
  /** RATE_LIMITED: the Retry-After header. */
  headers?: HeadersInit;
}

/**
 * The French answer of any failure; the unexpected one is logged here, and only here. A thrown
 * Response (a redirect, a 404 page) is the router's answer, not a failure: it is thrown again.
 */
export function failureOf(error: unknown, texts: ErrorTexts = {}): Failure {
  if (error instanceof Response) throw error;
  if (error instanceof AppError && error.code !== "UNKNOWN") {
    return {
      code: error.code,
      status: error.status,
      message: errorText(error, texts),
      ...(error.field ? { field: error.field } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { headers: { "Retry-After": String(error.retryAfterSeconds) } }
        : {}),
    };
  }
  // The request id comes with the log line (set per request by app.ts).
  log.error("request failed", { err: error });
  const generic = texts.UNKNOWN;
  return {
    code: "UNKNOWN",
    status: 500,
    message: typeof generic === "string" ? generic : messages.errors.generic,
  };
}

/** An API route's answer: {success: false, error, ...body} with the failure's status. */
export function jsonFailure(
  error: unknown,
  { texts, body }: { texts?: ErrorTexts; body?: Record<string, unknown> } = {},
) {
  const failure = failureOf(error, texts);
  return data(
    { success: false as const, error: failure.message, ...body },
    { status: failure.status, headers: failure.headers },
  );
}

/** What a conform submission gives back: the reply that keeps what the user typed. */
interface Submission<Result> {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): Result;
}

/**
 * A page action's answer to a failure: the submission's reply (what was typed, kept) with the
 * French message at the field at fault (the error's `field`, or the page's `fields` by code),
 * else as the form's error, and the status. The caller wraps `result` in its action data.
 */
export function formFailure<Result>(
  error: unknown,
  submission: Submission<Result>,
  {
    texts,
    fields = {},
    hideFields,
  }: { texts?: ErrorTexts; fields?: Partial<Record<ErrorCode, string>>; hideFields?: string[] } = {},
): { failure: Failure; result: Result } {
  const failure = failureOf(error, texts);
  const field = failure.field ?? fields[failure.code];
  const result = field
    ? submission.reply({ hideFields, fieldErrors: { [field]: [failure.message] } })
    : submission.reply({ hideFields, formErrors: [failure.message] });
  return { failure, result };
}

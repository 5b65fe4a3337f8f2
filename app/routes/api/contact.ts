import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import {
  CONTACT_HONEYPOT_FIELD,
  ContactMessageSchema,
  hasMissingRequiredField,
} from "~/domain/contact/schemas";
import { errorsOnly } from "~/lib/reply-errors-only";
import { contactMessages } from "~/lib/messages/contact.fr";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { sendContactMessage } from "~/server/services/contact/send-contact-message.server";
import type { Route } from "./+types/contact";
import { requestInfo } from "~/server/request-info.server";

const c = contactMessages;

/** The answer of POST /api/contact. `result` is Conform's reply: the French error of each field. */
type ContactAnswer =
  { success: true } | { success: false; error: string; result?: SubmissionResult<string[]> };

type Outcome =
  | { status: 200; error?: undefined }
  | { status: number; title: string; error: string; result?: SubmissionResult<string[]> };

export function loader() {
  return data({ success: false, error: c.methodNotAllowed }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST the contact form as form data (the site's form) or as JSON {name, email, phone?, message}
 * (other clients). Answers 200 {success: true}, 400 with the French error of each field, 429 when
 * the address has sent too many messages. A browser that posts the form before JavaScript runs
 * is sent back to its page, where a toast gives the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const outcome = await handle(request, requestInfo(context).ip);

  if (isPageNavigation(request)) {
    const toast =
      outcome.error === undefined
        ? { title: c.successTitle, description: c.success }
        : { title: outcome.title, description: outcome.error, variant: "destructive" as const };
    throw redirect(backTo(request), { headers: await flashHeaders(toast) });
  }
  if (outcome.error === undefined) return { success: true } satisfies ContactAnswer;
  const { status, error, result } = outcome;
  return data({ success: false, error, result } satisfies ContactAnswer, { status });
}

async function handle(request: Request, ip: string): Promise<Outcome> {
  const fields = await readFields(request);
  if (!fields) return { status: 400, title: c.sendErrorTitle, error: c.invalidRequest };
  // A bot filled the hidden field: it is told that all went well, and nothing is kept.
  if (fields.get(CONTACT_HONEYPOT_FIELD)) return { status: 200 };

  const submission = parseWithZod(fields, { schema: ContactMessageSchema });
  if (submission.status !== "success") {
    const missing = hasMissingRequiredField(Object.fromEntries(fields));
    return {
      status: 400,
      title: missing ? c.missingFieldsTitle : c.sendErrorTitle,
      error: missing ? c.missingFields : c.invalidFields,
      result: errorsOnly(submission.reply()),
    };
  }
  try {
    await sendContactMessage(getDb(), { input: submission.value, ip });
    return { status: 200 };
  } catch (error) {
    // The unexpected is logged with the request id by failureOf.
    const { status, message } = failureOf(error, { RATE_LIMITED: c.rateLimited, UNKNOWN: c.sendError });
    return { status, title: c.sendErrorTitle, error: message, result: errorsOnly(submission.reply()) };
  }
}

/** The fields of a form body or of a JSON object (strings and numbers); null when unreadable. */
async function readFields(request: Request): Promise<FormData | URLSearchParams | null> {
  try {
    if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
      return await request.formData();
    }
    const body: unknown = await request.json();
    if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === "string" || typeof value === "number") fields.set(name, String(value));
    }
    return fields;
  } catch {
    return null;
  }
}

/** A form posted by the browser itself (no script yet), rather than by fetch or another client. */
function isPageNavigation(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The contact section of the page the form was sent from, on this site only. */
function backTo(request: Request): string {
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin === new URL(request.url).origin && !referer.pathname.startsWith("//")) {
      return `${referer.pathname}${referer.search}#contact`;
    }
  } catch {
    // No referer, or not a URL: back to the home page's section.
  }
  return "/#contact";
}

/**
 * The assistant's tools (ADR 051): each one a thin call of the service a page uses, with the
 * page's Zod schema, rate limit and authorization. The chat, the SMS conversation and the MCP
 * endpoint all go through these functions; nothing here trusts what a model says.
 *
 * - A booking is made only with the confirmation code of its summary: the code is an HMAC of the
 *   exact request, given back by a first call that books nothing. The chat never shows the code to
 *   a model: the customer's Confirmer button sends it.
 * - A booking is found, cancelled or moved only with its number and the e-mail or phone it was
 *   made with (a proof checked again in the change's own transaction). A proof remembered by the
 *   conversation opens that one booking, nothing else.
 *
 * This module holds what every tool shares (the caller's context, refusals, rate limits, the
 * French date); the tools are in `lookup-tools` (area, prices, slots), `booking-tool`,
 * `manage-tools` (find, cancel, reschedule) and `hand-over-tool`.
 */
import { instantToZonedParts, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import { formatClock, formatDay } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { z } from "~/lib/zod-fr";
import { errorText } from "~/domain/errors/error-text";
import type { Db } from "../../db.server";
import { log } from "../../log.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { type ContactProof } from "../booking/manage-access.server";

const t = assistantMessages.tools;

/** Who calls and what the conversation already proved. */
export interface ToolContext {
  db: Db;
  /** The client address the rate limits count (the SMS number for an SMS conversation). */
  ip: string;
  now: () => Date;
  /** Bookings proven in this conversation, with the proof that opened each (chat and SMS). */
  proofs: Map<string, ContactProof>;
  /** The conversation so far, for a hand-over to a person. */
  transcript?: () => string;
}

/** A tool's refusal: a code for programs, the page's French message for people. */
export interface Refusal {
  ok: false;
  code: string;
  message: string;
  fields?: Record<string, string[] | undefined>;
}

export type ToolResult<T extends object = object> = ({ ok: true; message?: string } & T) | Refusal;

export function refused(code: string, message: string): ToolResult<never> {
  return { ok: false, code, message };
}

export function invalid(error: z.ZodError): ToolResult<never> {
  return {
    ok: false,
    code: "VALIDATION",
    message: bookingMessages.invalidFields,
    fields: z.flattenError(error).fieldErrors as Record<string, string[] | undefined>,
  };
}

/**
 * A service's error as the French answer the page gives (the same texts as the pages' failure
 * path, ADR 059); anything unexpected is logged once and answered with the generic message.
 */
export function failure(
  error: unknown,
  notFound: string = bookingMessages.appointmentNotFound,
): ToolResult<never> {
  if (error instanceof AppError && error.code !== "UNKNOWN") {
    return refused(error.code, errorText(error, { NOT_FOUND: notFound }));
  }
  // The request id comes with the log line (set per request by app.ts).
  log.error("request failed", { err: error });
  return refused("UNKNOWN", messages.errors.generic);
}

export async function limited(ctx: ToolContext, key: string, rule: RateLimitRule): Promise<boolean> {
  const limit = await hitRateLimit(ctx.db, `${key}:${ctx.ip}`, rule);
  return !limit.allowed;
}

/** '2026-12-03T09:30:00-05:00' -> 'jeudi 3 décembre, 9 h 30' (local time, as the OQLF writes it). */
export function formatWhen(instant: Date): string {
  const parts = instantToZonedParts(instant, BUSINESS_TIME_ZONE);
  return t.at(formatDay(parts.date, "weekday"), formatClock(parts.time.slice(0, 5)));
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { FreedTimeRequestSchema } from "~/domain/freed-time/schemas";
import { hasCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import type { Db } from "~/server/db.server";
import { requestFreedTime } from "~/server/services/freed-time/freed-time.server";

/**
 * intent 'freed-time' of the time step (ADR 091): the same schema as the form, then the request
 * saved. What was typed stays on a refusal.
 */
export async function askFreedTime(db: Db, formData: FormData, ip: string) {
  const submission = parseWithZod(formData, { schema: FreedTimeRequestSchema });
  const fail = (status: number, reply: Parameters<typeof submission.reply>[0]) =>
    data({ status: "freed-time-failed" as const, result: submission.reply(reply) }, { status });
  if (submission.status !== "success") return fail(400, {});
  try {
    const saved = await requestFreedTime(db, { input: submission.value, ip });
    return { status: "freed-time" as const, days: saved.days.length, texto: submission.value.smsConsent };
  } catch (error) {
    if (hasCode(error, "VALIDATION"))
      return fail(400, { fieldErrors: { days: [freedTimeMessages.errors.dayInvalid] } });
    if (hasCode(error, "RATE_LIMITED")) return fail(429, { formErrors: [messages.errors.rateLimited] });
    if (hasCode(error, "NOT_FOUND")) return fail(404, { formErrors: [messages.errors.generic] });
    throw error;
  }
}

import { getDb } from "~/server/db.server";
import { answerSmsWithAssistant } from "~/server/services/assistant/sms-conversation.server";
import { handleInboundSms } from "~/server/services/messaging/sms.server";
import { inboundCallbackAllowed, twiml } from "~/server/sms/inbound.server";
import type { Route } from "./+types/sms-inbound";
import { requestInfo } from "~/server/request-info.server";

const XML = { "content-type": "text/xml; charset=utf-8" };

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /api/sms/inbound: the SMS provider's callback for a received message, form-encoded like
 * Twilio (From, Body, MessageSid). Keywords STOP / ARRET / START / DEBUT / HELP / AIDE / INFO are
 * acted on; the answer is TwiML with the reply, French then English (or an empty Response). 403 when the signature or the
 * shared secret is wrong (ADR 014), 400 without From.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const form = new URLSearchParams(await request.text());
  if (!inboundCallbackAllowed(request, form, requestInfo(context).socketIp)) {
    return new Response(twiml(null), { status: 403, headers: XML });
  }
  // A NUL byte cannot be stored in PostgreSQL text: no provider sends one, so it is dropped.
  const field = (name: string) => form.get(name)?.replaceAll("\0", "") ?? null;
  const from = field("From")?.trim();
  if (!from) return new Response(twiml(null), { status: 400, headers: XML });
  const db = getDb();
  const body = field("Body") ?? "";
  const { reply, keyword, duplicate } = await handleInboundSms(db, {
    from,
    body,
    providerMessageId: field("MessageSid"),
  });
  // The same message delivered again: acknowledged, not answered a second time (ADR 071).
  if (duplicate) return new Response(twiml(null), { status: 200, headers: XML });
  // Not a keyword of ADR 014: the assistant answers, to this number only (ADR 051).
  const answer = keyword === null ? await answerSmsWithAssistant(db, { from, body }) : reply;
  return new Response(twiml(answer), { status: 200, headers: XML });
}

/**
 * SMS conversations with the assistant (ADR 051): an inbound SMS that is not a keyword of ADR 014
 * goes to the same engine; the answer goes back in the provider callback's reply, so only to the
 * number that just wrote (a transactional answer, no consent needed), and is logged in the outbox.
 */
import { smsMessages } from "#db/schema";
import { toE164 } from "~/domain/messaging/consent";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import type { Db } from "../../db.server";
import { converse } from "./conversations.server";
import type { AssistantReply } from "./conversation-state.server";

/** An SMS answer is at most 10 segments. */
const SMS_MAX_LENGTH = 1600;

/** The reply as SMS text: the chips become a numbered list ('2' picks the second). */
export function smsText(reply: AssistantReply): string {
  const lines = [reply.text];
  if (reply.card?.kind === "summary" || reply.card?.kind === "booked") {
    const s = reply.card.summary;
    lines.push(`${s.when} · ${s.address} · ${s.cars} véh. · ${s.total}`);
  }
  if (reply.card?.kind === "booked") {
    const { manageUrl, calendarUrl } = reply.card;
    if (manageUrl) lines.push(assistantMessages.sms.manage(manageUrl));
    if (calendarUrl) lines.push(assistantMessages.sms.calendar(calendarUrl));
  }
  if (reply.chips && reply.chips.length > 0) {
    lines.push(assistantMessages.sms.options, ...reply.chips.map((chip, i) => `${i + 1}) ${chip.label}`));
  }
  return lines.join("\n").slice(0, SMS_MAX_LENGTH);
}

export async function answerSmsWithAssistant(
  db: Db,
  { from, body, now = () => new Date() }: { from: string; body: string; now?: () => Date },
): Promise<string | null> {
  const phone = toE164(from);
  if (!phone || !body.trim()) return null;
  const { reply } = await converse(db, {
    channel: "sms",
    phone,
    ip: `sms:${phone}`,
    input: { text: body.slice(0, 1000) },
    now,
  });
  const text = smsText(reply);
  await db.insert(smsMessages).values({
    direction: "outbound",
    category: "transactional",
    phone,
    body: text,
    status: "sent",
    provider: "reply",
    sentAt: now(),
  });
  return text;
}

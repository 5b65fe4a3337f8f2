/** The assistant's hand-over to a person (ADR 051): a contact message with the conversation. */
import { ContactMessageSchema, CONTACT_LIMITS } from "~/domain/contact/schemas";
import { AppError } from "~/lib/errors";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { contactMessages } from "~/lib/messages/contact.fr";
import { z } from "~/lib/zod-fr";
import { sendContactMessage } from "../contact/send-contact-message.server";
import { type ToolContext, invalid, refused } from "./tools.server";

const t = assistantMessages.tools;

// --- hand over to a person ---------------------------------------------------------------------

export const HandOverInput = z.object({
  name: z.string().max(CONTACT_LIMITS.name),
  email: z.string().max(CONTACT_LIMITS.email),
  phone: z.string().max(CONTACT_LIMITS.phone).optional(),
  message: z.string().max(2000).describe("Ce que le client demande à l'équipe"),
});

/** A contact message with the conversation, queued like the contact form's (same limit). */
export async function handOverTool(ctx: ToolContext, raw: unknown) {
  const parsed = HandOverInput.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const transcript = ctx.transcript?.() ?? "";
  const head = `${t.handOverIntro}\n\n${parsed.data.message.trim()}`;
  const room = CONTACT_LIMITS.message - head.length - t.transcriptTitle.length - 10;
  // The end of a long conversation matters most: its start is dropped first.
  const tail = transcript.length > room ? `…${transcript.slice(transcript.length - room + 1)}` : transcript;
  const message = tail && room > 0 ? `${head}\n\n--- ${t.transcriptTitle} ---\n${tail}` : head;
  const input = ContactMessageSchema.safeParse({
    name: parsed.data.name,
    email: parsed.data.email,
    phone: parsed.data.phone?.trim() ? parsed.data.phone : undefined,
    message,
  });
  if (!input.success) return invalid(input.error);
  try {
    await sendContactMessage(ctx.db, { input: input.data, ip: ctx.ip });
    return { ok: true as const, message: t.handedOver };
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      return refused("RATE_LIMITED", contactMessages.rateLimited);
    }
    throw error;
  }
}

import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { converse } from "~/server/services/assistant/conversations.server";
import { assistantMode } from "~/server/services/assistant/engine.server";
import { methodNotAllowed, readBody } from "~/server/http/request-body.server";
import type { Route } from "./+types/assistant";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

/** Messages one client address may send the assistant: a long conversation, not a flood. */
const ASSISTANT_RATE_LIMIT = { max: 60, windowSeconds: 10 * 60 };

const TurnSchema = z
  .object({
    conversationId: z.string().max(64).optional(),
    text: refuseNul(z.string().trim().min(1).max(1000)).optional(),
    choice: refuseNul(z.string().max(300)).optional(),
  })
  .refine((body) => body.text !== undefined || body.choice !== undefined);

/** GET /api/assistant: the mode the panel shows (guided or model). */
export function loader() {
  return Response.json({ mode: assistantMode() });
}

/**
 * POST /api/assistant {conversationId?, text? | choice?} (ADR 051): the chat panel's turn,
 * answered as a stream of JSON lines: {type: "text", delta} while the answer is written, then
 * {type: "reply", conversationId, mode, reply: {text, chips?, card?}}.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const db = getDb();
  const limit = await hitRateLimit(db, `assistant:ip:${requestInfo(context).ip}`, ASSISTANT_RATE_LIMIT);
  if (!limit.allowed) {
    return Response.json(
      { error: messages.errors.rateLimited },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const body = TurnSchema.safeParse(await readBody(request));
  if (!body.success) return Response.json({ error: bookingMessages.invalidRequest }, { status: 400 });
  const { conversationId, text, choice } = body.data;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        const turn = await converse(db, {
          channel: "chat",
          conversationId,
          ip: requestInfo(context).ip,
          input: choice !== undefined ? { choice } : { text: text! },
          onText: (delta) => send({ type: "text", delta }),
        });
        send({
          type: "reply",
          conversationId: turn.conversationId,
          mode: assistantMode(),
          reply: turn.reply,
        });
      } catch (error) {
        log.error("assistant turn failed", { err: error });
        send({ type: "error", error: messages.errors.generic });
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The assistant's model mode (ADR 051): one turn with the AI SDK and an OpenAI-compatible model,
 * the tools declared to it, a streamed answer. The model's words authorize nothing: it never sees
 * a summary's confirmation code, and a booking is changed only with the conversation's proof.
 */
import type { LanguageModel, ModelMessage } from "ai";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { BookAppointmentInput, bookAppointmentTool } from "./booking-tool.server";
import {
  CancelBookingInput,
  cancelBookingTool,
  FindBookingInput,
  findBookingTool,
  RescheduleBookingInput,
  rescheduleBookingTool,
} from "./manage-tools.server";
import {
  CheckServiceAreaInput,
  checkServiceAreaTool,
  GetPricesInput,
  getPricesTool,
  ListSlotsInput,
  listSlotsTool,
} from "./lookup-tools.server";
import { formatWhen, type ToolContext } from "./tools.server";
import { HandOverInput, handOverTool } from "./hand-over-tool.server";
import {
  type ConversationState,
  type AssistantReply,
  type Card,
  type Chip,
} from "./conversation-state.server";
import { slotChips } from "./guided-slots.server";

const g = assistantMessages.guided;
const c = g.choices;

// --- model mode --------------------------------------------------------------------------------

export async function modelTurn(
  languageModel: LanguageModel,
  ctx: ToolContext,
  state: ConversationState,
  userText: string,
  onText?: (delta: string) => void,
): Promise<AssistantReply> {
  // The AI SDK (~23 MB) is imported on the first model turn, not at start (ADR 054).
  const { stepCountIs, streamText, tool } = await import("ai");
  let card: Card | undefined;
  let chips: Chip[] | undefined;
  const tools = {
    check_service_area: tool({
      description: "Indique si une adresse ou un code postal est desservi, et sa zone (slug).",
      inputSchema: CheckServiceAreaInput,
      execute: (args) => checkServiceAreaTool(ctx, args),
    }),
    get_prices: tool({
      description: "Les lavages et les options, avec leurs prix avant taxes.",
      inputSchema: GetPricesInput,
      execute: () => getPricesTool(ctx),
    }),
    list_slots: tool({
      description: "Les créneaux libres d'une zone, par jour.",
      inputSchema: ListSlotsInput,
      execute: async (args) => {
        const result = await listSlotsTool(ctx, args);
        if (result.ok)
          chips = slotChips(
            result.days,
            (start) => `Je choisis le ${formatWhen(new Date(start))} (${start})`,
          );
        return result;
      },
    }),
    book_appointment: tool({
      description:
        "Prépare la réservation et montre le résumé au client, qui la confirme lui-même avec le bouton Confirmer.",
      inputSchema: BookAppointmentInput.omit({ confirmation: true }),
      execute: async (args) => {
        const result = await bookAppointmentTool(ctx, args);
        if (result.ok && result.status === "needs_confirmation") {
          state.pending = { fields: args, confirmation: result.confirmation, summary: result.summary };
          card = { kind: "summary", summary: result.summary };
          chips = [{ label: c.confirm, value: "confirm" }];
          // The code stays here: the model cannot book on its own.
          return { ok: true, status: "waiting_for_customer", summary: result.summary };
        }
        return result;
      },
    }),
    find_booking: tool({
      description:
        "Trouve une réservation par son numéro et le courriel ou le téléphone utilisé pour réserver.",
      inputSchema: FindBookingInput,
      execute: async (args) => {
        const result = await findBookingTool(ctx, args);
        if (result.ok) card = { kind: "booking", booking: result.booking };
        return result;
      },
    }),
    cancel_booking: tool({
      description: "Annule une réservation trouvée avec find_booking dans cette conversation.",
      inputSchema: CancelBookingInput.pick({ booking_id: true, reason: true }),
      // Only the booking id and the reason: the proof comes from the conversation, never the model.
      execute: (args) => cancelBookingTool(ctx, { booking_id: args.booking_id, reason: args.reason }),
    }),
    reschedule_booking: tool({
      description: "Déplace une réservation trouvée avec find_booking dans cette conversation.",
      inputSchema: RescheduleBookingInput.pick({ booking_id: true, start: true }),
      execute: (args) => rescheduleBookingTool(ctx, { booking_id: args.booking_id, start: args.start }),
    }),
    contact_team: tool({
      description: "Transmet un message à l'équipe, avec la conversation.",
      inputSchema: HandOverInput,
      execute: (args) => handOverTool(ctx, args),
    }),
  };
  const proven = Object.keys(state.proofs);
  const history: ModelMessage[] = state.history
    .slice(0, -1)
    .slice(-20)
    .map((h) => ({ role: h.role, content: h.text }));
  try {
    const result = streamText({
      model: languageModel,
      system:
        assistantMessages.model.system +
        (proven.length ? `\n${assistantMessages.model.proven(proven.join(", "))}` : ""),
      messages: [...history, { role: "user", content: userText }],
      tools,
      stopWhen: stepCountIs(6),
    });
    let text = "";
    for await (const delta of result.textStream) {
      text += delta;
      onText?.(delta);
    }
    return { text: text.trim() || (card?.kind === "summary" ? g.summary : g.menu), card, chips };
  } catch {
    return { text: assistantMessages.model.failed, chips: [{ label: c.contact, value: "contact" }] };
  }
}

/**
 * The assistant's engine (ADR 051): one turn of a conversation, in one of two modes.
 *
 * - **model**: the AI SDK with an OpenAI-compatible model (AI_BASE_URL, AI_MODEL, AI_API_KEY),
 *   the assistant's tools and a streamed answer (`model-turn`).
 * - **guided** (the default, no model): buttons and short French keyword matching that complete
 *   the same tasks through the same tools (`guided-turn`, `guided-slots`).
 *
 * In both modes the model's words authorize nothing: a booking is made only when the customer
 * presses Confirmer (the summary's code never reaches the model), and a booking is changed only
 * with the proof the conversation gave to find_booking (kept in the state, never read from the
 * model's arguments).
 *
 * This module runs a turn and the customer's Confirmer; the state a turn works on is in
 * `conversation-state`, the menu and the buttons' words in `chip-labels`.
 */
import type { LanguageModel } from "ai";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { env } from "../../env.server";
import { bookAppointmentTool } from "./booking-tool.server";
import { type ToolContext } from "./tools.server";
import {
  type AssistantMode,
  type ConversationState,
  type TurnOptions,
  type AssistantReply,
} from "./conversation-state.server";
import { choiceLabel, MENU } from "./chip-labels.server";
import { modelTurn } from "./model-turn.server";
import { guidedTurn } from "./guided-turn.server";

const g = assistantMessages.guided;
const c = g.choices;

/** Whether a model is configured: AI_BASE_URL and AI_MODEL both set. */
function modelConfigured(): boolean {
  const { AI_BASE_URL, AI_MODEL } = env();
  return Boolean(AI_BASE_URL && AI_MODEL);
}

/**
 * The configured model, or null when AI_BASE_URL and AI_MODEL are not both set. The provider's
 * library is imported on the first model turn, not at start (ADR 054: ~18 MB the guided mode and
 * every other page never use).
 */
async function configuredModel(): Promise<LanguageModel | null> {
  const { AI_BASE_URL, AI_MODEL, AI_API_KEY } = env();
  if (!AI_BASE_URL || !AI_MODEL) return null;
  const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
  const provider = createOpenAICompatible({ name: "assistant", baseURL: AI_BASE_URL, apiKey: AI_API_KEY });
  return provider(AI_MODEL);
}

export function assistantMode(): AssistantMode {
  return modelConfigured() ? "model" : "guided";
}

function transcriptOf(state: ConversationState): string {
  return state.history
    .map(
      (h) =>
        `${h.role === "user" ? assistantMessages.panel.you : assistantMessages.panel.assistant} : ${h.text}`,
    )
    .join("\n");
}

function toolContext(options: TurnOptions, state: ConversationState): ToolContext {
  return {
    db: options.db,
    ip: options.ip,
    now: options.now ?? (() => new Date()),
    proofs: new Map(Object.entries(state.proofs)),
    transcript: () => transcriptOf(state),
  };
}

/** The proofs a tool call added go back into the state. */
function keepProofs(ctx: ToolContext, state: ConversationState) {
  state.proofs = Object.fromEntries(ctx.proofs);
}

/** One turn: the answer, with the state updated in place (history, proofs, pending summary). */
export async function runTurn(options: TurnOptions): Promise<AssistantReply> {
  const { state, input } = options;
  const typed = "text" in input ? input.text.trim() : null;
  // An SMS '2' (or a typed chip label) picks that chip of the last answer.
  const picked =
    typed !== null
      ? (state.lastChips[Number(typed) - 1] ??
        state.lastChips.find((chip) => chip.label.toLowerCase() === typed.toLowerCase()))
      : undefined;
  const choice = "choice" in input ? input.choice : picked?.value;
  // The log keeps the customer's words: what was typed, or the label of the button pressed.
  const said = typed ?? (choice !== undefined ? choiceLabel(choice, state.lastChips) : "");
  const clock = options.now ?? (() => new Date());
  state.history.push({ role: "user", text: said, at: clock().toISOString() });

  const ctx = toolContext(options, state);
  let reply: AssistantReply;
  if (choice === "confirm") {
    reply = await confirmPending(ctx, state);
    options.onText?.(reply.text);
  } else {
    const model = options.model === undefined ? await configuredModel() : options.model;
    reply = model
      ? await modelTurn(model, ctx, state, choice ? `[${said}] ${choice}` : said, options.onText)
      : await guidedTurn(ctx, state, choice ?? null, typed ?? "");
  }
  keepProofs(ctx, state);
  if (choice !== "confirm" && !usesModel(options)) options.onText?.(reply.text);
  state.lastChips = reply.chips ?? [];
  state.history.push({ role: "assistant", text: reply.text, at: clock().toISOString() });
  return reply;
}

function usesModel(options: TurnOptions): boolean {
  return options.model === undefined ? modelConfigured() : options.model !== null;
}

/** The customer's Confirmer: books the pending summary with its code (the model never has it). */
async function confirmPending(ctx: ToolContext, state: ConversationState): Promise<AssistantReply> {
  const pending = state.pending;
  if (!pending) return { text: g.noPending, chips: MENU };
  state.pending = null;
  state.guided = { flow: "idle", step: "", data: {} };
  const result = await bookAppointmentTool(ctx, { ...pending.fields, confirmation: pending.confirmation });
  if (result.ok && result.status === "booked") {
    return {
      text: result.message,
      card: {
        kind: "booked",
        bookingId: result.booking_id,
        summary: result.summary,
        manageUrl: result.manage_url,
        calendarUrl: result.calendar_url,
      },
      chips: MENU,
    };
  }
  return { text: result.message, chips: [{ label: c.book, value: "book" }, ...MENU.slice(1)] };
}

/**
 * The assistant's engine (ADR 051): one turn of a conversation, in one of two modes.
 *
 * - **model**: the AI SDK with an OpenAI-compatible model (AI_BASE_URL, AI_MODEL, AI_API_KEY),
 *   the tools below and a streamed answer.
 * - **guided** (the default, no model): buttons and short French keyword matching that complete
 *   the same tasks through the same tools.
 *
 * In both modes the model's words authorize nothing: a booking is made only when the customer
 * presses Confirmer (the summary's code never reaches the model), and a booking is changed only
 * with the proof the conversation gave to find_booking (kept in the state, never read from the
 * model's arguments).
 */
import type { LanguageModel, ModelMessage } from "ai";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { parsePostalCode } from "~/domain/geo/postal-code";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import type { ContactProof } from "../booking/manage-access.server";
import {
  BookAppointmentInput,
  bookAppointmentTool,
  type BookingSummary,
  CancelBookingInput,
  cancelBookingTool,
  CheckServiceAreaInput,
  checkServiceAreaTool,
  FindBookingInput,
  findBookingTool,
  formatWhen,
  type FoundBooking,
  GetPricesInput,
  getPricesTool,
  HandOverInput,
  handOverTool,
  ListSlotsInput,
  listSlotsTool,
  RescheduleBookingInput,
  rescheduleBookingTool,
  type ToolContext,
} from "./tools.server";
import { asksForMore, parseWhen } from "./when-words";

const g = assistantMessages.guided;
const c = g.choices;

export type AssistantMode = "guided" | "model";

/** A tappable answer: its label, and the value sent back when tapped. */
export interface Chip {
  label: string;
  value: string;
}

export type Card =
  | { kind: "summary"; summary: BookingSummary }
  | { kind: "booking"; booking: FoundBooking }
  | {
      kind: "booked";
      bookingId: string;
      summary: BookingSummary;
      /** The manage link and the calendar file (.ics): shown, never kept in the history. */
      manageUrl?: string;
      calendarUrl?: string;
    };

export interface AssistantReply {
  text: string;
  chips?: Chip[];
  card?: Card;
}

export interface HistoryEntry {
  role: "user" | "assistant";
  text: string;
  at: string;
}

/** What a conversation keeps between turns (stored as JSON). */
export interface ConversationState {
  proofs: Record<string, ContactProof>;
  /** The summary waiting for the customer's Confirmer, with the request and its code. */
  pending: { fields: Record<string, unknown>; confirmation: string; summary: BookingSummary } | null;
  guided: { flow: string; step: string; data: Record<string, string | number> };
  history: HistoryEntry[];
  /** The chips of the last answer (an SMS reply '2' picks the second). */
  lastChips: Chip[];
}

export function newConversationState(): ConversationState {
  return {
    proofs: {},
    pending: null,
    guided: { flow: "idle", step: "", data: {} },
    history: [],
    lastChips: [],
  };
}

/** A text typed, or a chip tapped (its value). */
export type TurnInput = { text: string } | { choice: string };

export interface TurnOptions {
  db: Db;
  ip: string;
  now?: () => Date;
  state: ConversationState;
  input: TurnInput;
  /** The model; by default the configured one (model mode) or none (guided mode). */
  model?: LanguageModel | null;
  /** Each piece of the answer's text as it comes (model mode streams). */
  onText?: (delta: string) => void;
}

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

const MENU: Chip[] = [
  { label: c.book, value: "book" },
  { label: c.find, value: "find" },
  { label: c.prices, value: "prices" },
  { label: c.area, value: "area" },
  { label: c.contact, value: "contact" },
];

/** Buttons whose value says nothing to a person, with their labels. */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(MENU.map((chip) => [chip.value, chip.label])),
  confirm: c.confirm,
  menu: c.menu,
  more: c.moreTimes,
  "find:move": c.move,
  "find:cancel": c.cancel,
};

function whenOf(start: string): string | null {
  const instant = new Date(start);
  return Number.isNaN(instant.getTime()) ? null : formatWhen(instant);
}

/**
 * The words of a button pressed, for the conversation's log (issue 33, item 6): its label in the
 * answer it came with, else the label such a value has ('slot:…' is its day and time). Never the
 * value itself ('book', 'slot:2026-…').
 */
export function choiceLabel(choice: string, chips: readonly Chip[] = []): string {
  const chip = chips.find((candidate) => candidate.value === choice);
  if (chip) return chip.label;
  if (LABELS[choice]) return LABELS[choice];
  const [name, arg = ""] = choice.split(/:(.*)/s);
  switch (name) {
    case "slot":
      return whenOf(arg) ?? c.unknown;
    case "moveto":
      return whenOf(arg.split("|")[1] ?? "") ?? c.unknown;
    case "cars":
      return Number(arg) >= 1 ? g.cars(Number(arg)) : c.unknown;
    case "move":
      return c.move;
    case "cancel":
      return c.cancel;
    case "cancel-yes":
      return c.yesCancel;
    default:
      return c.unknown;
  }
}

/** Whether a message of the log is a button's value (rows stored before the labels were kept). */
export function isChoiceValue(text: string): boolean {
  return text in LABELS || /^(slot|moveto|cars|move|cancel|cancel-yes|find):\S+$/.test(text);
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

// --- model mode --------------------------------------------------------------------------------

async function modelTurn(
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

// --- guided mode -------------------------------------------------------------------------------

/** Lower case, no accents: 'Déplacer' -> 'deplacer'. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The task a short French message asks for, or null. */
export function intentOf(text: string): string | null {
  const t = fold(text);
  if (/annul/.test(t)) return "find:cancel";
  if (/deplac|change|modifi|report|autre (date|heure|jour)/.test(t)) return "find:move";
  if (/ma reservation|mon rendez|numero de reservation|trouver/.test(t)) return "find";
  if (/prix|tarif|cout|combien/.test(t)) return "prices";
  if (/humain|personne|equipe|parler|agent|conseill|quelqu/.test(t)) return "contact";
  if (/reserv|rendez|rdv|lavage|laver|dispon|creneau/.test(t)) return "book";
  if (/adresse|dessert|zone|secteur|code postal/.test(t) || parsePostalCode(text.trim()) !== null)
    return "area";
  if (/bonjour|allo|salut|menu|aide|recommenc/.test(t)) return "menu";
  return null;
}

const MAX_SLOT_CHIPS = 6;

function slotChips(days: { starts: string[] }[], value: (start: string) => string): Chip[] {
  // Two times a day over several days: a choice of days, not one day's every hour.
  return days
    .flatMap((d) => d.starts.slice(0, 2))
    .slice(0, MAX_SLOT_CHIPS)
    .map((start) => ({ label: formatWhen(new Date(start)), value: value(start) }));
}

/**
 * The starts offered in turn, a page at a time: those the customer's words asked for, in order;
 * without words two a day first (a choice of days), then the others.
 */
function orderedStarts(days: { starts: string[] }[], narrowed: boolean): string[] {
  if (narrowed) return days.flatMap((d) => d.starts);
  return [...days.flatMap((d) => d.starts.slice(0, 2)), ...days.flatMap((d) => d.starts.slice(2))];
}

function ask(
  state: ConversationState,
  flow: string,
  step: string,
  text: string,
  chips?: Chip[],
): AssistantReply {
  state.guided.flow = flow;
  state.guided.step = step;
  return { text, chips };
}

async function guidedTurn(
  ctx: ToolContext,
  state: ConversationState,
  choice: string | null,
  typed: string,
): Promise<AssistantReply> {
  const flow = state.guided;
  // A chip, or a keyword while no question is open (or a menu word at any time), starts a task.
  const start = choice ?? (flow.step === "" || intentOf(typed) === "menu" ? intentOf(typed) : null);
  if (start !== null) return startTask(ctx, state, start, typed);
  if (flow.step === "" && parseWhen(typed, ctx.now()) !== null) return startTask(ctx, state, "book", typed);
  if (flow.step === "") return { text: g.notUnderstood, chips: MENU };
  return answerStep(ctx, state, typed);
}

async function startTask(
  ctx: ToolContext,
  state: ConversationState,
  task: string,
  typed: string,
): Promise<AssistantReply> {
  const [name, arg = ""] = task.split(/:(.*)/s);
  const data = state.guided.data;
  switch (name) {
    case "menu":
      state.guided = { flow: "idle", step: "", data: {} };
      return { text: `${g.welcome}\n${g.menu}`, chips: MENU };
    case "book":
      state.guided = { flow: "book", step: "", data: {} };
      state.pending = null;
      // "Je veux réserver jeudi après-midi": the hours offered later keep to those words.
      if (typed && parseWhen(typed, ctx.now()) !== null) state.guided.data.when = typed.slice(0, 200);
      return ask(state, "book", "address", g.askAddress);
    case "area": {
      state.guided = { flow: "area", step: "", data: {} };
      if (parsePostalCode(typed.trim()) !== null) return answerArea(ctx, state, typed);
      return ask(state, "area", "text", g.askArea);
    }
    case "prices": {
      state.guided = { flow: "idle", step: "", data: {} };
      const prices = await getPricesTool(ctx);
      const lines = [
        ...prices.services.map((s) => `• ${s.name} : ${s.price} par véhicule`),
        ...prices.extras.map((e) => `• ${e.name} : ${e.price}`),
      ].join("\n");
      return { text: g.prices(lines), chips: MENU };
    }
    case "find":
      state.guided = { flow: "find", step: "", data: { then: arg } };
      return ask(state, "find", "bookingId", g.askBookingId);
    case "contact":
      state.guided = { flow: "contact", step: "", data: {} };
      return ask(state, "contact", "name", g.askContactName);
    case "cars":
      data.cars = Number(arg);
      data.offset = 0;
      return offerSlots(ctx, state);
    case "more":
      data.offset = Number(data.offset ?? 0) + MAX_SLOT_CHIPS;
      return offerSlots(ctx, state);
    case "slot":
      data.start = arg;
      return ask(state, "book", "name", g.askName);
    case "cancel":
      state.guided = { flow: "find", step: "", data: {} };
      return {
        text: g.confirmCancel(arg),
        chips: [
          { label: c.yesCancel, value: `cancel-yes:${arg}` },
          { label: c.no, value: "menu" },
        ],
      };
    case "cancel-yes": {
      const result = await cancelBookingTool(ctx, { booking_id: arg });
      return { text: result.message ?? "", chips: MENU };
    }
    case "move": {
      const found = await refind(ctx, arg);
      if (!found) return { text: assistantMessages.tools.proofRequired, chips: MENU };
      state.guided = {
        flow: "move",
        step: "slot",
        data: { moving: arg, zone: found.zone, cars: found.cars, address: found.address, skip: found.start },
      };
      return offerSlots(ctx, state);
    }
    case "moveto": {
      state.guided = { flow: "idle", step: "", data: {} };
      const [bookingId = "", newStart = ""] = arg.split("|");
      const result = await rescheduleBookingTool(ctx, { booking_id: bookingId, start: newStart });
      return { text: result.message ?? "", chips: MENU };
    }
    default:
      return { text: g.notUnderstood, chips: MENU };
  }
}

/** The booking a conversation proved, read again (its zone and cars for a move). */
async function refind(ctx: ToolContext, bookingId: string): Promise<FoundBooking | null> {
  const proof = ctx.proofs.get(bookingId);
  if (!proof) return null;
  const found = await findBookingTool(ctx, { booking_id: bookingId, ...proof });
  return found.ok ? found.booking : null;
}

/**
 * The free hours of a booking being made, or of one being moved (data.moving), a page at a time
 * (data.offset), narrowed to the customer's words when they named a moment (data.when).
 */
async function offerSlots(ctx: ToolContext, state: ConversationState): Promise<AssistantReply> {
  const data = state.guided.data;
  const moving = typeof data.moving === "string" ? data.moving : null;
  if (!data.zone) return { text: g.notUnderstood, chips: MENU };
  const query = { zone: data.zone, cars: data.cars, days: 14, address: data.address };
  const when = typeof data.when === "string" ? data.when : null;
  let slots = await listSlotsTool(ctx, when ? { ...query, when } : query);
  if (!slots.ok) return { text: slots.message, chips: MENU };
  const skip = (starts: string[]) =>
    typeof data.skip === "string"
      ? starts.filter((s) => Date.parse(s) !== Date.parse(String(data.skip)))
      : starts;
  const understood = when && "understood" in slots ? slots.understood : null;
  let starts = skip(orderedStarts(slots.days, Boolean(understood)));
  let text = understood ? g.slotsFor(understood) : `${moving ? g.pickNewSlot : g.pickSlot}\n${g.slotHint}`;
  if (understood && starts.length === 0) {
    // Nothing then: the next free hours, and the words are forgotten.
    delete data.when;
    data.offset = 0;
    slots = await listSlotsTool(ctx, query);
    if (!slots.ok) return { text: slots.message, chips: MENU };
    starts = skip(orderedStarts(slots.days, false));
    text = `${g.noSlotsFor(understood)}\n${g.slotHint}`;
  }
  if (starts.length === 0) return { text: g.noSlots, chips: MENU };
  let offset = Number(data.offset ?? 0);
  if (offset >= starts.length) {
    offset = 0;
    text = g.noMoreSlots;
  }
  data.offset = offset;
  const chips: Chip[] = starts.slice(offset, offset + MAX_SLOT_CHIPS).map((start) => ({
    label: formatWhen(new Date(start)),
    value: moving ? `moveto:${moving}|${start}` : `slot:${start}`,
  }));
  if (starts.length > MAX_SLOT_CHIPS) chips.push({ label: c.moreTimes, value: "more" });
  return ask(state, moving ? "move" : "book", "slot", text, chips);
}

/** The customer's words at the hours' question: a moment, or "autres heures". */
async function answerSlots(ctx: ToolContext, state: ConversationState, typed: string) {
  const data = state.guided.data;
  if (asksForMore(typed) && parseWhen(typed, ctx.now()) === null) {
    data.offset = Number(data.offset ?? 0) + MAX_SLOT_CHIPS;
  } else if (parseWhen(typed, ctx.now()) !== null) {
    data.when = typed.slice(0, 200);
    data.offset = 0;
  }
  return offerSlots(ctx, state);
}

async function answerArea(
  ctx: ToolContext,
  state: ConversationState,
  typed: string,
): Promise<AssistantReply> {
  state.guided = { flow: "idle", step: "", data: {} };
  const result = await checkServiceAreaTool(ctx, { address: typed });
  return { text: result.message, chips: MENU };
}

async function answerStep(
  ctx: ToolContext,
  state: ConversationState,
  typed: string,
): Promise<AssistantReply> {
  const { flow, step, data } = state.guided;
  const fields = BookingRequestSchema.shape;
  if (flow === "area") return answerArea(ctx, state, typed);
  if (flow === "move" && step === "slot") return answerSlots(ctx, state, typed);
  if (flow === "book") {
    switch (step) {
      case "address": {
        const result = await checkServiceAreaTool(ctx, { address: typed });
        if (!result.ok || !result.in_area || !result.zone) {
          return ask(state, "book", "address", `${result.message}\n${g.askAddress}`);
        }
        data.zone = result.zone;
        data.address = typed;
        return ask(
          state,
          "book",
          "cars",
          `${result.message}\n${g.askCars}`,
          [1, 2, 3].map((n) => ({ label: g.cars(n), value: `cars:${n}` })),
        );
      }
      case "cars": {
        const cars = Number(typed.replace(/\D/g, ""));
        if (![1, 2, 3].includes(cars)) return ask(state, "book", "cars", bookingMessages.carsInvalid);
        data.cars = cars;
        return offerSlots(ctx, state);
      }
      case "slot":
        return answerSlots(ctx, state, typed);
      case "name": {
        const name = fields.name.safeParse(typed);
        if (!name.success) return ask(state, "book", "name", name.error.issues[0]!.message);
        data.name = name.data;
        return ask(state, "book", "email", g.askEmail);
      }
      case "email": {
        const email = fields.email.safeParse(typed);
        if (!email.success) return ask(state, "book", "email", email.error.issues[0]!.message);
        data.email = email.data;
        return ask(state, "book", "phone", g.askPhone);
      }
      case "phone": {
        const phone = fields.phone.safeParse(typed);
        if (!phone.success) return ask(state, "book", "phone", phone.error.issues[0]!.message);
        data.phone = phone.data;
        const request = {
          zone: data.zone,
          cars: data.cars,
          start: data.start,
          name: data.name,
          email: data.email,
          phone: data.phone,
          address: data.address,
        };
        const result = await bookAppointmentTool(ctx, request);
        if (!result.ok || result.status !== "needs_confirmation") {
          state.guided = { flow: "idle", step: "", data: {} };
          return { text: result.message, chips: MENU };
        }
        state.pending = { fields: request, confirmation: result.confirmation, summary: result.summary };
        state.guided.step = "confirm";
        return {
          text: g.summary,
          card: { kind: "summary", summary: result.summary },
          chips: [
            { label: c.confirm, value: "confirm" },
            { label: c.restart, value: "book" },
          ],
        };
      }
      default:
        return { text: g.notUnderstood, chips: MENU };
    }
  }
  if (flow === "find") {
    if (step === "bookingId") {
      data.bookingId = typed.replace(/[\s#-]/g, "");
      return ask(state, "find", "proof", g.askProof);
    }
    if (step === "proof") {
      const proof = typed.includes("@") ? { email: typed } : { phone: typed };
      const result = await findBookingTool(ctx, { booking_id: String(data.bookingId), ...proof });
      const then = data.then;
      state.guided = { flow: "idle", step: "", data: {} };
      if (!result.ok) return { text: result.message, chips: MENU };
      const b = result.booking;
      const text = g.found(b.when, b.status_label);
      if (!b.can_change_online) {
        return {
          text: `${text}\n${g.tooLate}`,
          card: { kind: "booking", booking: b },
          chips: [{ label: c.contact, value: "contact" }],
        };
      }
      const move = { label: c.move, value: `move:${b.booking_id}` };
      const cancel = { label: c.cancel, value: `cancel:${b.booking_id}` };
      return {
        text,
        card: { kind: "booking", booking: b },
        chips: then === "cancel" ? [cancel, move] : [move, cancel],
      };
    }
  }
  if (flow === "contact") {
    if (step === "name") {
      data.name = typed;
      return ask(state, "contact", "email", g.askContactEmail);
    }
    if (step === "email") {
      data.email = typed;
      return ask(state, "contact", "message", g.askContactMessage);
    }
    if (step === "message") {
      const result = await handOverTool(ctx, { name: data.name, email: data.email, message: typed });
      state.guided = { flow: "idle", step: "", data: {} };
      return { text: result.message ?? "", chips: MENU };
    }
  }
  return { text: g.notUnderstood, chips: MENU };
}

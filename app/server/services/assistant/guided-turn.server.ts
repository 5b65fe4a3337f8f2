/**
 * The assistant's guided mode (ADR 051, the default with no model): buttons and short French
 * keyword matching that complete the same tasks through the same tools.
 */
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { parsePostalCode } from "~/domain/geo/postal-code";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { bookAppointmentTool } from "./booking-tool.server";
import {
  cancelBookingTool,
  findBookingTool,
  type FoundBooking,
  rescheduleBookingTool,
} from "./manage-tools.server";
import { checkServiceAreaTool, getPricesTool } from "./lookup-tools.server";
import { type ToolContext } from "./tools.server";
import { handOverTool } from "./hand-over-tool.server";
import { parseWhen } from "./when-words";
import { type ConversationState, type AssistantReply, ask } from "./conversation-state.server";
import { MENU } from "./chip-labels.server";
import { offerSlots, MAX_SLOT_CHIPS, answerSlots } from "./guided-slots.server";

const g = assistantMessages.guided;
const c = g.choices;

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

export async function guidedTurn(
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

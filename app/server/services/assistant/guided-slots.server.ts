/**
 * The guided mode's times (ADR 051): the free hours offered a page at a time, those the
 * customer's words asked for first, and the answer to the times offered.
 */
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { listSlotsTool } from "./lookup-tools.server";
import { formatWhen, type ToolContext } from "./tools.server";
import { asksForMore, parseWhen } from "./when-words";
import { type Chip, type ConversationState, type AssistantReply, ask } from "./conversation-state.server";
import { MENU } from "./chip-labels.server";

const g = assistantMessages.guided;
const c = g.choices;

export const MAX_SLOT_CHIPS = 6;

export function slotChips(days: { starts: string[] }[], value: (start: string) => string): Chip[] {
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

/**
 * The free hours of a booking being made, or of one being moved (data.moving), a page at a time
 * (data.offset), narrowed to the customer's words when they named a moment (data.when).
 */
export async function offerSlots(ctx: ToolContext, state: ConversationState): Promise<AssistantReply> {
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
export async function answerSlots(ctx: ToolContext, state: ConversationState, typed: string) {
  const data = state.guided.data;
  if (asksForMore(typed) && parseWhen(typed, ctx.now()) === null) {
    data.offset = Number(data.offset ?? 0) + MAX_SLOT_CHIPS;
  } else if (parseWhen(typed, ctx.now()) !== null) {
    data.when = typed.slice(0, 200);
    data.offset = 0;
  }
  return offerSlots(ctx, state);
}

/**
 * A conversation with the assistant (ADR 051): its state (history, proofs, the guided flow, the
 * pending summary), a turn's input and options, and the reply a turn gives.
 */
import type { LanguageModel } from "ai";
import type { Db } from "../../db.server";
import type { ContactProof } from "../booking/manage-access.server";
import { type BookingSummary } from "./booking-tool.server";
import { type FoundBooking } from "./manage-tools.server";

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

export function ask(
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

/**
 * The assistant's buttons (chips): the main menu, and the words a pressed button stands for in
 * the conversation's log (issue 33, item 6).
 */
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { formatWhen } from "./tools.server";
import { type Chip } from "./conversation-state.server";

const g = assistantMessages.guided;
const c = g.choices;

export const MENU: Chip[] = [
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

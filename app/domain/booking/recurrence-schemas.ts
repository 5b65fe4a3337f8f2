/** The manage page's recurring-wash forms (ADR 086): one schema for the form and the action. */
import { recurringMessages } from "~/lib/messages/recurring.fr";
import { z } from "~/lib/zod-fr";
import { RECURRENCE_INTERVALS, type RecurrenceInterval } from "./recurrence";

const e = recurringMessages.errors;
const token = z.string().max(200).optional();

export const RecurringActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("recurring-start"),
    token,
    intervalWeeks: z.coerce
      .number({ error: e.intervalInvalid })
      .refine(
        (value): value is RecurrenceInterval => (RECURRENCE_INTERVALS as readonly number[]).includes(value),
        {
          error: e.intervalInvalid,
        },
      ),
  }),
  z.object({
    intent: z.literal("recurring-skip"),
    token,
    date: z.string({ error: e.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, e.dateInvalid),
  }),
  z.object({ intent: z.enum(["recurring-pause", "recurring-resume", "recurring-end"]), token }),
]);

/** Whether a form's intent is one of these (the manage page's other intents go elsewhere). */
export const isRecurringIntent = (intent: unknown): boolean =>
  typeof intent === "string" && intent.startsWith("recurring-");

import { z } from "~/lib/zod-fr";
import { messages } from "~/lib/messages.fr";

const d = messages.backOffice.desk;

export const DESK_REASON_MAX = 500;

const reason = z.string({ error: d.reasonRequired }).trim().min(1, d.reasonRequired).max(DESK_REASON_MAX);

/** The booking desk's forms (ADR 052), parsed the same way on the page and on the server. */
export const DeskCancelSchema = z.object({ intent: z.literal("cancel"), reason });

export const DeskRescheduleSchema = z.object({
  intent: z.literal("reschedule"),
  start: z.iso.datetime({ offset: true, error: d.slotUnavailable }),
  reason,
});

export const DeskChangeSchema = z.object({
  intent: z.literal("change"),
  cars: z.coerce.number().int().min(1).max(3),
  upsells: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  reason,
});

export const DeskActionSchema = z.discriminatedUnion("intent", [
  DeskCancelSchema,
  DeskRescheduleSchema,
  DeskChangeSchema,
]);

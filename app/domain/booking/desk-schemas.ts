import { z } from "~/lib/zod-fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

const d = backOfficeMessages.desk;

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

/** The answer of a desk action the page shows next to its form. */
export interface DeskActionData {
  intent: string;
  error?: string;
  fieldErrors?: Record<string, string[] | null | undefined>;
}

type Status = "scheduled" | "completed" | "cancelled" | "no_show";
type When = Date | string;

/** A search result of the desk, as the page reads it. */
export interface DeskRowView {
  bookingId: string;
  status: Status;
  startAt: When;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  zoneName: string;
}

/** One booking at the desk, as the page reads it (server: getDeskBooking). */
export interface DeskBookingData {
  appointment: {
    bookingId: string;
    status: Status;
    startAt: When;
    endAt: When;
    customerName: string;
    customerPhone: string;
    customerEmail: string;
    address: string;
    postalCode: string | null;
    cars: number;
    priceCents: number;
    notes: string | null;
    cancelReason: string | null;
  };
  zoneName: string;
  serviceName: string;
  memberName: string;
  /** The customer record's key (ADR 096); absent in design samples. */
  customerKey?: string;
  extras: { name: string; priceCents: number }[];
  messages: { at: When; channel: "email" | "sms"; kind: string; status: string; body?: string }[];
  changes: {
    id: string;
    action: string;
    actorName: string;
    actorRole: string;
    reason: string;
    createdAt: When;
  }[];
  upsellOptions: { name: string; priceCents: number }[];
  /** The crew's steps at this stop (ADR 078). */
  crewSteps?: {
    status: "en_route" | "arrived" | "started" | "finished";
    at: When;
    byName: string;
    expectedArrivalAt: When | null;
  }[];
  /** The stop's checklist and before/after photos (ADR 088); the photos' signed links. */
  jobReport?: {
    checklist: { label: string; required: boolean; ticked: boolean }[];
    photos: {
      id: string;
      kind: "before" | "after";
      car: number;
      width: number;
      height: number;
      url: string;
    }[];
  };
}

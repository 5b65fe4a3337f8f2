import type { BookingPrice } from "~/domain/booking/pricing";

/** What the manage page shows of a booking (its loader's answer, for the link's holder). */
export interface ManagedAppointment {
  bookingId: string;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  /** ISO 8601 with the local offset. */
  start: string;
  end: string;
  zone: { name: string; slug: string };
  service: { name: string };
  cars: number;
  price: BookingPrice;
  upsells: readonly { name: string }[];
  selfServiceChangeAllowed: boolean;
  selfServiceDeadline: string;
  customer: { name: string; address: string; postalCode: string | null };
}

/** The manage page's action answer. `taken`: the start a reschedule lost (409 SLOT_TAKEN). */
export type ManageActionResult =
  | { ok: true; intent: "cancel" }
  | { ok: true; intent: "reschedule"; start: string }
  | { ok: false; error: string; taken?: string };

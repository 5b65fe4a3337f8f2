/** The customer record's shapes (issue 33, item 11; ADR 096), shared by the service and the page. */
import type { ConsentStatus } from "~/domain/messaging/consent";

export interface CustomerNote {
  id: string;
  body: string;
  authorName: string;
  createdAt: Date;
  editedByName: string | null;
  editedAt: Date | null;
  /** Head office's note (null) or the franchisee's. */
  franchiseeId: string | null;
  franchiseName: string | null;
  /** Whether this scope may edit it: its own franchisee's notes; the admin, every note. */
  editable: boolean;
}

/** The record's figures, for its header (integer cents). */
export interface CustomerTotals {
  /** Completed washes in scope. */
  washes: number;
  /** What they were booked for, before taxes (the clients list's « Total dépensé »). */
  completedValueCents: number;
  /**
   * What the customer paid, from the payments ledger the receipts print (ADR 079): the succeeded
   * rows (taxes and tips included, gift-card parts too), less the succeeded refunds.
   */
  paidCents: number;
}

export interface CustomerRecord {
  key: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  /** The account of that address, when there is one (loyalty, saved vehicles). */
  account: { id: string; since: Date; emailVerified: boolean } | null;
  /** Null without an account. */
  points: number | null;
  vehicles: { id: string; label: string; sizeClassName: string; plate: string | null }[];
  consent: { email: ConsentStatus; sms: ConsentStatus };
  bookings: {
    id: string;
    bookingId: string;
    startAt: Date;
    status: "scheduled" | "completed" | "cancelled" | "no_show";
    serviceName: string;
    priceCents: number;
    franchiseName: string;
  }[];
  reviews: {
    bookingId: string;
    rating: number;
    comment: string | null;
    createdAt: Date;
    hidden: boolean;
  }[];
  totals: CustomerTotals;
  notes: CustomerNote[];
}

/** The answer of a refused note form: which form, its text kept, and the French error. */
export type CustomerNoteActionData = {
  intent: string;
  noteId: string;
  error: string;
  body: string;
};

/** The manage page's recurring-wash card (ADR 086): its loader data and its action's answer. */
export interface RecurringCardData {
  /** The booking may start a series (none yet). */
  canStart: boolean;
  series: {
    intervalWeeks: number;
    status: "active" | "paused" | "ended";
    /** « Toutes les 3 semaines, le lundi à 10 h 00. » */
    rule: string;
    upcoming: {
      date: string;
      /** « lundi 23 mars » */
      label: string;
      time: string;
      status: "planned" | "placed" | "moved" | "skipped" | "unplaced" | "cancelled";
      bookingId: string | null;
      canSkip: boolean;
      /** The kept card could not pay it: it waits for the payment link sent by e-mail (ADR 086). */
      payByLink: boolean;
    }[];
  } | null;
}

export type RecurringResult =
  | { ok: true; intent: "recurring-start" | "recurring-pause" | "recurring-resume" | "recurring-end" }
  | { ok: true; intent: "recurring-skip"; date: string }
  | { ok: false; error: string };

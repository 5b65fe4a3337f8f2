/**
 * Self-service cancel / reschedule through the manage link (docs/product-decisions.md, 'Booking'):
 * allowed until 24 h before the start. The boundary is inclusive: exactly 24 h before the
 * start is still allowed; one millisecond later it is not, and the page says to call.
 */

export const SELF_SERVICE_CUTOFF_HOURS = 24;
const CUTOFF_MS = SELF_SERVICE_CUTOFF_HOURS * 60 * 60 * 1000;

/** The last instant at which the customer may still cancel or reschedule alone. */
export function selfServiceDeadline(startAt: Date): Date {
  return new Date(startAt.getTime() - CUTOFF_MS);
}

/** True while `now` is at or before 24 h (real hours, DST-proof) before `startAt`. */
export function canSelfServiceChange(startAt: Date, now: Date): boolean {
  const start = startAt.getTime();
  const current = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(current)) throw new RangeError("Invalid Date");
  return current <= start - CUTOFF_MS;
}

/**
 * When a franchisee may mark an appointment completed (ADR 043): once it has started, never
 * before (completing credits the customer's loyalty points at once).
 */
export function canCompleteAt(startAt: Date, now: Date): boolean {
  return startAt.getTime() <= now.getTime();
}

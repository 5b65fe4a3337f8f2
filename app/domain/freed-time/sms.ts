import type { SmsRefusal } from "~/domain/messaging/sms";

/**
 * ADR 091 (amended): a freed time's offer goes by SMS only while its request allows it — the
 * request's own SMS box ticked, not stopped (by its link or a STOP from the number), and not past
 * its last day (local, 'yyyy-MM-dd'). Checked when queued and again at delivery. A request deleted
 * since (the daily purge) is `null`.
 */
export function freedTimeSmsRefusal(
  request: { smsConsent: boolean; stoppedAt: Date | null; lastDay: string } | null,
  today: string,
): SmsRefusal | null {
  if (!request || request.lastDay < today) return "BOOKING_NOT_ACTIVE";
  if (!request.smsConsent || request.stoppedAt) return "NO_CONSENT";
  return null;
}

/**
 * Consent under Canada's anti-spam law (CASL), as a pure function of the ledger's events.
 * Express consent lasts until withdrawn; implied consent from a purchase lasts 2 years.
 */

export type ConsentChannel = "email" | "sms";
export type ConsentKind = "express" | "implied";
/**
 * `requested`: a box ticked for an address nobody has proven yet (a booking's or the waiting
 * list's e-mail): it waits for the confirmation link (double opt-in, ADR 071) and allows nothing.
 */
export type ConsentAction = "given" | "withdrawn" | "requested";

export interface ConsentEvent {
  kind: ConsentKind;
  action: ConsentAction;
  source: string;
  occurredAt: Date;
  expiresAt: Date | null;
}

export type ConsentStatus =
  | { state: "express"; since: Date; source: string }
  | { state: "implied"; since: Date; source: string; expiresAt: Date }
  | { state: "withdrawn"; since: Date; source: string }
  | { state: "none" };

/** How long implied consent from a purchase lasts (CASL: 2 years). */
export const IMPLIED_CONSENT_YEARS = 2;

/** When implied consent given at `from` (a purchase) runs out. */
export function impliedConsentExpiry(from: Date): Date {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + IMPLIED_CONSENT_YEARS);
  return end;
}

/**
 * The consent in force at `now`: the newest withdrawal cancels everything before it; after it,
 * express consent wins over implied consent, and implied consent counts only until it expires.
 */
export function consentStatus(events: readonly ConsentEvent[], now: Date): ConsentStatus {
  const past = events
    // A request not yet confirmed (double opt-in, ADR 071) neither gives nor withdraws anything.
    .filter((e) => e.action !== "requested" && e.occurredAt.getTime() <= now.getTime())
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  let withdrawal: ConsentEvent | undefined;
  for (const e of past) if (e.action === "withdrawn") withdrawal = e;
  const after = withdrawal
    ? past.filter((e) => e.occurredAt.getTime() > withdrawal.occurredAt.getTime())
    : past;
  const given = after.filter((e) => e.action === "given");
  const express = given.find((e) => e.kind === "express");
  if (express) return { state: "express", since: express.occurredAt, source: express.source };
  const implied = given
    .filter((e) => e.kind === "implied" && e.expiresAt && e.expiresAt.getTime() > now.getTime())
    .sort((a, b) => b.expiresAt!.getTime() - a.expiresAt!.getTime())[0];
  if (implied) {
    return {
      state: "implied",
      since: implied.occurredAt,
      source: implied.source,
      expiresAt: implied.expiresAt!,
    };
  }
  if (withdrawal) return { state: "withdrawn", since: withdrawal.occurredAt, source: withdrawal.source };
  return { state: "none" };
}

/** True when commercial (promotional) messages may be sent under this status. */
export function allowsCommercialMessages(status: ConsentStatus): boolean {
  return status.state === "express" || status.state === "implied";
}

/** A consent address: an e-mail lower-cased, or a phone number in E.164 form. */
export function normalizeEmailAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A North American phone number as typed ('450 555-0142', '(450) 555-0142', '+1 450...') in
 * E.164 form (+14505550142); other international numbers with a leading + are kept as digits.
 * Null when it is not a phone number.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim().replace(/\s*(?:poste|ext\.?|x)\s*\d{1,6}$/i, "");
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (digits.startsWith("1")) return digits.length === 11 ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

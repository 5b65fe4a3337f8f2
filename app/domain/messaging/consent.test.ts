import { describe, expect, it } from "vitest";
import { consentStatus, impliedConsentExpiry, toE164, type ConsentEvent } from "./consent";

const at = (iso: string) => new Date(iso);
const event = (over: Partial<ConsentEvent> & Pick<ConsentEvent, "occurredAt">): ConsentEvent => ({
  kind: "express",
  action: "given",
  source: "booking_form",
  expiresAt: null,
  ...over,
});

describe("consentStatus", () => {
  const now = at("2026-06-01T12:00:00Z");

  it("is none without events", () => {
    expect(consentStatus([], now)).toEqual({ state: "none" });
  });

  it("counts a request nobody confirmed as nothing: neither consent nor a withdrawal (ADR 071)", () => {
    const requested = event({ action: "requested", occurredAt: at("2026-01-01T00:00:00Z") });
    expect(consentStatus([requested], now)).toEqual({ state: "none" });
    const stop = event({
      action: "withdrawn",
      source: "unsubscribe_link",
      occurredAt: at("2025-12-01T00:00:00Z"),
    });
    expect(consentStatus([stop, requested], now)).toMatchObject({ state: "withdrawn" });
    const confirmed = event({ source: "email_confirmation", occurredAt: at("2026-01-02T00:00:00Z") });
    expect(consentStatus([stop, requested, confirmed], now)).toMatchObject({
      state: "express",
      source: "email_confirmation",
    });
  });

  it("keeps express consent until it is withdrawn, and a later one gives it back", () => {
    const given = event({ occurredAt: at("2026-01-01T00:00:00Z") });
    const stop = event({
      action: "withdrawn",
      source: "sms_keyword",
      occurredAt: at("2026-02-01T00:00:00Z"),
    });
    expect(consentStatus([given], now).state).toBe("express");
    expect(consentStatus([given, stop], now)).toMatchObject({ state: "withdrawn", source: "sms_keyword" });
    const start = event({ source: "sms_keyword", occurredAt: at("2026-03-01T00:00:00Z") });
    expect(consentStatus([stop, start, given], now)).toMatchObject({
      state: "express",
      source: "sms_keyword",
    });
  });

  it("lets implied consent from a purchase run out after two years", () => {
    const purchase = at("2024-05-01T00:00:00Z");
    const implied = event({
      kind: "implied",
      source: "purchase",
      occurredAt: purchase,
      expiresAt: impliedConsentExpiry(purchase),
    });
    expect(consentStatus([implied], at("2026-04-30T00:00:00Z")).state).toBe("implied");
    expect(consentStatus([implied], at("2026-05-02T00:00:00Z")).state).toBe("none");
  });

  it("ignores events after now", () => {
    expect(consentStatus([event({ occurredAt: at("2026-07-01T00:00:00Z") })], now).state).toBe("none");
  });
});

describe("toE164", () => {
  it.each([
    ["450 555-0142", "+14505550142"],
    ["(450) 555-0142", "+14505550142"],
    ["+1 450 555 0142", "+14505550142"],
    ["1-450-555-0142", "+14505550142"],
    ["450 555-0142 poste 12", "+14505550142"],
    ["+33 1 23 45 67 89", "+33123456789"],
  ])("%s -> %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it("refuses what is not a phone number", () => {
    expect(toE164("555-0142")).toBeNull();
    expect(toE164("bonjour")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  bilingualSmsReply,
  parseSmsKeyword,
  promotionalSmsAllowed,
  torontoMonth,
  transactionalSmsRefusal,
} from "./sms";

describe("SMS keywords", () => {
  it.each([
    ["STOP", "stop"],
    [" stop ", "stop"],
    ["Stop.", "stop"],
    ["ARRET", "stop"],
    ["arrêt", "stop"],
    ["  Arret\n", "stop"],
    ["START", "start"],
    ["start", "start"],
    ["DEBUT", "start"],
    ["début", "start"],
    ["HELP", "help"],
    ["help ", "help"],
    ["AIDE", "help"],
    ["aide", "help"],
    ["INFO", "help"],
    ["Info", "help"],
  ])("reads %j as %s", (body, action) => {
    expect(parseSmsKeyword(body)).toEqual({ action });
  });

  it("answers in French, then English, in one reply", () => {
    expect(bilingualSmsReply({ fr: "Bonjour", en: "Hello" })).toBe("Bonjour\n\nHello");
  });

  it.each(["", "merci", "stop please", "ARRET SVP", "toString", "__proto__"])("ignores %j", (body) => {
    expect(parseSmsKeyword(body)).toBeNull();
  });
});

describe("promotional cap", () => {
  it("allows four a month", () => {
    expect([0, 1, 2, 3, 4, 5].map(promotionalSmsAllowed)).toEqual([true, true, true, true, false, false]);
  });

  it("counts calendar months in Toronto time", () => {
    // 2026-04-01 02:00 UTC is still 22:00 on 31 March in Toronto (EDT).
    expect(torontoMonth(new Date("2026-04-01T02:00:00Z"))).toEqual({
      start: new Date("2026-03-01T05:00:00Z"),
      end: new Date("2026-04-01T04:00:00Z"),
    });
    expect(torontoMonth(new Date("2026-12-15T12:00:00Z"))).toEqual({
      start: new Date("2026-12-01T05:00:00Z"),
      end: new Date("2027-01-01T05:00:00Z"),
    });
  });
});

describe("transactional SMS", () => {
  const now = new Date("2026-03-08T13:00:00Z");
  const booking = {
    bookingSmsConsent: true,
    status: "scheduled" as const,
    startAt: new Date("2026-03-09T13:00:00Z"),
  };

  it("goes to an active booking whose SMS box was ticked", () => {
    expect(transactionalSmsRefusal(booking, now)).toBeNull();
  });

  it("never goes without the booking's box", () => {
    expect(transactionalSmsRefusal({ ...booking, bookingSmsConsent: false }, now)).toBe("NO_CONSENT");
  });

  it("stops once the booking is no longer active", () => {
    expect(transactionalSmsRefusal({ ...booking, status: "cancelled" }, now)).toBe("BOOKING_NOT_ACTIVE");
    expect(transactionalSmsRefusal({ ...booking, startAt: now }, now)).toBe("BOOKING_NOT_ACTIVE");
    expect(transactionalSmsRefusal({ ...booking, status: "completed" }, now)).toBe("BOOKING_NOT_ACTIVE");
  });
});

import { describe, expect, it } from "vitest";
import { parseSmsKeyword, promotionalSmsAllowed, torontoMonth, transactionalSmsRefusal } from "./sms";

describe("SMS keywords", () => {
  it.each([
    ["STOP", "stop", "en"],
    [" stop ", "stop", "en"],
    ["Stop.", "stop", "en"],
    ["ARRET", "stop", "fr"],
    ["arrêt", "stop", "fr"],
    ["  Arret\n", "stop", "fr"],
    ["START", "start", "en"],
    ["start", "start", "en"],
    ["HELP", "help", "en"],
    ["help ", "help", "en"],
    ["AIDE", "help", "fr"],
    ["aide", "help", "fr"],
    ["INFO", "help", "fr"],
    ["Info", "help", "fr"],
  ])("reads %j as %s (%s)", (body, action, language) => {
    expect(parseSmsKeyword(body)).toEqual({ action, language });
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

import { describe, expect, it } from "vitest";
import { freedTimeSmsRefusal } from "./sms";

describe("freedTimeSmsRefusal (ADR 091)", () => {
  const open = { smsConsent: true, stoppedAt: null, lastDay: "2026-03-10" };
  it("allows an open request with its SMS box ticked, up to its last day included", () => {
    expect(freedTimeSmsRefusal(open, "2026-03-06")).toBeNull();
    expect(freedTimeSmsRefusal(open, "2026-03-10")).toBeNull();
  });
  it("refuses without the box, once stopped, past its last day or deleted", () => {
    expect(freedTimeSmsRefusal({ ...open, smsConsent: false }, "2026-03-06")).toBe("NO_CONSENT");
    expect(freedTimeSmsRefusal({ ...open, stoppedAt: new Date(0) }, "2026-03-06")).toBe("NO_CONSENT");
    expect(freedTimeSmsRefusal(open, "2026-03-11")).toBe("BOOKING_NOT_ACTIVE");
    expect(freedTimeSmsRefusal(null, "2026-03-06")).toBe("BOOKING_NOT_ACTIVE");
  });
});

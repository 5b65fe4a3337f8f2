import { describe, expect, it } from "vitest";
import {
  checkPhoneCode,
  isPhoneVerified,
  newPhoneCode,
  PHONE_CODE_MAX_ATTEMPTS,
  PhoneCodeSchema,
} from "./phone-verification";

const now = new Date("2026-11-25T15:00:00Z");
const pending = { phone: "+14505550142", expiresAt: new Date(now.getTime() + 60_000), attempts: 0 };

describe("phone verification rules", () => {
  it("makes codes of six digits, zeros kept", () => {
    expect(newPhoneCode(() => 42)).toBe("000042");
    expect(newPhoneCode((max) => max - 1)).toBe("999999");
  });

  it("reads a typed code with spaces or a dash, and refuses anything else in French", () => {
    expect(PhoneCodeSchema.parse({ code: " 123 456 " }).code).toBe("123456");
    expect(PhoneCodeSchema.parse({ code: "123-456" }).code).toBe("123456");
    for (const code of ["12345", "1234567", "abcdef", "", "1".repeat(500)]) {
      const parsed = PhoneCodeSchema.safeParse({ code });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/code/i);
    }
  });

  it("counts a phone as verified only while it is the verified number", () => {
    expect(isPhoneVerified("450 555-0142", "+14505550142")).toBe(true);
    expect(isPhoneVerified("450 555-0143", "+14505550142")).toBe(false);
    expect(isPhoneVerified("450 555-0142", null)).toBe(false);
    expect(isPhoneVerified(null, "+14505550142")).toBe(false);
  });

  it("accepts the right code once, before it expires and within the attempts", () => {
    const ctx = { currentPhone: "4505550142", matches: true, now };
    expect(checkPhoneCode(pending, ctx)).toBe("ok");
    expect(checkPhoneCode(pending, { ...ctx, matches: false })).toBe("WRONG_CODE");
    expect(checkPhoneCode(null, ctx)).toBe("NO_CODE");
    expect(checkPhoneCode(pending, { ...ctx, currentPhone: "4505550199" })).toBe("NO_CODE");
    expect(checkPhoneCode({ ...pending, expiresAt: now }, ctx)).toBe("EXPIRED");
    expect(checkPhoneCode({ ...pending, attempts: PHONE_CODE_MAX_ATTEMPTS }, ctx)).toBe("TOO_MANY_ATTEMPTS");
  });
});

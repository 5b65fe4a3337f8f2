import { describe, expect, it } from "vitest";
import { redactPath } from "./redact-path.server";

describe("redactPath", () => {
  it("keeps the account API's endpoint and hides what follows it", () => {
    expect(redactPath("/api/auth/reset-password/abcDEF123")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactPath("/api/auth/callback/google")).toBe("/api/auth/callback/[redacted]");
    expect(redactPath("/API/AUTH/reset-password/x/y")).toBe("/API/AUTH/reset-password/[redacted]/[redacted]");
    expect(redactPath("/api/auth/sign-in/email")).toBe("/api/auth/sign-in/email");
    expect(redactPath("/api/auth/verify-email")).toBe("/api/auth/verify-email");
  });

  it("leaves other paths alone", () => {
    expect(redactPath("/auth/reset-password")).toBe("/auth/reset-password");
    expect(redactPath("/booking/abc")).toBe("/booking/abc");
  });
});

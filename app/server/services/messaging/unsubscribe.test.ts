import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe.server";

const key = crypto.randomBytes(32);

describe("unsubscribe tokens", () => {
  it("reads a genuine token and refuses a forged or malformed one without throwing", () => {
    const token = signUnsubscribeToken(key, "email", "lea@example.com");
    expect(verifyUnsubscribeToken(key, token)).toEqual({ channel: "email", address: "lea@example.com" });
    const [payload, signature] = token.split(".") as [string, string];
    // Same length in characters, longer in bytes: once a 500 (timingSafeEqual threw).
    const multiByte = `${payload}.${"é".repeat(signature.length)}`;
    for (const forged of [
      multiByte,
      `${payload}.${"🚿".repeat(16)}`,
      `${payload}.x`,
      `${payload}`,
      `a.b.c`,
      "",
    ]) {
      expect(verifyUnsubscribeToken(key, forged)).toBeNull();
    }
  });
});

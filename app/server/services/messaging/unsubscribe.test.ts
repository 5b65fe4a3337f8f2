import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { acceptedKeysOf, purposeKeyOf } from "../../security/keys.server";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe.server";

const SECRET = "u".repeat(32) + "-unsubscribe-test";
const key = crypto.randomBytes(32);

describe("unsubscribe tokens", () => {
  it("reads a genuine token and refuses a forged or malformed one without throwing", () => {
    const token = signUnsubscribeToken(key, "email", "lea@example.com");
    expect(verifyUnsubscribeToken([key], token)).toEqual({ channel: "email", address: "lea@example.com" });
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
      expect(verifyUnsubscribeToken([key], forged)).toBeNull();
    }
  });

  it("reads a link e-mailed before ADR 101 (the old key), not one of the consent confirmation", () => {
    const accepted = acceptedKeysOf(SECRET, "unsubscribe-link");
    const current = signUnsubscribeToken(
      purposeKeyOf(SECRET, "unsubscribe-link"),
      "email",
      "lea@example.com",
    );
    const oldKey = crypto.createHmac("sha256", SECRET).update("unsubscribe-link-v1").digest();
    const old = signUnsubscribeToken(oldKey, "sms", "+15145550101");
    expect(verifyUnsubscribeToken(accepted, current)).toEqual({
      channel: "email",
      address: "lea@example.com",
    });
    expect(verifyUnsubscribeToken(accepted, old)).toEqual({ channel: "sms", address: "+15145550101" });
    const confirmKey = purposeKeyOf(SECRET, "consent-confirm-link");
    expect(
      verifyUnsubscribeToken(accepted, signUnsubscribeToken(confirmKey, "email", "lea@example.com")),
    ).toBeNull();
  });
});

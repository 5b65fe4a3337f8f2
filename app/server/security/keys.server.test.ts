import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { acceptedKeysOf, purposeKeyOf, signedWithAny, type KeyPurpose } from "./keys.server";

const SECRET = "a".repeat(32) + "-the-secret-of-these-tests";
const OTHER_SECRET = "b".repeat(32) + "-another-secret";

/** A link's token as the review links make it: an HMAC of the booking id, cut to 32 characters. */
const sign = (key: Buffer, bookingId: string) =>
  crypto.createHmac("sha256", key).update(`review:${bookingId}`).digest("base64url").slice(0, 32);

describe("purposeKeyOf", () => {
  it("gives each purpose its own 32-byte key, the same every time", () => {
    const purposes: KeyPurpose[] = [
      "review-link",
      "tip-link",
      "unsubscribe-link",
      "job-payload",
      "phone-code",
    ];
    const keys = purposes.map((purpose) => purposeKeyOf(SECRET, purpose).toString("hex"));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) expect(key).toHaveLength(64);
    expect(purposeKeyOf(SECRET, "review-link").toString("hex")).toBe(keys[0]);
  });

  it("is HKDF-SHA256 of the secret, with the named salt and the purpose as info", () => {
    const expected = crypto.hkdfSync(
      "sha256",
      SECRET,
      "lavage-mobile-prestige/purpose-key/v1",
      "tip-link",
      32,
    );
    expect(purposeKeyOf(SECRET, "tip-link").equals(Buffer.from(expected))).toBe(true);
  });

  it("changes with the secret, and is never the secret nor the old derivation", () => {
    const key = purposeKeyOf(SECRET, "review-link");
    expect(purposeKeyOf(OTHER_SECRET, "review-link").equals(key)).toBe(false);
    expect(key.equals(Buffer.from(SECRET))).toBe(false);
    const legacy = crypto.createHmac("sha256", SECRET).update("review-link-v1").digest();
    expect(key.equals(legacy)).toBe(false);
  });
});

describe("acceptedKeysOf and signedWithAny", () => {
  it("verifies a token made with the current key", () => {
    const token = sign(purposeKeyOf(SECRET, "review-link"), "B-1234");
    expect(signedWithAny(acceptedKeysOf(SECRET, "review-link"), token, (key) => sign(key, "B-1234"))).toBe(
      true,
    );
  });

  it("still verifies a token made with the old derivation (a link e-mailed before ADR 101)", () => {
    const legacyKey = crypto.createHmac("sha256", SECRET).update("review-link-v1").digest();
    const token = sign(legacyKey, "B-1234");
    expect(signedWithAny(acceptedKeysOf(SECRET, "review-link"), token, (key) => sign(key, "B-1234"))).toBe(
      true,
    );
  });

  it("accepts the old keys of the features that used the secret itself", () => {
    const message = "sign-up-browser-v1:user-1:hash";
    const old = crypto.createHmac("sha256", SECRET).update(message).digest("base64url");
    const mac = (key: Buffer) => crypto.createHmac("sha256", key).update(message).digest("base64url");
    expect(signedWithAny(acceptedKeysOf(SECRET, "sign-up-browser"), old, mac)).toBe(true);
    const code = crypto.createHmac("sha256", `assistant-booking:${SECRET}`).update("[]").digest("base64url");
    const codeOf = (key: Buffer) => crypto.createHmac("sha256", key).update("[]").digest("base64url");
    expect(signedWithAny(acceptedKeysOf(SECRET, "assistant-confirmation"), code, codeOf)).toBe(true);
  });

  it("refuses a forged token, one for another booking, another purpose's or another secret's", () => {
    const accepted = acceptedKeysOf(SECRET, "review-link");
    const verify = (token: string) => signedWithAny(accepted, token, (key) => sign(key, "B-1234"));
    const genuine = sign(purposeKeyOf(SECRET, "review-link"), "B-1234");
    const forged = `${genuine.slice(0, 31)}${genuine.endsWith("A") ? "B" : "A"}`;
    expect(verify(forged)).toBe(false);
    expect(verify(sign(purposeKeyOf(SECRET, "review-link"), "B-9999"))).toBe(false);
    expect(verify(sign(purposeKeyOf(SECRET, "tip-link"), "B-1234"))).toBe(false);
    expect(verify(sign(purposeKeyOf(OTHER_SECRET, "review-link"), "B-1234"))).toBe(false);
    expect(verify(sign(crypto.createHmac("sha256", SECRET).update("tip-link-v1").digest(), "B-1234"))).toBe(
      false,
    );
    expect(verify("")).toBe(false);
    expect(verify("é".repeat(32))).toBe(false);
  });
});

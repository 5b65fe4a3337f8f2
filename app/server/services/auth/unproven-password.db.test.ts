import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  hasPassword,
  settleFirstConfirmation,
  SIGN_UP_COOKIE,
  signUpCookieValue,
} from "./unproven-password.server";

const SECRET = "p".repeat(32) + "-unproven-password-test";

describeDatabases("the sign-up browser's cookie (ADR 066, 101)", ({ db }) => {
  /** An account just signed up: not confirmed, with a password (its stored hash is enough here). */
  async function signedUp(): Promise<{ id: string; hash: string }> {
    const id = crypto.randomUUID();
    const hash = `hash-${crypto.randomUUID()}`;
    await db()
      .insert(s.users)
      .values({ id, email: `${id}@example.com`, emailVerified: false, name: "Léa", role: "client" });
    await db().insert(s.accounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
    });
    return { id, hash };
  }

  const withCookie = (value: string) =>
    new Request("http://localhost/api/auth/verify-email", {
      headers: { cookie: `${SIGN_UP_COOKIE}=${value}` },
    });

  it("keeps the password in the browser that signed up, with a cookie of now or of before ADR 101", async () => {
    const now = await signedUp();
    const value = (await signUpCookieValue(db(), SECRET, now.id))!;
    // Not the secret's own HMAC any more.
    const byTheSecret = crypto
      .createHmac("sha256", SECRET)
      .update(`sign-up-browser-v1:${now.id}:${now.hash}`)
      .digest("base64url");
    expect(value).not.toContain(byTheSecret);
    await settleFirstConfirmation(db(), SECRET, now.id, withCookie(value));
    expect(await hasPassword(db(), now.id)).toBe(true);

    const before = await signedUp();
    const old = crypto
      .createHmac("sha256", SECRET)
      .update(`sign-up-browser-v1:${before.id}:${before.hash}`)
      .digest("base64url");
    await settleFirstConfirmation(db(), SECRET, before.id, withCookie(`${before.id}.${old}`));
    expect(await hasPassword(db(), before.id)).toBe(true);
  });

  it("erases the password when the cookie is forged, another account's, or another secret's", async () => {
    const other = await signedUp();
    const otherValue = (await signUpCookieValue(db(), SECRET, other.id))!;
    for (const cookie of [
      (id: string) => `${id}.${otherValue.split(".")[1]}`,
      (id: string) => `${id}.${"A".repeat(43)}`,
      () => otherValue,
    ]) {
      const victim = await signedUp();
      await settleFirstConfirmation(db(), SECRET, victim.id, withCookie(cookie(victim.id)));
      expect(await hasPassword(db(), victim.id)).toBe(false);
    }
    const victim = await signedUp();
    const foreign = (await signUpCookieValue(db(), `${SECRET}-other`, victim.id))!;
    await settleFirstConfirmation(db(), SECRET, victim.id, withCookie(foreign));
    expect(await hasPassword(db(), victim.id)).toBe(false);
    expect(await db().select().from(s.accounts).where(eq(s.accounts.userId, victim.id))).toHaveLength(1);
  });
});

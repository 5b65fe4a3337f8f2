import crypto from "node:crypto";
import { resolveAuthSecret } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";

/**
 * The personal link of a review request (ADR 049): /review/{bookingId}?token=… where the token is
 * an HMAC of the booking id with a key derived from the application secret, as the unsubscribe
 * links (ADR 015). It needs no table and cannot be made for another booking.
 */

let cachedKey: { secret: string; key: Buffer } | undefined;

async function signingKey(db: Db | Tx): Promise<Buffer> {
  const secret = await resolveAuthSecret(db as Db);
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("review-link-v1").digest() };
  }
  return cachedKey.key;
}

export function signReviewToken(key: Buffer, bookingId: string): string {
  return crypto.createHmac("sha256", key).update(`review:${bookingId}`).digest("base64url").slice(0, 32);
}

export function verifyReviewToken(key: Buffer, bookingId: string, token: string): boolean {
  const given = Buffer.from(token, "utf8");
  const expected = Buffer.from(signReviewToken(key, bookingId), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function reviewToken(db: Db | Tx, bookingId: string): Promise<string> {
  return signReviewToken(await signingKey(db), bookingId);
}

export async function isReviewTokenValid(db: Db | Tx, bookingId: string, token: string): Promise<boolean> {
  return token !== "" && verifyReviewToken(await signingKey(db), bookingId, token);
}

/** The absolute link the e-mail and the SMS carry. */
export async function reviewUrlFor(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}/review/${bookingId}?token=${await reviewToken(db, bookingId)}`;
}

import crypto from "node:crypto";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";

/**
 * The personal link of a review request (ADR 049): /review/{bookingId}?token=… where the token is
 * an HMAC of the booking id with the "review-link" key (ADR 101), as the unsubscribe links
 * (ADR 015). It needs no table and cannot be made for another booking.
 */

export function signReviewToken(key: Buffer, bookingId: string): string {
  return crypto.createHmac("sha256", key).update(`review:${bookingId}`).digest("base64url").slice(0, 32);
}

export async function reviewToken(db: Db | Tx, bookingId: string): Promise<string> {
  return signReviewToken(await purposeKey(db, "review-link"), bookingId);
}

export async function isReviewTokenValid(db: Db | Tx, bookingId: string, token: string): Promise<boolean> {
  if (token === "") return false;
  return signedWithAny(await acceptedKeys(db, "review-link"), token, (key) =>
    signReviewToken(key, bookingId),
  );
}

/** The absolute link the e-mail and the SMS carry. */
export async function reviewUrlFor(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}/review/${bookingId}?token=${await reviewToken(db, bookingId)}`;
}

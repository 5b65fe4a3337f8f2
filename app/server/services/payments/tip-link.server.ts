import crypto from "node:crypto";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";

/**
 * The personal link of a booking's tip page (ADR 079): /tip/{bookingId}?token=… where the token is
 * an HMAC of the booking id with the "tip-link" key (ADR 101), as the review links (ADR 049): no
 * table, and it cannot be made for another booking.
 */

function sign(key: Buffer, bookingId: string): string {
  return crypto.createHmac("sha256", key).update(`tip:${bookingId}`).digest("base64url").slice(0, 32);
}

export async function tipToken(db: Db | Tx, bookingId: string): Promise<string> {
  return sign(await purposeKey(db, "tip-link"), bookingId);
}

export async function isTipTokenValid(db: Db | Tx, bookingId: string, token: string): Promise<boolean> {
  if (token === "") return false;
  return signedWithAny(await acceptedKeys(db, "tip-link"), token, (key) => sign(key, bookingId));
}

/** The absolute link the completion e-mail and SMS carry. */
export async function tipUrlFor(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}/tip/${bookingId}?token=${await tipToken(db, bookingId)}`;
}

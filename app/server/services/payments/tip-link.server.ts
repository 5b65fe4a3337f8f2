import crypto from "node:crypto";
import { resolveAuthSecret } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";

/**
 * The personal link of a booking's tip page (ADR 079): /tip/{bookingId}?token=… where the token is
 * an HMAC of the booking id with a key derived from the application secret, as the review links
 * (ADR 049): no table, and it cannot be made for another booking.
 */

let cachedKey: { secret: string; key: Buffer } | undefined;

async function signingKey(db: Db | Tx): Promise<Buffer> {
  const secret = await resolveAuthSecret(db as Db);
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("tip-link-v1").digest() };
  }
  return cachedKey.key;
}

function sign(key: Buffer, bookingId: string): string {
  return crypto.createHmac("sha256", key).update(`tip:${bookingId}`).digest("base64url").slice(0, 32);
}

export async function tipToken(db: Db | Tx, bookingId: string): Promise<string> {
  return sign(await signingKey(db), bookingId);
}

export async function isTipTokenValid(db: Db | Tx, bookingId: string, token: string): Promise<boolean> {
  if (token === "") return false;
  const given = Buffer.from(token, "utf8");
  const expected = Buffer.from(sign(await signingKey(db), bookingId), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The absolute link the completion e-mail and SMS carry. */
export async function tipUrlFor(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}/tip/${bookingId}?token=${await tipToken(db, bookingId)}`;
}

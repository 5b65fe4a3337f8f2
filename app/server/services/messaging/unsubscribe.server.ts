import crypto from "node:crypto";
import type { ConsentChannel } from "~/domain/messaging/consent";
import { BUSINESS } from "~/lib/business";
import { resolveAuthSecret } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { consentAddress, recordConsent } from "./consent.server";

/**
 * Unsubscribe links (ADR 015): the token names a channel and an address and carries an HMAC
 * made with a key derived from the application secret, so it cannot be forged for another
 * address and needs no table. It does not expire: an unsubscribe link must keep working.
 */

const cachedKeys = new Map<string, { secret: string; key: Buffer }>();

/**
 * The secret each database gave, once: without BETTER_AUTH_SECRET, `resolveAuthSecret` writes
 * and reads it back (two statements), and the stored one never changes (insert-if-absent). Each
 * booking's confirmation e-mail signs a link: the mail job no longer asks again (ADR 054).
 */
const storedSecrets = new WeakMap<object, string>();

/** The key of one kind of signed link, derived from the application secret and the link's purpose. */
export async function signedLinkKey(db: Db | Tx, purpose = "unsubscribe-link-v1"): Promise<Buffer> {
  let secret = env().BETTER_AUTH_SECRET || storedSecrets.get(db);
  if (!secret) {
    secret = await resolveAuthSecret(db as Db);
    storedSecrets.set(db, secret);
  }
  let cached = cachedKeys.get(purpose);
  if (cached?.secret !== secret) {
    cached = { secret, key: crypto.createHmac("sha256", secret).update(purpose).digest() };
    cachedKeys.set(purpose, cached);
  }
  return cached.key;
}

const signingKey = (db: Db | Tx) => signedLinkKey(db);

function mac(key: Buffer, payload: string): string {
  return crypto.createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32);
}

export function signUnsubscribeToken(key: Buffer, channel: ConsentChannel, address: string): string {
  const payload = Buffer.from(`${channel}:${address}`, "utf8").toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
): { channel: ConsentChannel; address: string } | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  // Buffers compared by byte length: a multi-byte character makes a string of the same length
  // longer in bytes, and timingSafeEqual throws on buffers of different lengths.
  const given = Buffer.from(signature, "utf8");
  const expected = Buffer.from(mac(key, payload), "utf8");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const decoded = Buffer.from(payload, "base64url").toString("utf8");
  const colon = decoded.indexOf(":");
  const channel = decoded.slice(0, colon);
  const address = decoded.slice(colon + 1);
  if ((channel !== "email" && channel !== "sms") || address === "") return null;
  return { channel, address };
}

/** The signed token of one address (normalized as in the ledger). */
export async function unsubscribeToken(
  db: Db | Tx,
  channel: ConsentChannel,
  rawAddress: string,
): Promise<string> {
  const address = consentAddress(channel, rawAddress);
  if (!address) throw new Error("unusable address for an unsubscribe link");
  return signUnsubscribeToken(await signingKey(db), channel, address);
}

/** The page a person opens from the e-mail: /unsubscribe?token=… */
export async function unsubscribePageUrl(
  db: Db | Tx,
  channel: ConsentChannel,
  address: string,
): Promise<string> {
  return `${env().PUBLIC_URL}/unsubscribe?token=${await unsubscribeToken(db, channel, address)}`;
}

/** The RFC 8058 one-click target of the List-Unsubscribe header (POST). */
export async function oneClickUnsubscribeUrl(
  db: Db | Tx,
  channel: ConsentChannel,
  address: string,
): Promise<string> {
  return `${env().PUBLIC_URL}/api/unsubscribe?token=${await unsubscribeToken(db, channel, address)}`;
}

/** The List-Unsubscribe headers (RFC 2369, one-click RFC 8058) of a commercial e-mail to `to`. */
export async function listUnsubscribeHeaders(db: Db | Tx, to: string): Promise<Record<string, string>> {
  const oneClick = await oneClickUnsubscribeUrl(db, "email", to);
  return {
    "List-Unsubscribe": `<${oneClick}>, <mailto:${BUSINESS.email}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The address a token names, or null when the token is not genuine. */
export async function readUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ channel: ConsentChannel; address: string } | null> {
  return verifyUnsubscribeToken(await signingKey(db), token);
}

/**
 * Records the withdrawal a genuine token asks for (a 'withdrawn' event in the consent ledger,
 * source unsubscribe_link). Null when the token is not genuine. Repeating it is harmless.
 */
export async function unsubscribeWithToken(
  db: Db,
  token: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ channel: ConsentChannel; address: string } | null> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return null;
  await recordConsent(db, {
    channel: target.channel,
    address: target.address,
    kind: "express",
    action: "withdrawn",
    source: "unsubscribe_link",
    now,
  });
  return target;
}

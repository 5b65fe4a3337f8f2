import crypto from "node:crypto";
import type { ConsentChannel } from "~/domain/messaging/consent";
import { BUSINESS } from "~/lib/business";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { consentAddress, recordConsent } from "./consent.server";

/**
 * Unsubscribe links (ADR 015): the token names a channel and an address and carries an HMAC
 * made with the "unsubscribe-link" key (ADR 101), so it cannot be forged for another address and
 * needs no table. It does not expire: an unsubscribe link must keep working.
 */

function mac(key: Buffer, payload: string): string {
  return crypto.createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32);
}

export function signUnsubscribeToken(key: Buffer, channel: ConsentChannel, address: string): string {
  const payload = Buffer.from(`${channel}:${address}`, "utf8").toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

/** The channel and address of a token signed with one of `keys`, or null. */
export function verifyUnsubscribeToken(
  keys: readonly Buffer[],
  token: string,
): { channel: ConsentChannel; address: string } | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  if (!signedWithAny(keys, signature, (key) => mac(key, payload))) return null;
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
  return signUnsubscribeToken(await purposeKey(db, "unsubscribe-link"), channel, address);
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
  return verifyUnsubscribeToken(await acceptedKeys(db, "unsubscribe-link"), token);
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

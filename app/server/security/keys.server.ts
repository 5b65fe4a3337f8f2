/**
 * One key per purpose (ADR 101). The application secret (BETTER_AUTH_SECRET, or the one kept in
 * the database) is the key of nothing but better-auth: every feature that signs a link, seals a
 * value or hashes a code asks here for its own 32-byte key, derived with HKDF-SHA256 (RFC 5869;
 * the secret as input, a fixed salt, the purpose as info). A purpose is a name from the closed
 * list below: a new feature adds its own name, never reuses another's key.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import type { Db, Tx } from "../db.server";
import { env } from "../env.server";
import { remember } from "../remember.server";

/** What a key is for; each name gives a different key (HKDF's info). */
export type KeyPurpose =
  /** The secrets a job's payload carries, sealed (ADR 068). */
  | "job-payload"
  /** The calendar feeds' tokens, kept sealed so the page can show them again (ADR 082). */
  | "calendar-feed-token"
  /** Unsubscribe links (ADR 015). */
  | "unsubscribe-link"
  /** The double opt-in's confirmation links (ADR 071). */
  | "consent-confirm-link"
  /** Review request links (ADR 049). */
  | "review-link"
  /** Tip links (ADR 079). */
  | "tip-link"
  /** The booking's payment page (ADR 074). */
  | "booking-payment-link"
  /** The wash report's photo links (ADR 088). */
  | "job-photo-link"
  /** The franchise application's photo links, valid 7 days (ADR 076). */
  | "application-photo-link"
  /** The franchise application's e-mail confirmation link (ADR 043). */
  | "application-email-link"
  /** The gift-card buyer's purchase page (ADR 087). */
  | "gift-card-purchase-link"
  /** The hashes of the phone verification codes (ADR 043). */
  | "phone-code"
  /** The sign-up browser's cookie (ADR 066). */
  | "sign-up-browser"
  /** The first answer's manage token kept sealed under a booking request's key (ADR 068). */
  | "booking-request-seal"
  /** The assistant's booking confirmation codes. */
  | "assistant-confirmation"
  /** Our signed cookies: the flash toast, the cart, the application's receipt (React Router's). */
  | "signed-cookie";

/** HKDF's salt: fixed, and named so that these keys are nobody else's derivation of the secret. */
const PURPOSE_KEY_SALT = "lavage-mobile-prestige/purpose-key/v1";

/** BETTER_AUTH_SECRET, or one generated once and kept in the database for every instance. */
export async function resolveAuthSecret(db: Db | Tx): Promise<string> {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  await db
    .insert(schema.appSettings)
    .values({ key: "auth_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: schema.appSettings.value })
    .from(schema.appSettings)
    .where(eq(schema.appSettings.key, "auth_secret"));
  if (!row) throw new Error("auth secret missing");
  return row.value;
}

/**
 * The secret each database handle gave, once: without BETTER_AUTH_SECRET, `resolveAuthSecret`
 * writes and reads it back (two statements), and the stored one never changes (insert-if-absent).
 * A booking's confirmation e-mail signs links: the mail job does not ask again (ADR 054).
 */
const storedSecrets = new WeakMap<object, Promise<string>>();

function applicationSecret(db: Db | Tx): Promise<string> {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  let secret = storedSecrets.get(db);
  if (!secret) {
    secret = resolveAuthSecret(db);
    storedSecrets.set(db, secret);
    secret.catch(() => storedSecrets.delete(db));
  }
  return secret;
}

/** The keys made so far, per secret then per purpose (a process has one secret; tests a few). */
const derived = remember("security.purposeKeys", () => new Map<string, Map<KeyPurpose, Buffer>>());

/** The key of `purpose` under `secret`: HKDF-SHA256, 32 bytes. */
export function purposeKeyOf(secret: string, purpose: KeyPurpose): Buffer {
  let keys = derived.get(secret);
  if (!keys) {
    if (derived.size >= 8) derived.clear();
    keys = new Map();
    derived.set(secret, keys);
  }
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, PURPOSE_KEY_SALT, purpose, 32));
    keys.set(purpose, key);
  }
  return key;
}

/** The key of `purpose` under the application secret of `db`. */
export async function purposeKey(db: Db | Tx, purpose: KeyPurpose): Promise<Buffer> {
  return purposeKeyOf(await applicationSecret(db), purpose);
}

const labelled = (label: string) => (secret: string) =>
  crypto.createHmac("sha256", secret).update(label).digest();

/**
 * How each purpose's key was made before ADR 101: mostly an HMAC of a label with the secret;
 * four used the secret itself as their HMAC key (their label, if any, sits in their message).
 * Links already e-mailed and values already sealed or stored were made with these, so they are
 * still accepted when verifying or opening, never used to make anything new.
 *
 * When it can go: once the longest-lived of them has had its life. The short-lived ones end
 * first (a phone code in 10 minutes, the sign-up cookie in 24 hours, an application photo link in
 * 7 days, the cart and application-receipt cookies in 30; a waiting job, a booking request's
 * sealed token and the payment page at the booking horizon); the longest are the links with no expiry, the unsubscribe link first (CASL
 * wants it to work at least 60 days after the e-mail; an old e-mail's link should still work),
 * then review, tip, report photo, application and consent confirmation links, and the calendar
 * feeds' sealed tokens (kept until renewed). ADR 101 keeps this list until 2027-11-29 at least,
 * and the calendar feeds' tokens must be sealed again with the new key before it goes.
 */
const LEGACY_DERIVATION: Record<KeyPurpose, (secret: string) => Buffer> = {
  "job-payload": labelled("jobs.payload"),
  // The feeds' tokens were sealed under the jobs' key.
  "calendar-feed-token": labelled("jobs.payload"),
  "unsubscribe-link": labelled("unsubscribe-link-v1"),
  "consent-confirm-link": labelled("consent-confirm-link-v1"),
  "review-link": labelled("review-link-v1"),
  "tip-link": labelled("tip-link-v1"),
  "booking-payment-link": labelled("booking-payment-v1"),
  "job-photo-link": labelled("job-photo-v1"),
  "application-photo-link": labelled("application-photo-link-v1"),
  "application-email-link": labelled("application-email-v1"),
  "gift-card-purchase-link": labelled("gift-card-purchase-v1"),
  "phone-code": labelled("phone-code-v1"),
  "sign-up-browser": (secret) => Buffer.from(secret, "utf8"),
  "booking-request-seal": (secret) => Buffer.from(secret, "utf8"),
  "assistant-confirmation": (secret) => Buffer.from(`assistant-booking:${secret}`, "utf8"),
  "signed-cookie": (secret) => Buffer.from(secret, "utf8"),
};

/** The key `purpose` had before ADR 101: only to verify or open what was made with it. */
function legacyPurposeKey(secret: string, purpose: KeyPurpose): Buffer {
  return LEGACY_DERIVATION[purpose](secret);
}

/** The keys a token or sealed value of `purpose` may have been made with: the current one first. */
export function acceptedKeysOf(secret: string, purpose: KeyPurpose): readonly Buffer[] {
  return [purposeKeyOf(secret, purpose), legacyPurposeKey(secret, purpose)];
}

/** `acceptedKeysOf` under the application secret of `db`. */
export async function acceptedKeys(db: Db | Tx, purpose: KeyPurpose): Promise<readonly Buffer[]> {
  return acceptedKeysOf(await applicationSecret(db), purpose);
}

/**
 * Whether `given` is what `sign` makes with one of `keys`, compared in constant time (by byte
 * length first: timingSafeEqual throws on buffers of different lengths, and a multi-byte
 * character makes a string of the same length longer in bytes).
 */
export function signedWithAny(
  keys: readonly Buffer[],
  given: string,
  sign: (key: Buffer) => string,
): boolean {
  const actual = Buffer.from(given, "utf8");
  return keys.some((key) => {
    const expected = Buffer.from(sign(key), "utf8");
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  });
}

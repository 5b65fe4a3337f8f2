/**
 * The secrets a job carries (ADR 068): the manage link's token of a booking e-mail or reminder,
 * the reset, invitation or confirmation link of an account e-mail. They are sealed (AES-256-GCM,
 * a key derived from the server secret) when the job is written and opened when a worker claims
 * it, so `jobs.payload` never holds them in clear: not while the job waits (a reminder, up to
 * the booking horizon), nor once it ran, failed or died. The key is the server secret's
 * "job-payload" key (ADR 101).
 */
import crypto from "node:crypto";
import { remember } from "../remember.server";
import { acceptedKeysOf } from "../security/keys.server";
import { isSealed, openWith, sealWith } from "../security/seal.server";

/** The payload fields that hold a secret. */
export const SECRET_FIELDS = ["manageToken", "url"] as const;

const holder = remember("jobs.secretKey", (): { __jobSecretKeys?: readonly Buffer[] } => ({}));

/**
 * The keys, from the server secret (BETTER_AUTH_SECRET or the one kept in the database): every
 * process that writes or runs jobs sets them (bootstrap, `npm run worker`). Until then a key of
 * this process alone is used (a test, a script that writes and runs its own jobs).
 */
export function configureJobSecrets(secret: string): void {
  holder.__jobSecretKeys = acceptedKeysOf(secret, "job-payload");
}

/** The key that seals first, then the one a value sealed before ADR 101 may need to open. */
function keys(): readonly Buffer[] {
  holder.__jobSecretKeys ??= [crypto.randomBytes(32)];
  return holder.__jobSecretKeys;
}

/** `value` sealed: "sealed:v1:" and the base64url of the IV, the tag and the ciphertext. */
export function sealJobSecret(value: string): string {
  return sealWith(keys()[0]!, value);
}

/** The value sealed, or null when it cannot be opened (another key: the secret changed). */
export function openJobSecret(sealed: string): string | null {
  return openWith(keys(), sealed);
}

function mapSecrets<T>(payload: T, map: (value: string) => string | null): T {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return payload;
  const fields = payload as Record<string, unknown>;
  if (!SECRET_FIELDS.some((field) => typeof fields[field] === "string")) return payload;
  const copy: Record<string, unknown> = { ...fields };
  for (const field of SECRET_FIELDS) {
    const value = copy[field];
    if (typeof value !== "string") continue;
    const mapped = map(value);
    if (mapped === null) delete copy[field];
    else copy[field] = mapped;
  }
  return copy as T;
}

/** The payload as stored: its secret fields sealed. */
export function sealPayload<T>(payload: T): T {
  return mapSecrets(payload, (value) => (isSealed(value) ? value : sealJobSecret(value)));
}

/**
 * The payload as the handler reads it: its secret fields opened. One that cannot be opened is
 * left out: a booking e-mail then goes without its link (as a change by the owner does), an
 * account e-mail without its link is not sent.
 */
export function openPayload<T>(payload: T): T {
  return mapSecrets(payload, openJobSecret);
}

/**
 * Values kept sealed (AES-256-GCM) under one purpose's key (ADR 101): a job's secrets (ADR 068),
 * a calendar feed's token (ADR 082). The text is "sealed:v1:" and the base64url of the IV, the
 * tag and the ciphertext.
 */
import crypto from "node:crypto";

const PREFIX = "sealed:v1:";

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** `value` sealed under `key`. */
export function sealWith(key: Buffer, value: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * The value sealed, opened with the first of `keys` that opens it (the current key, then the one
 * before ADR 101); null when none does (the secret changed). A value not sealed is given back.
 */
export function openWith(keys: readonly Buffer[], sealed: string): string | null {
  if (!isSealed(sealed)) return sealed;
  const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  for (const key of keys) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // Not this key: the next one.
    }
  }
  return null;
}
